import {
  type Field,
  type FormModel,
  type Issue,
  type PathSegment,
  type Result,
  failure,
  invisibleTextWarnings,
  jsonValueProblem,
  problem,
  success,
  warning,
} from "../../model/index.js";
import {
  ELICITATION_METHOD,
  Keywords,
  type SchemaFieldExtension,
  extensionsFor,
  isRecord,
  readRequestedSchema,
  schemaWirePath,
} from "../json-schema/index.js";
import { acpLayer } from "./acp-layer.js";
import type { AcpFormExtension } from "./extensions.js";
import { codecSchema } from "./schema-meta.js";

/** The members of ACP's form elicitation params (`ElicitationFormMode` and a scope). */
export const ACP_PARAMS = ["mode", "message", "requestedSchema", "sessionId", "toolCallId", "requestId", "_meta"];
/** The members that tie an elicitation to a session or a request: only ACP's params carry them. */
export const SCOPE_KEYS = ["sessionId", "requestId"];

/**
 * Reads an ACP form elicitation into the model: the params of `elicitation/create`
 * (`CreateElicitationRequest` in `@agentclientprotocol/sdk` 2.4.0: `{ mode: "form", message,
 * requestedSchema, sessionId, toolCallId? }` or `{ …, requestId }`), or the JSON-RPC request
 * carrying them. Every problem is reported (`invalid_form`); members ACP does not define are
 * ignored with a warning, as the SDK ignores them (docs/acp.md).
 */
export function readAcpForm(input: unknown): Result<FormModel> {
  const notJson = jsonValueProblem(input);
  if (notJson !== undefined) return failure("invalid_form", [notJson]);
  const issues: Issue[] = [];
  const warnings: Issue[] = [];
  const params = unwrap(input, issues);
  if (params === undefined) return failure("invalid_form", issues);
  const ext: AcpFormExtension = {};
  const message = readParams(params, ext, warnings);
  const schemaPath = params.path("requestedSchema");
  const schema = codecSchema(params.object.requestedSchema, schemaPath, ext, issues);
  const fields = params.has("requestedSchema")
    ? readRequestedSchema(schema, schemaPath, acpLayer, ext, issues, warnings)
    : undefined;
  if (fields === undefined || message === undefined || issues.length > 0) return failure("invalid_form", issues);
  outsideAcp(fields, ext, schemaPath, warnings);
  const form: FormModel = { fields };
  if (message !== "") form.title = message;
  const extensions = extensionsFor("acp", ext);
  if (extensions !== undefined) form.extensions = extensions;
  return success(form, [
    ...warnings,
    ...invisibleTextWarnings(form, (path) => schemaWirePath(form, params.path("message"), schemaPath, "acp", path)),
  ]);
}

/**
 * What the codec reads for MCP that ACP's schema lacks (`$schema`, the legacy `enumNames`) is
 * read, never written back: the SDK would drop it. Titles from `enumNames` are written as `oneOf`.
 */
function outsideAcp(fields: Field[], ext: AcpFormExtension, schemaPath: PathSegment[], warnings: Issue[]): void {
  if (ext.schemaUri !== undefined) {
    delete ext.schemaUri;
    warnings.push(
      warning("ignored", [...schemaPath, "$schema"], "is not a member of ACP's ElicitationSchema; it is not carried"),
    );
  }
  for (const field of fields) {
    const own = field.extensions?.acp as SchemaFieldExtension | undefined;
    if (own?.enumNames === undefined) continue;
    delete own.enumNames;
    if (Object.keys(own).length === 0) delete field.extensions?.acp;
    if (field.extensions !== undefined && Object.keys(field.extensions).length === 0) delete field.extensions;
    warnings.push(
      warning(
        "deprecated_alias",
        [...schemaPath, "properties", field.id, "enumNames"],
        `MCP's legacy option titles are not ACP's: the titles of "${field.id}" are read, and written as oneOf`,
      ),
    );
  }
}

