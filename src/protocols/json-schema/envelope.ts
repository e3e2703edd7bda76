import { type FormKey, jsonValueProblem } from "../../model/index.js";
import type { Report } from "../report/index.js";
import { Keywords, isRecord } from "./keywords.js";

/**
 * The envelopes a JSON-Schema form request travels in, shared by `native` and `mcp`: the
 * wire names they meet on, unwrapping a request to its params, and OpenAI's MRTR wrapping.
 * Each protocol exports the names it owns (`ELICITATION_METHOD` from mcp, `NATIVE_METHOD`
 * and `NATIVE_EXTENSION` from native).
 */

/** The MCP method of a form elicitation (2025-06-18, 2025-11-25, and 2026-07-28 input requests). */
export const ELICITATION_METHOD = "elicitation/create";

/** The method of OpenAI's native form request. */
export const NATIVE_METHOD = "openai/elicitation/create";

/**
 * OpenAI's form extension: the name a host advertises it under
 * (`capabilities.extensions[NATIVE_EXTENSION].form`) and the `_meta` key under which a
 * 2026-07-28 (MRTR) `elicitation/create` carries the native schema.
 */
export const NATIVE_EXTENSION = "openai/elicitation";

/** The form keys a JSON-Schema request says: the title as its `message`, the fields, and extensions. */
export const SCHEMA_FORM_KEYS: readonly FormKey[] = ["title", "fields", "extensions"];

/** The keys of a JSON-RPC request. */
export const REQUEST_KEYS: readonly string[] = ["jsonrpc", "id", "method", "params"];
/** The keys of a form elicitation's params. */
export const FORM_PARAMS_KEYS: readonly string[] = ["mode", "message", "requestedSchema", "_meta"];
/** The keys of a 2026-07-28 input-required result. */
export const INPUT_REQUIRED_KEYS: readonly string[] = ["resultType", "inputRequests", "requestState", "_meta"];

/** Whether request params carry OpenAI's form in `_meta[NATIVE_EXTENSION]`. */
export function carriesNativeForm(params: unknown): boolean {
  return isRecord(params) && isRecord(params._meta) && Object.hasOwn(params._meta, NATIVE_EXTENSION);
}

/** How one protocol's requests are enveloped. */
export interface RequestEnvelope {
  /** Said when the input is not an object: what it must be. */
  expected: string;
  /** Why a request's method is not this protocol's, or undefined when it is. */
  methodProblem(method: unknown): string | undefined;
  /** The params' shape, said when a request's `params` is missing or not an object. */
  paramsShape: string;
  /**
   * When set, an input-required result is read too: the input requests this protocol reads (of `method`, whose
   * params it `accepts`), called `requests` in messages (default: "<method> requests").
   */
  inputRequest?: { method: string; accepts?: (params: unknown) => boolean; requests?: string };
}

/** A request's params, and the method it named (undefined for bare params). */
export interface UnwrappedRequest {
  params: Keywords;
  method: unknown;
}

/**
 * The params of a request, wherever the input carries them (a JSON value): bare params, a JSON-RPC request,
 * or (when the envelope allows) an input-required result holding exactly one such request.
 * Every envelope problem is recorded; undefined when no params could be found.
 */
export function unwrapRequest(input: unknown, envelope: RequestEnvelope, report: Report): UnwrappedRequest | undefined {
  // `_meta` values are copied into the model: first make sure they can be.
  const notJson = jsonValueProblem(input);
  if (notJson !== undefined) return void report.adopt([notJson]);
  if (!isRecord(input)) return report.error("invalid_type", `The input ${envelope.expected}.`);
  let request: Record<string, unknown> = input;
  let at = report;
  if (envelope.inputRequest !== undefined && Object.hasOwn(input, "inputRequests")) {
    const held = inputRequestOf(input, envelope.inputRequest, report);
    if (held === undefined) return undefined;
    [request, at] = held;
  }
  if (!Object.hasOwn(request, "method")) return { params: new Keywords(request, at), method: undefined };
  const keywords = new Keywords(request, at);
  keywords.only(REQUEST_KEYS, "a request");
  const methodProblem = envelope.methodProblem(request.method);
  if (methodProblem !== undefined) keywords.fail("method", "unsupported_method", methodProblem);
  const params = request.params;
  if (!isRecord(params))
    return keywords.fail(
      "params",
      Object.hasOwn(request, "params") ? "invalid_type" : "missing_property",
      `must be an object ${envelope.paramsShape}`,
    );
  return { params: new Keywords(params, at.at("params")), method: request.method };
}

