import { type FormModel, type Result, quoted } from "../../model/index.js";
import {
  ELICITATION_METHOD,
  FORM_PARAMS_KEYS,
  type Keywords,
  NATIVE_EXTENSION,
  NATIVE_METHOD,
  type RequestEnvelope,
  carriesNativeForm,
  extensionsFor,
  readFormParams,
  readRequestForm,
} from "../json-schema/index.js";
import type { McpFormExtension } from "./extensions.js";
import { standardLayer } from "./layer.js";

/**
 * Reads a standard MCP form elicitation into the model: the params `{ mode?: "form", message,
 * requestedSchema, _meta? }`, the request `{ jsonrpc?, id?, method: "elicitation/create", params }`,
 * or a 2026-07-28 input-required result whose `inputRequests` hold one such request. Every
 * problem is reported (`invalid_form`), each keyword outside MCP's schema named at its path.
 */
export function readMcpForm(input: unknown): Result<FormModel> {
  return readRequestForm(
    input,
    MCP_ENVELOPE,
    standardLayer,
    ({ params }) => {
      const ext: McpFormExtension = {};
      const message = readParams(params, ext);
      const schemaAt = params.at("requestedSchema");
      return params.has("requestedSchema")
        ? { message, schema: params.object.requestedSchema, schemaAt, ext }
        : { message, schemaAt, ext };
    },
    ({ ext }) => extensionsFor("mcp", ext),
  );
}

/** Standard forms: bare params, a request, or an input-required result holding one (docs/mcp.md). */
const MCP_ENVELOPE: RequestEnvelope = {
  expected:
    `must be the params { mode?: "form", message, requestedSchema } of ${ELICITATION_METHOD}, ` +
    "the request itself, or an input-required result holding it",
  methodProblem: (method) =>
    method === ELICITATION_METHOD
      ? undefined
      : `must be "${ELICITATION_METHOD}", not ${quoted(method)}` +
        (method === NATIVE_METHOD ? ": an OpenAI form request is the native protocol's" : ""),
  paramsShape: "{ mode?, message, requestedSchema }",
  // An MRTR request carrying OpenAI's form is native's (detection says the same).
  inputRequest: {
    method: ELICITATION_METHOD,
    accepts: (params) => !carriesNativeForm(params),
    requests: `standard ${ELICITATION_METHOD} requests`,
  },
};

/** Checks the params beside the schema; returns the message, or undefined when it is missing. */
function readParams(params: Keywords, ext: McpFormExtension): string | undefined {
  if (params.object.mode === "url") {
    return params.fail(
      "mode",
      "unsupported_mode",
      `The mode "url" asks the person to open a link, not to fill in a form: formgate reads form elicitation only.`,
    );
  }
  params.only(FORM_PARAMS_KEYS, "the params of a form elicitation");
  const { message, modeOmitted, meta } = readFormParams(
    params,
    (mode) => `must be "form" (or absent), not ${quoted(mode)}`,
  );
  if (modeOmitted) ext.modeOmitted = true;
  if (message === "") ext.emptyMessage = true;
  if (meta !== undefined && Object.hasOwn(meta, NATIVE_EXTENSION))
    params
      .at("_meta")
      .at(NATIVE_EXTENSION)
      .error(
        "unknown_key",
        "The `_meta` carries an OpenAI form (MRTR), which is not a standard MCP form: read it as native.",
      );
  else if (meta !== undefined) ext.meta = structuredClone(meta);
  return message;
}
