import {
  type FormModel,
  type Issue,
  type PathSegment,
  type Result,
  failure,
  invisibleTextWarnings,
  jsonValueProblem,
  problem,
  success,
} from "../../model/index.js";
import {
  ELICITATION_METHOD as MCP_METHOD,
  Keywords,
  OPENAI_FORM_META_KEY,
  extensionsFor,
  isRecord,
  readRequestedSchema,
  schemaWirePath,
} from "../json-schema/index.js";
import type { McpFormExtension } from "./extensions.js";
import { standardLayer } from "./standard-layer.js";

/**
 * Reads a standard MCP form elicitation into the model: the params `{ mode?: "form", message,
 * requestedSchema, _meta? }`, the request `{ jsonrpc?, id?, method: "elicitation/create", params }`,
 * or a 2026-07-28 input-required result whose `inputRequests` hold one such request. Every
 * problem is reported (`invalid_form`), each keyword outside MCP's schema named at its path.
 */
export function readMcpForm(input: unknown): Result<FormModel> {
  // `_meta` is copied into the model: first make sure it can be.
  const notJson = jsonValueProblem(input);
  if (notJson !== undefined) return failure("invalid_form", [notJson]);
  const issues: Issue[] = [];
  const warnings: Issue[] = [];
  const params = unwrap(input, issues);
  if (params === undefined) return failure("invalid_form", issues);
  const ext: McpFormExtension = {};
  const message = readParams(params, ext);
  const schemaPath = params.path("requestedSchema");
  const fields = params.has("requestedSchema")
    ? readRequestedSchema(params.object.requestedSchema, schemaPath, standardLayer, ext, issues, warnings)
    : undefined;
  if (fields === undefined || message === undefined || issues.length > 0) return failure("invalid_form", issues);
  const form: FormModel = { fields };
  if (message !== "") form.title = message;
  const extensions = extensionsFor("mcp", ext);
  if (extensions !== undefined) form.extensions = extensions;
  return success(form, [
    ...warnings,
    ...invisibleTextWarnings(form, (path) => schemaWirePath(form, params.path("message"), schemaPath, "mcp", path)),
  ]);
}

/** The params of the request, wherever the input carries them. */
function unwrap(input: unknown, issues: Issue[]): Keywords | undefined {
  if (!isRecord(input)) {
    issues.push(
      problem(
        "invalid_type",
        [],
        `must be the params { mode?: "form", message, requestedSchema } of ${MCP_METHOD}, the request itself, or an input-required result holding it`,
      ),
    );
    return undefined;
  }
  let request: Record<string, unknown> = input;
  let at: PathSegment[] = [];
  if (Object.hasOwn(input, "inputRequests")) {
    const result = new Keywords(input, [], issues);
    result.only(["resultType", "inputRequests", "requestState", "_meta"], "an input-required result");
    const requests = input.inputRequests;
    if (!isRecord(requests))
      return result.fail("inputRequests", "invalid_type", "must be an object of input requests keyed by name");
    const forms = Object.entries(requests).filter(([, entry]) => isRecord(entry) && entry.method === MCP_METHOD);
    const [only] = forms;
    if (only === undefined || forms.length > 1) {
      return result.fail(
        "inputRequests",
        forms.length === 0 ? "form_not_found" : "ambiguous_form",
        forms.length === 0
          ? `holds no ${MCP_METHOD} request`
          : `holds ${forms.length} ${MCP_METHOD} requests (${forms.map(([key]) => JSON.stringify(key)).join(", ")}); pass the one to read`,
      );
    }
    request = only[1] as Record<string, unknown>;
    at = ["inputRequests", only[0]];
  }
  if (Object.hasOwn(request, "method")) {
    const envelope = new Keywords(request, at, issues);
    envelope.only(["jsonrpc", "id", "method", "params"], "a request");
    if (request.method !== MCP_METHOD) {
      envelope.fail(
        "method",
        "unsupported_method",
        `must be "${MCP_METHOD}", got ${JSON.stringify(request.method)}${request.method === "openai/elicitation/create" ? ": an OpenAI form request is the native protocol's" : ""}`,
      );
    }
    const params = request.params;
    if (!isRecord(params))
      return envelope.fail(
        "params",
        Object.hasOwn(request, "params") ? "invalid_type" : "missing_property",
        "must be an object { mode?, message, requestedSchema }",
      );
    return new Keywords(params, [...at, "params"], issues);
  }
  return new Keywords(request, at, issues);
}

/** Checks the params beside the schema; returns the message, or undefined when it is missing. */
function readParams(params: Keywords, ext: McpFormExtension): string | undefined {
  if (params.object.mode === "url") {
    return params.fail(
      "mode",
      "unsupported_mode",
      `"url" asks the person to open a link, not to fill in a form: formgate reads form elicitation only`,
    );
  }
  params.only(["mode", "message", "requestedSchema", "_meta"], "the params of a form elicitation");
  if (!params.has("mode")) ext.modeOmitted = true;
  else if (params.object.mode !== "form")
    params.fail("mode", "unsupported_mode", `must be "form" (or absent), got ${JSON.stringify(params.object.mode)}`);
  const message = params.has("message")
    ? params.string("message")
    : params.fail("message", "missing_property", "is required (it may be empty)");
  if (!params.has("requestedSchema")) params.fail("requestedSchema", "missing_property", "is required");
  const meta = params.object._meta;
  if (params.has("_meta")) {
    if (!isRecord(meta)) params.fail("_meta", "invalid_type", "must be an object");
    else if (Object.hasOwn(meta, OPENAI_FORM_META_KEY))
      params.issues.push(
        problem(
          "unknown_key",
          [...params.path("_meta"), OPENAI_FORM_META_KEY],
          "carries an OpenAI form (MRTR): read it as native",
        ),
      );
    else ext.meta = structuredClone(meta);
  }
  return message;
}
