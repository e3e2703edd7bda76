import type { FormModel, Result } from "../../model/index.js";
import { Report } from "../report/index.js";
import type { McpForm, McpRequestParams } from "../../../generated/mcp-request.js";
import { requestMessage, writeRequestSchema } from "../json-schema/index.js";
import { formExtension } from "./extensions.js";
import { standardLayer } from "./layer.js";

/**
 * Writes a model form as the params of a standard `elicitation/create`:
 * `{ mode: "form", message, requestedSchema }` (without `mode` when the form read had none),
 * in MCP's schema only (2025-11-25; a 2025-06-18 host reads the same, and a 2026-07-28 host
 * takes it as an input request's params). What MCP cannot say is a warning; a question it
 * cannot ask at all (the person's own files) is an error naming it (`unsupported_form`).
 */
export function writeMcpForm(form: FormModel): Result<McpRequestParams> {
  const report = Report.start();
  const written = writeRequestSchema(form, standardLayer, report);
  if (!written.ok) return written;
  const ext = formExtension(form);
  const requestedSchema = written.value as McpForm;
  const message = requestMessage(form, standardLayer, report);
  const params: McpRequestParams = ext.modeOmitted
    ? { message, requestedSchema }
    : { mode: "form", message, requestedSchema };
  if (ext.meta !== undefined) params._meta = structuredClone(ext.meta);
  return report.result("unsupported_form", params);
}
