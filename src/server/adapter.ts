import type { ClientCapabilities } from "@modelcontextprotocol/server";
import { ProtocolError, SdkError, SdkErrorCode } from "@modelcontextprotocol/server";
import type { DataToolError, DataToolResult } from "../../generated/data-tool-result.js";
import { formatIssue, type FormModel, type Issue, type PathSegment } from "../model/index.js";
import { ownValue } from "../model/record.js";
import { dataProtocol } from "../protocols/data/index.js";
import { ELICITATION_METHOD } from "../protocols/mcp/index.js";
import { NATIVE_EXTENSION, NATIVE_METHOD } from "../protocols/native/index.js";
import { supportsStandardForms } from "./client-capability.js";
import { choosePath, formPathNamed, standardPath, type FormPath } from "./form-paths.js";
import { argumentsDigest, type StateSealer, type StateVerdict } from "./request-state.js";
import { capped, quoted, type Log } from "./log.js";
import { DISCONNECTED, type PendingForms, type SessionShare } from "./pending-forms.js";
import { failureResult, MAX_QUOTED_VALUE, toolError } from "./tool-result.js";

/** What a tool call needs from the server's configuration. */
export interface ToolSettings {
  timeoutMs: number;
  /** 2025 era: interval of progress keep-alives while a form is open; 0 sends none. */
  keepAliveMs: number;
  /** Standard MCP forms for clients without native forms. */
  standardFallback: boolean;
  log: Log;
  /** Every pending 2025-era form of this server, bounded; aborted when the server stops. */
  pending: PendingForms;
}

/** What a 2025-era session (one HTTP session, one stdio connection) remembers across its calls. */
export interface SessionState {
  /** Its share of the pending forms. */
  share: SessionShare;
  /**
   * The host answered `openai/elicitation/create` with -32601 (method not found): it gets standard
   * forms from then on.
   */
  refusesNativeForms: boolean;
}

/** The one 2025-era tool call's view of its MCP connection. */
export interface ToolCallChannel {
  /** What the client advertised at `initialize`. */
  clientCapabilities: ClientCapabilities | undefined;
  /**
   * Sends the form request (`method`) to the client, tied to this tool call, and resolves
   * with the client's raw result; rejects as the SDK's `request()` does (a JSON-RPC error,
   * a timeout, a closed connection).
   */
  elicit(method: string, params: Record<string, unknown>, timeoutMs: number, signal: AbortSignal): Promise<unknown>;
  /** Sends one progress notification; absent when the call carried no progressToken. */
  keepAlive?: () => void;
  /** Aborted when the tool call is cancelled or the connection closes. */
  signal: AbortSignal;
  /** False once the connection has closed. */
  isConnected(): boolean;
  /** The session the call belongs to. */
  session: SessionState;
}

/** A prepared form: the model, the path chosen for this client, and the request params written for it. */
interface PreparedForm {
  form: FormModel;
  path: FormPath;
  params: Record<string, unknown>;
}

/**
 * Steps 1–3 of every call, in both eras: validate the arguments, choose how this client
 * can be shown the form, write the form for it. Arguments come first so that a bad form
 * is reported even to a client that could not show it.
 */
function prepareForm(
  args: unknown,
  capabilities: ClientCapabilities | undefined,
  modern: boolean,
  settings: ToolSettings,
  refusesNativeForms = false,
): PreparedForm | DataToolError {
  const form = dataProtocol.readForm(args);
  if (!form.ok) return failureResult("invalid_arguments", form.error);
  logWarnings(settings.log, "arguments", form.warnings);
  const path =
    refusesNativeForms && settings.standardFallback
      ? standardPath
      : choosePath(capabilities, modern, settings.standardFallback);
  return writeFor(form.value, path, settings);
}

/** Step 3: the path's protocol writes the form. */
function writeFor(form: FormModel, path: FormPath | undefined, settings: ToolSettings): PreparedForm | DataToolError {
  if (path === undefined)
    return toolError("unsupported_client", settings.standardFallback ? NO_FORMS : NO_NATIVE_FORMS);
  const request = path.protocol.writeForm(form);
  if (!request.ok) {
    // Native carries every valid Data form; the standard protocol cannot carry some (files).
    return path.name === "native"
      ? failureResult("invalid_arguments", request.error)
      : cannotCarry(request.error.issues, form);
  }
  logWarnings(settings.log, `${path.name} form`, request.warnings);
  return { form, path, params: request.value };
}

