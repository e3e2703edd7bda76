import {
  type FormModel,
  type Issue,
  type Result,
  failure,
  success,
  unwrittenFormKeys,
  named,
} from "../../model/index.js";
import type { McpForm, McpRequestParams } from "../../../generated/mcp-request.js";
import { SCHEMA_FORM_KEYS, writeRequestedSchema } from "../json-schema/index.js";
import { formExtension } from "./extensions.js";
import { standardLayer } from "./standard-layer.js";

/**
 * Writes a model form as the params of a standard `elicitation/create`:
 * `{ mode: "form", message, requestedSchema }` (without `mode` when the form read had none),
 * in MCP's schema only (2025-11-25; a 2025-06-18 host reads the same, and a 2026-07-28 host
 * takes it as an input request's params). What MCP cannot say is a warning; a question it
 * cannot ask at all (the person's own files) is an error naming it (`unsupported_form`).
 */
export function writeMcpForm(form: FormModel): Result<McpRequestParams> {
  const errors: Issue[] = [];
  const warnings = unwrittenFormKeys(
    form,
    SCHEMA_FORM_KEYS,
    (key) =>
      `The form's ${named(key)} has no place in a standard MCP form (it has a message and questions only), so ` +
      `it is dropped.`,
  );
  const requestedSchema = writeRequestedSchema(form, standardLayer, warnings, errors) as McpForm;
  if (errors.length > 0)
    return failure(errors.some((issue) => issue.code === "duplicate_id") ? "invalid_form" : "unsupported_form", errors);
  const ext = formExtension(form);
  const params: McpRequestParams = ext.modeOmitted
    ? { message: form.title ?? "", requestedSchema }
    : { mode: "form", message: form.title ?? "", requestedSchema };
  if (ext.meta !== undefined) params._meta = structuredClone(ext.meta);
  return success(params, warnings);
}