/** The one request of `method` an input-required result holds, and its path. */
function inputRequestOf(
  input: Record<string, unknown>,
  wanted: NonNullable<RequestEnvelope["inputRequest"]>,
  report: Report,
): [Record<string, unknown>, Report] | undefined {
  const result = new Keywords(input, report);
  result.only(INPUT_REQUIRED_KEYS, "an input-required result");
  const requests = input.inputRequests;
  if (!isRecord(requests))
    return result.fail("inputRequests", "invalid_type", "must be an object of input requests keyed by name");
  const forms = Object.entries(requests).filter(
    ([, entry]) => isRecord(entry) && entry.method === wanted.method && (wanted.accepts?.(entry.params) ?? true),
  );
  const [only] = forms;
  const what = wanted.requests ?? `${wanted.method} requests`;
  if (only === undefined || forms.length > 1) {
    const keys = forms.map(([key]) => JSON.stringify(key)).join(", ");
    return result.fail(
      "inputRequests",
      forms.length === 0 ? "form_not_found" : "ambiguous_form",
      forms.length === 0
        ? `holds none of the ${what}, so there is no form to read`
        : `holds ${forms.length} ${what} (${keys}): pass the one to read`,
    );
  }
  return [only[1] as Record<string, unknown>, report.at("inputRequests", only[0])];
}

/** What the params beside the schema said (`mode`, `message`, `_meta`), read the same way by every protocol. */
export interface FormParams {
  /** Undefined when it is missing or not a string (the problem is recorded). */
  message: string | undefined;
  /** The params had no `mode` (MCP reads that as "form"): kept to be written back the same way. */
  modeOmitted: boolean;
  /** The params' `_meta` when it is an object. */
  meta: Record<string, unknown> | undefined;
}

/**
 * Checks `mode`, `message` and `requestedSchema`'s presence, and `_meta`'s type. `modeProblem`
 * says why a mode other than "form" is not read.
 */
export function readFormParams(params: Keywords, modeProblem: (mode: unknown) => string): FormParams {
  const modeOmitted = !params.has("mode");
  if (!modeOmitted && params.object.mode !== "form")
    params.fail("mode", "unsupported_mode", modeProblem(params.object.mode));
  const message = params.has("message")
    ? params.text("message")
    : params.fail("message", "missing_property", "is required (it may be empty)");
  if (!params.has("requestedSchema")) params.fail("requestedSchema", "missing_property", "is required");
  const meta = params.object._meta;
  if (params.has("_meta") && !isRecord(meta)) params.fail("_meta", "invalid_type", "must be an object");
  return { message, modeOmitted, meta: isRecord(meta) ? meta : undefined };
}

/** The core `requestedSchema` of an MRTR form: the real one travels in `_meta[NATIVE_EXTENSION]`. */
export const MRTR_CORE_SCHEMA = { type: "object", properties: {} } as const;

/**
 * Wraps form params for a 2026-07-28 `elicitation/create` input request the way OpenAI's
 * specification puts a native form there: the schema moves to
 * `_meta[NATIVE_EXTENSION].requestedSchema` (beside what that entry already holds) and the
 * core `requestedSchema` becomes `{ type: "object", properties: {} }`.
 */
export function wrapMrtr<P extends { requestedSchema?: unknown; _meta?: unknown }>(params: P): P {
  const { requestedSchema, _meta, ...rest } = params;
  const meta = (isRecord(_meta) ? _meta : {}) as Record<string, unknown>;
  const outer = (isRecord(meta[NATIVE_EXTENSION]) ? meta[NATIVE_EXTENSION] : {}) as Record<string, unknown>;
  return {
    ...rest,
    requestedSchema: structuredClone(MRTR_CORE_SCHEMA),
    _meta: { ...meta, [NATIVE_EXTENSION]: { ...outer, requestedSchema } },
  } as unknown as P;
}