/** Step 5: the host's raw answer, read with the path's protocol against the form, written as the Data tool result. */
function readAnswer(raw: unknown, form: FormModel, path: FormPath, log: Log): DataToolResult {
  const response = path.protocol.readAnswers(withoutMeta(raw), form);
  if (!response.ok) return failureResult("invalid_response", response.error);
  const result = dataProtocol.writeAnswers(response.value, form);
  if (!result.ok) return failureResult("invalid_response", result.error);
  logWarnings(log, "answers", result.warnings);
  return result.value;
}

/**
 * Runs one `form_elicitation_v2_request` call on a 2025-era connection: validate the
 * arguments, choose the path, send the form as a server-initiated request, keep the call
 * alive with progress while the person fills it in, wait at most `timeoutMs`, validate the
 * answer against the form. Never throws: every outcome is a Data tool result.
 */
export async function callTool2025(
  args: unknown,
  channel: ToolCallChannel,
  settings: ToolSettings,
): Promise<DataToolResult> {
  let prepared = prepareForm(args, channel.clientCapabilities, false, settings, channel.session.refusesNativeForms);
  if (!("form" in prepared)) return prepared;
  // The monotonic clock: a wall-clock step (NTP) must not turn a timeout into something else.
  const startedAt = performance.now();
  for (;;) {
    const outcome = await elicitOnce(prepared, channel, settings, startedAt);
    if (!("fallBack" in outcome)) return outcome;
    // The host refused native forms but shows standard ones: the same form, once, as a standard form.
    channel.session.refusesNativeForms = true;
    settings.log(
      `the host answered ${NATIVE_METHOD} with -32601 (method not found): standard forms for this session from now on`,
      "warn",
    );
    prepared = writeFor(prepared.form, standardPath, settings);
    if (!("form" in prepared)) return prepared;
  }
}

/** Sends the prepared form once and reads its answer; `fallBack` when the host does not know the native method. */
async function elicitOnce(
  { form, path, params }: PreparedForm,
  channel: ToolCallChannel,
  settings: ToolSettings,
  startedAt: number,
): Promise<DataToolResult | { fallBack: true }> {
  // What the form request holds while it waits: its JSON, counted against the bounds.
  const admitted = settings.pending.admit(channel.session.share, JSON.stringify(params).length, channel.signal);
  if ("error" in admitted) return admitted;
  const keepAlive =
    channel.keepAlive !== undefined && settings.keepAliveMs > 0
      ? setInterval(channel.keepAlive, settings.keepAliveMs)
      : undefined;
  const remainingMs = Math.max(1, Math.round(settings.timeoutMs - (performance.now() - startedAt)));
  let raw: unknown;
  try {
    raw = await channel.elicit(path.legacyMethod, params, remainingMs, admitted.signal);
  } catch (error) {
    if (
      path.name === "native" &&
      error instanceof ProtocolError &&
      error.code === METHOD_NOT_FOUND &&
      settings.standardFallback &&
      supportsStandardForms(channel.clientCapabilities) &&
      !channel.signal.aborted
    )
      return { fallBack: true };
    if (settings.pending.stopping.aborted && !channel.signal.aborted)
      return toolError("transport_error", settings.pending.stopMessage);
    return elicitationFailure(error, channel, performance.now() - startedAt, settings.timeoutMs);
  } finally {
    clearInterval(keepAlive);
    admitted.release();
  }
  // An answer that lands after the tool call was cancelled is not applied.
  if (channel.signal.aborted) return toolError("request_cancelled", CANCELLED);
  return readAnswer(raw, form, path, settings.log);
}

/** JSON-RPC's "method not found". */
const METHOD_NOT_FOUND = -32601;

