import {
  type FormModel,
  type Issue,
  type Result,
  failure,
  success,
  unwrittenFormKeys,
  named,
} from "../../model/index.js";
import type { NativeForm, NativeRequestParams } from "../../../generated/native-request.js";
import { SCHEMA_FORM_KEYS, wrapMrtr, writeRequestedSchema } from "../json-schema/index.js";
import { formExtension } from "./extensions.js";
import { openaiLayer } from "./openai-layer.js";

/**
 * Compiles a model form to the params of `openai/elicitation/create`:
 * `{ mode: "form", message, requestedSchema }`, one property per field in field order,
 * `required` listing exactly the required fields. Capabilities, layout and timeout are
 * never part of it. What native cannot say is returned as warnings.
 */
export function writeNativeForm(form: FormModel): Result<NativeRequestParams> {
  const errors: Issue[] = [];
  const warnings = unwrittenFormKeys(
    form,
    SCHEMA_FORM_KEYS,
    (key) =>
      `The form's ${named(key)} has no place in an OpenAI native form (it has a message and questions only), so ` +
      `it is dropped.`,
  );
  const schema = writeRequestedSchema(form, openaiLayer, warnings, errors) as NativeForm;
  if (errors.length > 0) return failure("invalid_form", errors);
  const ext = formExtension(form);
  const params = (
    ext.modeOmitted ? { message: headerOf(form) } : { mode: "form", message: headerOf(form) }
  ) as NativeRequestParams;
  params.requestedSchema = schema;
  if (ext.meta !== undefined) params._meta = structuredClone(ext.meta);
  return success(ext.mrtr ? wrapMrtr(params) : params, warnings);
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
