import { type FormModel, type Issue, type Result, emptyRecord, failure, problem, success, warning } from "../../model/index.js";
import type { NativeForm, NativeProperty, NativeRequestParams } from "../../../generated/native-request.js";
import { formExtension } from "./extensions.js";
import { MRTR_META_KEY } from "./read-form.js";
import { warnOtherExtensions, writeField } from "./write-field.js";

/**
 * Compiles a model form to the params of `openai/elicitation/create`:
 * `{ mode: "form", message, requestedSchema }`, one property per field in field order,
 * `required` listing exactly the required fields. Capabilities, layout and timeout are
 * never part of it. What native cannot say is returned as warnings.
 */
export function writeNativeForm(form: FormModel): Result<NativeRequestParams> {
  const warnings: Issue[] = [];
  const duplicates = duplicateIds(form);
  if (duplicates.length > 0) return failure("invalid_form", duplicates);
  for (const key of ["id", "description", "submitLabel", "lang"] as const) {
    if (form[key] !== undefined) warnings.push(warning("dropped", [key], "has no native form (a native request has a message and fields only)"));
  }
  warnOtherExtensions(form.extensions, [], warnings);
  const ext = formExtension(form);
  const properties = emptyRecord<NativeProperty>();
  form.fields.forEach((field, index) => {
    properties[field.id] = writeField(field, ["fields", index], warnings);
  });
  const schema: NativeForm = { type: "object", properties };
  if (ext.schemaUri !== undefined) schema.$schema = ext.schemaUri;
  const required = form.fields.filter((field) => field.required).map((field) => field.id);
  const order = ext.requiredOrder;
  const sameSet = order !== undefined && order.length === required.length && required.every((id) => order.includes(id));
  if (!(ext.requiredOmitted && required.length === 0)) schema.required = sameSet ? [...order] : required;

  const params = { mode: "form", message: headerOf(form) } as NativeRequestParams;
  const meta = ext.meta === undefined ? undefined : structuredClone(ext.meta);
  if (ext.mrtr) {
    params.requestedSchema = { type: "object", properties: {} };
    const outer = (meta?.[MRTR_META_KEY] ?? {}) as Record<string, unknown>;
    params._meta = { ...meta, [MRTR_META_KEY]: { ...outer, requestedSchema: schema } };
  } else {
    params.requestedSchema = schema;
    if (meta !== undefined) params._meta = meta;
  }
  return success(params, warnings);
}

/**
 * The native `message`. A single text field whose label is the form title would show the
 * same words twice: the header is left empty and the field keeps its visible, accessible
 * label (docs/native.md, "Single text question").
 */
export function headerOf(form: FormModel): string {
  const [only, ...others] = form.fields;
  if (others.length === 0 && only?.kind === "text" && only.label !== undefined && only.label === form.title) return "";
  return form.title ?? "";
}

function duplicateIds(form: FormModel): Issue[] {
  const seen = new Set<string>();
  const issues: Issue[] = [];
  form.fields.forEach((field, index) => {
    if (seen.has(field.id)) issues.push(problem("duplicate_id", ["fields", index, "id"], `repeats the field id "${field.id}"; native property names must be unique`));
    seen.add(field.id);
  });
  return issues;
}