/** One round of a 2026-07-28 call, as the SDK hands it over. */
export interface Round2026 {
  /** The capabilities in this request's `_meta`. */
  clientCapabilities: ClientCapabilities | undefined;
  /** The verdict on the echoed `requestState`; undefined on a first round. */
  state: StateVerdict | undefined;
  /** The client's answers to the input requests, keyed as the server asked. */
  inputResponses: Record<string, unknown> | undefined;
  /** Keys of answers the SDK set aside because they were not bare results (e.g. a wrapped `{ method, result }`). */
  droppedKeys?: string[];
}

/** A first round's outcome: ask the client for input, and come back with this state. */
export interface InputRequest {
  inputRequests: Record<string, { method: string; params: Record<string, unknown> }>;
  requestState: string;
}

/** The key of the one input request a form call makes. */
export const FORM_INPUT_KEY = "form";

/**
 * Runs one round of a call on a 2026-07-28 connection (multi round-trip, nothing held in
 * memory between rounds). First round: validate, choose the path, answer with the form as
 * an input request and a signed state bound to these arguments. Retry: check the state
 * (signed by a key held, not expired, these arguments), then read the answer as in the
 * 2025 era.
 */
export async function callTool2026(
  args: unknown,
  round: Round2026,
  sealer: StateSealer,
  settings: ToolSettings,
): Promise<DataToolResult | InputRequest> {
  if (round.state === undefined) {
    if (round.inputResponses !== undefined && Object.keys(round.inputResponses).length > 0)
      return stateProblem("is missing: answers arrive only with the state of the round that asked for them");
    const prepared = prepareForm(args, round.clientCapabilities, true, settings);
    if (!("form" in prepared)) return prepared;
    const requestState = await sealer.seal({
      args: argumentsDigest(args),
      deadline: Date.now() + settings.timeoutMs,
      path: prepared.path.name,
    });
    const params = prepared.path.inputRequestParams(prepared.params);
    return { inputRequests: { [FORM_INPUT_KEY]: { method: ELICITATION_METHOD, params } }, requestState };
  }

  const verdict = round.state;
  if (!verdict.ok) {
    if (verdict.reason === "expired") return timedOut(settings.timeoutMs);
    return stateProblem(verdict.reason === "unverified" ? UNVERIFIED_STATE : "is malformed or was altered");
  }
  const { state } = verdict;
  // The arguments are read (depth first) before anything walks them, the digest included.
  const form = dataProtocol.readForm(args);
  if (!form.ok) return failureResult("invalid_arguments", form.error);
  if (state.args !== argumentsDigest(args)) return stateProblem("belongs to a call with other arguments");
  if (Date.now() > state.deadline) return timedOut(settings.timeoutMs);
  const path = formPathNamed(state.path);
  // Own keys only: the SDK's copy of `{"__proto__": {"form": …}}` holds that answer as its prototype.
  const raw = round.inputResponses === undefined ? undefined : ownValue(round.inputResponses, FORM_INPUT_KEY);
  if (raw === undefined) {
    const wrapped = round.droppedKeys?.includes(FORM_INPUT_KEY) === true;
    const message = wrapped
      ? "must be the elicitation result itself ({ action, content }), not wrapped in a request or response"
      : "is required";
    return {
      error: {
        code: "invalid_response",
        message: "The host retried without an answer to the form; no answers were applied.",
        issues: [{ path: ["inputResponses", FORM_INPUT_KEY], message }],
      },
    };
  }
  return readAnswer(raw, form.value, path, settings.log);
}

/**
 * A `requestState` that cannot be trusted is the host's retry failing validation: an
 * `invalid_response` result the model can act on (call the tool again), never the SDK's
 * JSON-RPC error, which the model does not see.
 */
function stateProblem(what: string): DataToolError {
  return {
    error: {
      code: "invalid_response",
      message:
        "The host's retry could not be matched to a form this server showed; no answers were applied. Call the " +
        "tool again to show the form.",
      issues: [{ path: ["requestState"], message: what }],
    },
  };
}

const UNVERIFIED_STATE =
  "is not signed by a key this server holds: it was altered, or issued by a server with another FORMGATE_STATE_KEY " +
  "(or before a restart without one)";

export function timedOut(timeoutMs: number): DataToolError {
  return toolError(
    "timeout",
    `The form was not submitted within ${timeoutMs} ms (DATA_FORMS_TIMEOUT_MS); no answers were applied.`,
  );
}

