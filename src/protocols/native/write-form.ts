import type { FormModel, Result } from "../../model/index.js";
import { Report } from "../report/index.js";
import type { NativeForm, NativeRequestParams } from "../../../generated/native-request.js";
import { wrapMrtr, writeRequestSchema } from "../json-schema/index.js";
import { formExtension } from "./extensions.js";
import { openaiLayer } from "./layer.js";

/**
 * Compiles a model form to the params of `openai/elicitation/create`:
 * `{ mode: "form", message, requestedSchema }`, one property per field in field order,
 * `required` listing exactly the required fields. Capabilities, layout and timeout are
 * never part of it. What native cannot say is returned as warnings.
 */
export function writeNativeForm(form: FormModel): Result<NativeRequestParams> {
  const report = Report.start();
  const written = writeRequestSchema(form, openaiLayer, report);
  if (!written.ok) return written;
  const ext = formExtension(form);
  const params = (
    ext.modeOmitted ? { message: headerOf(form) } : { mode: "form", message: headerOf(form) }
  ) as NativeRequestParams;
  params.requestedSchema = written.value as NativeForm;
  if (ext.meta !== undefined) params._meta = structuredClone(ext.meta);
  return report.result("unsupported_form", ext.mrtr ? wrapMrtr(params) : params);
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