/** The params, from the request `{ jsonrpc?, id?, method: "elicitation/create", params }` or as they are. */
function unwrap(input: unknown, issues: Issue[]): Keywords | undefined {
  if (!isRecord(input)) {
    issues.push(
      problem(
        "invalid_type",
        [],
        `must be the params { mode: "form", message, requestedSchema, sessionId } of ACP's ${ELICITATION_METHOD}, or the request carrying them`,
      ),
    );
    return undefined;
  }
  if (!Object.hasOwn(input, "method")) return new Keywords(input, [], issues);
  const request = new Keywords(input, [], issues);
  request.only(["jsonrpc", "id", "method", "params"], "a JSON-RPC request");
  if (input.method !== ELICITATION_METHOD)
    request.fail(
      "method",
      "unsupported_method",
      `must be "${ELICITATION_METHOD}", got ${JSON.stringify(input.method)}`,
    );
  if (!isRecord(input.params))
    return request.fail(
      "params",
      Object.hasOwn(input, "params") ? "invalid_type" : "missing_property",
      'must be an object { mode: "form", message, requestedSchema, sessionId }',
    );
  return new Keywords(input.params, ["params"], issues);
}

/** Checks the params beside the schema, keeping the scope and `_meta`; returns the message, or undefined when it is missing. */
function readParams(params: Keywords, ext: AcpFormExtension, warnings: Issue[]): string | undefined {
  const { object } = params;
  const mode = object.mode;
  if (mode !== "form") {
    return params.fail(
      "mode",
      params.has("mode") ? "unsupported_mode" : "missing_property",
      mode === "url"
        ? `"url" asks the person to open a link, not to fill in a form: formgate reads form elicitation only`
        : params.has("mode")
          ? `${JSON.stringify(mode)} is a custom or future ACP mode, not "form": formgate reads form elicitation only`
          : `is required in ACP (it must be "form")`,
    );
  }
  for (const key of Object.keys(object)) {
    if (!ACP_PARAMS.includes(key))
      warnings.push(
        warning(
          "ignored",
          params.path(key),
          `"${key}" is not a member of ACP's form elicitation params; it is ignored (the SDK ignores it too) and not carried`,
        ),
      );
  }
  const message = params.has("message")
    ? params.string("message")
    : params.fail("message", "missing_property", "is required (it may be empty)");
  if (!params.has("requestedSchema")) params.fail("requestedSchema", "missing_property", "is required");
  readScope(params, ext, warnings);
  if (params.has("_meta") && object._meta !== null) {
    if (isRecord(object._meta)) ext.meta = structuredClone(object._meta);
    else params.fail("_meta", "invalid_type", "must be an object (ACP's _meta holds metadata by key)");
  }
  return message;
}

/** `sessionId` (with `toolCallId`) or `requestId`: one of them, never both. */
function readScope(params: Keywords, ext: AcpFormExtension, warnings: Issue[]): void {
  const { object } = params;
  const toolCallId = object.toolCallId === null ? undefined : params.string("toolCallId");
  if (params.has("sessionId")) {
    const sessionId = params.string("sessionId");
    if (params.has("requestId"))
      params.fail(
        "requestId",
        "forbidden_keyword",
        "cannot be combined with sessionId: an ACP elicitation is tied to a session or to a request, not both",
      );
    if (sessionId !== undefined) ext.scope = toolCallId === undefined ? { sessionId } : { sessionId, toolCallId };
    return;
  }
  if (params.has("requestId")) {
    const requestId = object.requestId;
    if (typeof requestId !== "string" && typeof requestId !== "number" && requestId !== null)
      params.fail("requestId", "invalid_type", "must be a JSON-RPC request id (a string, a number or null)");
    else ext.scope = { requestId };
    if (toolCallId !== undefined)
      params.fail(
        "toolCallId",
        "forbidden_keyword",
        "names a tool call of a session, but this elicitation is tied to a request (requestId), not a session",
      );
    return;
  }
  warnings.push(
    warning(
      "missing_property",
      params.path("sessionId"),
      "ACP ties every elicitation to a session (sessionId) or a request (requestId), and this one names neither; the host must add one before sending it",
    ),
  );
}
