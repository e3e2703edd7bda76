import type { FormModel, Result } from "../../model/index.js";
import { Report } from "../report/index.js";
import { requestMessage, writeRequestSchema } from "../json-schema/index.js";
import { acpLayer } from "./layer.js";
import { type AcpScope, formExtension } from "./extensions.js";
import { restoreMeta } from "./schema-meta.js";
import type { AcpRequestParams, AcpWriteOptions } from "./wire.js";

/**
 * Writes a model form as the params of ACP's form `elicitation/create`: the scope (the
 * `sessionId` / `toolCallId` or `requestId` option, else the one the form was read with),
 * `mode: "form"`, the message and `requestedSchema` in ACP's schema (MCP's, with `pattern` and
 * option descriptions). Without a scope, the params are written without one and a warning
 * says the host must add it. What ACP cannot say is a warning; a question it cannot ask at
 * all (the person's own files) is an error naming it (`unsupported_form`).
 */
export function writeAcpForm(form: FormModel, options: AcpWriteOptions = {}): Result<AcpRequestParams> {
  const report = Report.start();
  const ext = formExtension(form);
  const scope = scopeOf(options, ext.scope, report);
  if (!report.ok) return report.fail("invalid_options");
  if (scope === undefined)
    report
      .at("sessionId")
      .warn(
        "missing_property",
        "The request is written without a scope, which ACP requires: the host must add the sessionId (or requestId) " +
          "it sends the elicitation in; pass sessionId to translate, or --session-id to the CLI.",
      );
  const written = writeRequestSchema(form, acpLayer, report);
  if (!written.ok) return written;
  const params = {
    ...structuredClone(scope),
    mode: "form",
    message: requestMessage(form, acpLayer, report),
    requestedSchema: restoreMeta(written.value, ext),
  } as AcpRequestParams;
  if (ext.meta !== undefined) params._meta = structuredClone(ext.meta);
  return report.result("unsupported_form", params);
}

/** The scope the options name (all strings, as a CLI gives them), or else the one read. */
function scopeOf(options: AcpWriteOptions, read: AcpScope | undefined, report: Report): AcpScope | undefined {
  const { sessionId, toolCallId, requestId } = options;
  if (sessionId !== undefined && requestId !== undefined) {
    report
      .at("requestId")
      .error(
        "forbidden_keyword",
        "The options name both a sessionId and a requestId: an ACP elicitation is tied to a session or to a request, " +
          "not both.",
      );
    return undefined;
  }
  if (toolCallId !== undefined && sessionId === undefined) {
    report
      .at("sessionId")
      .error(
        "missing_property",
        "The toolCallId option names a tool call of a session: pass the sessionId it belongs to as well.",
      );
    return undefined;
  }
  if (sessionId !== undefined) return toolCallId === undefined ? { sessionId } : { sessionId, toolCallId };
  if (requestId !== undefined) return { requestId };
  return read;
}
