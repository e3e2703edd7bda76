import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/** Compiles a canonical schema from schemas/ with ajv, as a reference validator for tests. */
export function compileSchema(file: string) {
  const schema = JSON.parse(readFileSync(new URL(`../../schemas/${file}`, import.meta.url), "utf8"));
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
  addFormats.default(ajv);
  return ajv.compile(schema);
}
