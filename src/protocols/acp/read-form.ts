import { type Field, type FormModel, type Result, named, quoted } from "../../model/index.js";
import type { Report } from "../report/index.js";
import {
  ELICITATION_METHOD,
  FORM_PARAMS_KEYS,
  Keywords,
  type RequestEnvelope,
  type SchemaFieldExtension,
  extensionsFor,
  readFormParams,
  type RequestParts,
  type UnwrappedRequest,
  readRequestForm,
} from "../json-schema/index.js";
import { acpLayer } from "./layer.js";
import type { AcpFormExtension } from "./extensions.js";
import { codecSchema } from "./schema-meta.js";

/** The members that tie an elicitation to a session or a request: only ACP's params carry them. */
export const SCOPE_KEYS: readonly string[] = ["sessionId", "requestId"];
/** The members of ACP's form elicitation params (`ElicitationFormMode` and a scope). */
const ACP_PARAMS: readonly string[] = [...FORM_PARAMS_KEYS, ...SCOPE_KEYS, "toolCallId"];

/**
 * Reads an ACP form elicitation into the model: the params of `elicitation/create`
 * (`CreateElicitationRequest` in `@agentclientprotocol/sdk` 2.4.0: `{ mode: "form", message,
 * requestedSchema, sessionId, toolCallId? }` or `{ …, requestId }`), or the JSON-RPC request
 * carrying them. Every problem is reported (`invalid_form`); members ACP does not define are
 * ignored with a warning, as the SDK ignores them (docs/acp.md).
 */
export function readAcpForm(input: unknown): Result<FormModel> {
  return readRequestForm(input, ACP_ENVELOPE, acpLayer, readRequest, ({ ext, schemaAt }, fields) => {
    if (fields !== undefined && schemaAt.ok) outsideAcp(fields, ext, schemaAt);
    return extensionsFor("acp", ext);
  });
}

/** The params (`null` members taken as absent; the paths stay the input's) beside the schema, and the schema. */
function readRequest(request: UnwrappedRequest): RequestParts<AcpFormExtension> {
  const object = { ...request.params.object };
  for (const key of NULLABLE_PARAMS) if (object[key] === null) delete object[key];
  const params = new Keywords(object, request.params.report);
  const ext: AcpFormExtension = {};
  const message = readParams(params, ext);
  const schemaAt = params.at("requestedSchema");
  const schema = codecSchema(params.object.requestedSchema, schemaAt, ext);
  return params.has("requestedSchema") ? { message, schema, schemaAt, ext } : { message, schemaAt, ext };
}

/**
 * What the codec reads for MCP that ACP's schema lacks (`$schema`, the legacy `enumNames`) is
 * read, never written back: the SDK would drop it. Titles from `enumNames` are written as `oneOf`.
 */
function outsideAcp(fields: Field[], ext: AcpFormExtension, schemaAt: Report): void {
  if (ext.schemaUri !== undefined) {
    delete ext.schemaUri;
    schemaAt
      .at("$schema")
      .warn("ignored", "The form schema's `$schema` is not a member of ACP's ElicitationSchema, so it is not carried.");
  }
  for (const [index, field] of fields.entries()) {
    const own = field.extensions?.acp as SchemaFieldExtension | undefined;
    if (own?.enumNames === undefined) continue;
    delete own.enumNames;
    if (Object.keys(own).length === 0) delete field.extensions?.acp;
    if (field.extensions !== undefined && Object.keys(field.extensions).length === 0) delete field.extensions;
    schemaAt
      .at("properties", field.id, "enumNames")
      .question(field.id, index)
      .warn(
        "alias_merged",
        "Its `enumNames` (MCP's legacy option titles, which ACP does not have) are read, and written as `oneOf`.",
      );
  }
}

/** ACP's requests: bare params, or the JSON-RPC request carrying them (ACP has no input-required results). */
const ACP_ENVELOPE: RequestEnvelope = {
  expected:
    `must be the params { mode: "form", message, requestedSchema, sessionId } of ACP's ` +
    `${ELICITATION_METHOD}, or the request carrying them`,
  methodProblem: (method) =>
    method === ELICITATION_METHOD ? undefined : `must be "${ELICITATION_METHOD}", not ${quoted(method)}`,
  paramsShape: '{ mode: "form", message, requestedSchema, sessionId }',
};

/** The params' members that ACP lets be `null` for absent. */
const NULLABLE_PARAMS = ["toolCallId", "_meta"];

/**
 * Checks the params beside the schema, keeping the scope and `_meta`; returns the message, or undefined when it is
 * missing.
 */
function readParams(params: Keywords, ext: AcpFormExtension): string | undefined {
  const mode = params.object.mode;
  // A URL or custom mode has no schema to read: say why, and nothing else.
  if (mode !== "form")
    return params.fail(
      "mode",
      params.has("mode") ? "unsupported_mode" : "missing_property",
      mode === "url"
        ? `The mode "url" asks the person to open a link, not to fill in a form: formgate reads form elicitation only.`
        : params.has("mode")
          ? `The mode ${quoted(mode)} is a custom or future ACP mode, not "form": formgate reads form elicitation only.`
          : `is required in ACP (it must be "form")`,
    );
  const { message, meta } = readFormParams(params, () => 'must be "form"');
  params.ignoreOthers(
    ACP_PARAMS,
    (key) =>
      `The key ${named(key)} is not a member of ACP's form elicitation params, so it is ignored (the SDK ignores it ` +
      `too) and not carried.`,
  );
  readScope(params, ext);
  if (meta !== undefined) ext.meta = structuredClone(meta);
  if (message === "") ext.emptyMessage = true;
  return message;
}

/** `sessionId` (with `toolCallId`) or `requestId`: one of them, never both. */
function readScope(params: Keywords, ext: AcpFormExtension): void {
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
  params
    .at("sessionId")
    .warn(
      "missing_property",
      "ACP ties every elicitation to a session (sessionId) or a request (requestId), and this one names neither; the " +
        "host must add one before sending it.",
    );
}
