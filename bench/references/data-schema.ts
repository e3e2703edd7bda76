import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/**
 * ajv compiled once on the canonical Data tool input schema, as a hand-rolled server
 * would validate arguments: `unicode: false` (lengths in UTF-16 units, no code point
 * scan), every error, the `uri` format.
 */
export function compileDataSchema() {
  const schema = JSON.parse(
    readFileSync(new URL("../../schemas/data-tool-input.schema.json", import.meta.url), "utf8"),
  ) as object;
  // `unicode: false` still works in ajv 8 but is flagged deprecated: keep the log quiet.
  const ajv = new Ajv2020({ allErrors: true, unicode: false, strict: false, logger: false });
  addFormats.default(ajv);
  return ajv.compile(schema);
}
