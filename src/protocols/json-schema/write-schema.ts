import {
  type FormKey,
  type FormModel,
  type Issue,
  type Result,
  emptyRecord,
  fallbackTitle,
  named,
  quoted,
  success,
  unwrittenFormKeys,
} from "../../model/index.js";
import type { Report } from "../report/index.js";
import { SCHEMA_FORM_KEYS } from "./envelope.js";
import { type SchemaFormExtension, extensionOf } from "./extension.js";
import { type SchemaLayer, formName } from "./layer.js";
import { writeField } from "./write-field.js";
import { type SchemaProperty, warnOtherExtensions } from "./write-parts.js";

/**
 * A `requestedSchema` as written. A type, not an interface: its implicit index signature lets it be a
 * `Record<string, unknown>`, the type LangGraph's SDK gives an interrupt's `response_schema`.
 */
export type WrittenSchema = {
  $schema?: string;
  type: "object";
  title?: string;
  description?: string;
  properties: Record<string, SchemaProperty>;
  required?: string[];
};

/**
 * Writes the model's fields as `requestedSchema`: one property per field in field order,
 * `required` listing exactly the required fields. What the protocol cannot say is a warning;
 * what it cannot hold at all (duplicate ids, a field the layer refuses) is an error.
 */
export function writeRequestedSchema(form: FormModel, layer: SchemaLayer, report: Report): WrittenSchema {
  const seen = new Set<string>();
  const questions = form.fields.map((field, index) => report.at("fields", index).question(field.id, index));
  form.fields.forEach((field, index) => {
    if (seen.has(field.id))
      questions[index]
        ?.at("id")
        .error(
          "duplicate_id",
          `Its id ${quoted(field.id)} is used by an earlier question, and the names of a form's properties must ` +
            `be unique.`,
        );
    seen.add(field.id);
  });
  warnOtherExtensions(form.extensions, report, layer);
  const ext = extensionOf<SchemaFormExtension>(form, layer.name);
  const properties = emptyRecord<SchemaProperty>();
  form.fields.forEach((field, index) => {
    const property = writeField(field, questions[index] as Report, layer);
    if (property !== undefined) properties[field.id] = property;
  });
  const schema: WrittenSchema = { type: "object", properties };
  if (ext.schemaUri !== undefined) schema.$schema = ext.schemaUri;
  if (ext.schemaTitle !== undefined) schema.title = ext.schemaTitle;
  if (ext.schemaDescription !== undefined) schema.description = ext.schemaDescription;
  const required = form.fields.filter((field) => field.required).map((field) => field.id);
  const order = ext.requiredOrder;
  const sameSet = order !== undefined && order.length === required.length && required.every((id) => order.includes(id));
  if (!(ext.requiredOmitted && required.length === 0)) schema.required = sameSet ? [...order] : required;
  return schema;
}

/** What a JSON-Schema request holds of a form, for the warnings about the form keys it cannot say. */
export interface RequestHolds {
  /** The form keys it says beside `SCHEMA_FORM_KEYS` (an AG-UI interrupt's `id`). */
  keys?: readonly FormKey[];
  /** What it is called (default: the layer's form, "a standard MCP form"). */
  name?: string;
  /** What it has (default: "a message and questions only"). */
  has?: string;
}

/** The form keys a JSON-Schema request cannot say, a `dropped` warning each (`unwrittenFormKeys`). */
export function unwrittenRequestKeys(form: FormModel, layer: SchemaLayer, holds: RequestHolds = {}): Issue[] {
  const { keys = [], name = formName(layer), has = "a message and questions only" } = holds;
  return unwrittenFormKeys(
    form,
    [...SCHEMA_FORM_KEYS, ...keys],
    (key) => `The form's ${named(key)} has no place in ${name} (it has ${has}), so it is dropped.`,
  );
}

/**
 * The `message` of a standard elicitation request (mcp, acp), which a host shows as the form's heading: the title; for
 * a form without one, empty where the request read had an empty message, else `fallbackTitle` (approximated).
 */
export function requestMessage(form: FormModel, layer: SchemaLayer, report: Report): string {
  if (form.title !== undefined) return form.title;
  if (extensionOf<SchemaFormExtension>(form, layer.name).emptyMessage) return "";
  const message = fallbackTitle(form);
  report
    .at("title")
    .warn(
      "approximated",
      `The form has no title, and ${formName(layer)} shows its message as the heading, so it is written ` +
        `${quoted(message)}.`,
    );
  return message;
}

/**
 * The schema of a request that says only a message and questions (mcp, native, acp): a warning for
 * each form key it cannot say (`unwrittenRequestKeys`), then `requestedSchemaFor`.
 */
export function writeRequestSchema(form: FormModel, layer: SchemaLayer, report: Report): Result<WrittenSchema> {
  report.adopt(unwrittenRequestKeys(form, layer));
  return requestedSchemaFor(form, layer, report);
}

/**
 * `requestedSchema` for the form's questions (warnings reported into `report`), or the error: a
 * question the layer cannot ask is `unsupported_form`, two questions with one id `invalid_form`.
 */
export function requestedSchemaFor(form: FormModel, layer: SchemaLayer, report: Report): Result<WrittenSchema> {
  const schema = writeRequestedSchema(form, layer, report);
  if (report.ok) return success(schema);
  return report.fail(
    report.errors.some((issue) => issue.code === "duplicate_id") ? "invalid_form" : "unsupported_form",
  );
}