/** The envelope's `_meta` belongs to MCP, not to the person's answer. */
function withoutMeta(raw: unknown): unknown {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw) || !Object.hasOwn(raw, "_meta")) return raw;
  const { _meta, ...answer } = raw as Record<string, unknown>;
  return answer;
}

/**
 * Why the standard protocol cannot carry this form: each question it cannot carry, said by
 * the writer's message (which names it) and located in `issues` in the tool's argument terms
 * (the questions are the form's fields, in order).
 */
function cannotCarry(issues: readonly Issue[], form: FormModel): DataToolError {
  const located = issues
    .filter((issue) => issue.severity === "error")
    .map((issue) => {
      const [first, index] = issue.path;
      const field = first === "fields" && typeof index === "number" ? form.fields[index] : undefined;
      return { path: field === undefined ? issue.path : ["questions", index as number], message: issue.message };
    });
  const those = located.length === 1 ? "that question" : "those questions";
  const message =
    `The host shows only standard MCP forms, so no form was shown. ${located.map((one) => one.message).join(" ")} ` +
    `Ask in the conversation instead, or leave ${those} out.`;
  return { error: { code: "unsupported_client", message, issues: located } };
}

const NO_NATIVE_FORMS =
  `The host did not advertise native form support (capabilities.extensions["${NATIVE_EXTENSION}"].form), so no ` +
  "form was shown. Ask in the conversation instead.";
const NO_FORMS =
  `The host advertised neither native forms (capabilities.extensions["${NATIVE_EXTENSION}"].form) nor standard ` +
  "MCP forms (capabilities.elicitation.form), so no form was shown. Ask in the conversation instead.";

/**
 * Node's timers count whole milliseconds, so the SDK's timer can fire up to 1 ms before a
 * sub-millisecond clock says the deadline passed (about one timeout in fifty, measured).
 */
const TIMER_GRANULARITY_MS = 1;

export const CANCELLED = "The tool call was cancelled before the form was submitted; no answers were applied.";

/**
 * Says why the elicitation failed. Order matters: the SDK rejects a request whose tool
 * call was cancelled with the same `RequestTimeout` code as a real timeout, and a closed
 * connection aborts every handler first, so the connection and the cancellation are looked
 * at first; a timeout that comes back before the deadline is not ours.
 */
export function elicitationFailure(
  error: unknown,
  channel: Pick<ToolCallChannel, "signal" | "isConnected">,
  elapsedMs: number,
  timeoutMs: number,
): DataToolError {
  if (!channel.isConnected() || (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed))
    return toolError("transport_error", DISCONNECTED);
  if (channel.signal.aborted) return toolError("request_cancelled", CANCELLED);
  if (
    error instanceof SdkError &&
    error.code === SdkErrorCode.RequestTimeout &&
    elapsedMs > timeoutMs - TIMER_GRANULARITY_MS
  )
    return timedOut(timeoutMs);
  return toolError("transport_error", `The form request failed before a valid response arrived: ${describe(error)}`);
}

/** The error in a few words: its message is often the client's own (a JSON-RPC error), so it is capped. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return quoted(String(error), MAX_QUOTED_VALUE);
  // The SDK's message may start "MCP error <code>: "; the code is kept, at the end.
  return error instanceof ProtocolError
    ? `${quoted(error.message.replace(/^MCP error -?\d+: /, ""), MAX_QUOTED_VALUE)} (JSON-RPC code ${error.code})`
    : quoted(error.message, MAX_QUOTED_VALUE);
}

/** Each warning in the tool's argument terms (`questions[1]`, not the model's `fields[1]`), one line each. */
function logWarnings(log: Log, what: string, warnings: readonly Issue[]): void {
  for (const warning of warnings)
    log(`warning (${what}) ${capped(formatIssue({ ...warning, path: argumentPath(warning.path) }))}`, "warn");
}

/**
 * A model path as the arguments say it: the form's fields are the arguments' questions, in order, and so are their
 * options.
 */
function argumentPath(path: PathSegment[]): PathSegment[] {
  if (path[0] !== "fields") return path;
  return ["questions", ...path.slice(1, path[2] === "options" && typeof path[3] === "number" ? 4 : 2)];
}
