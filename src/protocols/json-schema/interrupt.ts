import { type FormModel, type Result, quoted } from "../../model/index.js";
import type { Report } from "../report/index.js";
import { type SchemaFormExtension, extensionsFor } from "./extension.js";
import { Keywords, isRecord } from "./keywords.js";
import type { SchemaLayer } from "./layer.js";
import { readRequestedSchema, schemaForm } from "./read-schema.js";

// What the protocols whose form is an agent's interrupt (ag-ui, langgraph, mastra) read the same way around the
// schema: the interrupt object with the members it does not know read past, a closed schema, the
// failure when no interrupt is found, and the form.

/** The interrupt's members, those outside `keys` read past with a warning each (`what` names the interrupt). */
export function interruptKeywords(
  object: Record<string, unknown>,
  report: Report,
  keys: readonly string[],
  what: string,
): Keywords {
  const interrupt = new Keywords(object, report);
  interrupt.ignoreOthers(
    keys,
    (key) => `The key ${quoted(key)} is not a member of ${what}, so it is ignored and not carried.`,
  );
  return interrupt;
}

/** No interrupt to read: `form_not_found` when the input holds none (or not the one named), else `invalid_form`. */
export function noInterrupt(report: Report): Result<never> {
  const none = report.errors.some((issue) => issue.code === "form_not_found" || issue.code === "no_form");
  return report.fail(none ? "form_not_found" : "invalid_form");
}

/**
 * The schema without its `additionalProperties: false` (what zod writes, and what formgate's answers always are),
 * which is kept as `ext.closed` rather than read by the codec; any other value is an error (`owner` names the schema).
 */
export function openedSchema(schema: unknown, report: Report, ext: { closed?: boolean }, owner: string): unknown {
  if (!isRecord(schema) || !Object.hasOwn(schema, "additionalProperties")) return schema;
  const { additionalProperties, ...rest } = schema;
  if (additionalProperties === false) ext.closed = true;
  else
    report
      .at("additionalProperties")
      .error(
        "unknown_key",
        `${owner} \`additionalProperties\` must be false if present: a form's answers are its questions' answers ` +
          "only, so other properties cannot be read.",
      );
  return rest;
}

/**
 * The form of an interrupt: its id, its schema read by the codec with the protocol's `layer`
 * (undefined where it has none: the problem is reported), its message as the title, and the
 * protocol's wire details.
 */
export function interruptForm(
  id: string | undefined,
  message: string | undefined,
  schema: unknown,
  schemaAt: Report,
  layer: SchemaLayer,
  ext: SchemaFormExtension,
): Result<FormModel> {
  const fields = schema === undefined ? undefined : readRequestedSchema(schema, schemaAt, layer, ext);
  return schemaForm({ id, fields, message: message ?? "", extensions: extensionsFor(layer.name, ext) }, schemaAt);
}
