import { type FormModel, type Issue, type Result, failure, problem, success, warning } from "../../model/index.js";
import { requestMessage, requestedSchemaFor, unwrittenRequestKeys } from "../json-schema/index.js";
import { acpLayer } from "./acp-layer.js";
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
  const warnings: Issue[] = [];
  const errors: Issue[] = [];
  const ext = formExtension(form);
  const scope = scopeOf(options, ext.scope, errors);
  if (scope === undefined && errors.length === 0)
    warnings.push(
      warning(
        "missing_property",
        ["sessionId"],
        "The request is written without a scope, which ACP requires: the host must add the sessionId (or requestId) " +
          "it sends the elicitation in; pass sessionId to translate, or --session-id to the CLI.",
      ),
    );
  if (errors.length > 0) return failure("invalid_options", errors);
  warnings.push(...unwrittenRequestKeys(form, acpLayer));
  const written = requestedSchemaFor(form, acpLayer, warnings);
  if (!written.ok) return written;
  const schema = written.value;
  const params = {
    ...structuredClone(scope),
    mode: "form",
    message: requestMessage(form, acpLayer, warnings),
    requestedSchema: restoreMeta(schema, ext),
  } as AcpRequestParams;
  if (ext.meta !== undefined) params._meta = structuredClone(ext.meta);
  return success(params, warnings);
}

/** The scope the options name (all strings, as a CLI gives them), or else the one read. */
function scopeOf(options: AcpWriteOptions, read: AcpScope | undefined, errors: Issue[]): AcpScope | undefined {
  const { sessionId, toolCallId, requestId } = options;
  if (sessionId !== undefined && requestId !== undefined) {
    errors.push(
      problem(
        "forbidden_keyword",
        ["requestId"],
        "The options name both a sessionId and a requestId: an ACP elicitation is tied to a session or to a request, " +
          "not both.",
      ),
    );
    return undefined;
  }
  if (toolCallId !== undefined && sessionId === undefined) {
    errors.push(
      problem(
        "missing_property",
        ["sessionId"],
        "The toolCallId option names a tool call of a session: pass the sessionId it belongs to as well.",
      ),
    );
    return undefined;
  }
  if (sessionId !== undefined) return toolCallId === undefined ? { sessionId } : { sessionId, toolCallId };
  if (requestId !== undefined) return { requestId };
  return read;
}
