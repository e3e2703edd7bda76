import { ErrorCode, McpError, type ClientCapabilities } from "@modelcontextprotocol/sdk/types.js";
import type { DataToolError, DataToolResult } from "../../generated/data-tool-result.js";
import { formatPath, type Issue } from "../model/index.js";
import { dataProtocol } from "../protocols/data/index.js";
import { nativeProtocol, type NativeRequestParams } from "../protocols/native/index.js";
import { supportsNativeForms } from "./client-capability.js";
import { failureResult, toolError } from "./tool-result.js";

/** The one tool call's view of its MCP connection. */
export interface ToolCallChannel {
  /** What the client advertised at `initialize`. */
  clientCapabilities: ClientCapabilities | undefined;
  /**
   * Sends `openai/elicitation/create` to the client, tied to this tool call, and resolves
   * with the client's raw result; rejects as the SDK's `request()` does (McpError on a
   * JSON-RPC error, a timeout or a closed connection).
   */
  elicit(request: NativeRequestParams, timeoutMs: number): Promise<unknown>;
  /** Aborted when the tool call is cancelled or the connection closes. */
  signal: AbortSignal;
  /** False once the connection has closed. */
  isConnected(): boolean;
}

/** How much a log line matters; a line without a level is `info`. */
export type LogLevel = "error" | "warn" | "info";

/** Writes one line to the server's log (standard error). */
export type Log = (line: string, level?: LogLevel) => void;

/**
 * Runs one `form_elicitation_v2_request` call: validate the arguments, check the client
 * can show native forms, send the compiled form, wait at most `timeoutMs`, validate the
 * answer against the form. Never throws: every outcome is a Data tool result.
 */
export async function runFormTool(args: unknown, channel: ToolCallChannel, timeoutMs: number, log: Log): Promise<DataToolResult> {
  const form = dataProtocol.readForm(args);
  if (!form.ok) return failureResult("invalid_arguments", form.error);
  logWarnings(log, "arguments", form.warnings);

  // Checked after the arguments so that a bad form is reported even to a client that cannot show it.
  if (!supportsNativeForms(channel.clientCapabilities)) {
    return toolError(
      "unsupported_client",
      'The host did not advertise native form support (capabilities.extensions["openai/elicitation"].form), so no form was shown. Ask in the conversation instead.',
    );
  }

  const request = nativeProtocol.writeForm(form.value);
  if (!request.ok) return failureResult("invalid_arguments", request.error);
  logWarnings(log, "native form", request.warnings);

  // The monotonic clock: a wall-clock step (NTP) must not turn a timeout into something else.
  const startedAt = performance.now();
  let raw: unknown;
  try {
    raw = await channel.elicit(request.value, timeoutMs);
  } catch (error) {
    return elicitationFailure(error, channel, performance.now() - startedAt, timeoutMs);
  }
  // An answer that lands after the tool call was cancelled is not applied.
  if (channel.signal.aborted) return toolError("request_cancelled", CANCELLED);

  const response = nativeProtocol.readAnswers(raw, form.value);
  if (!response.ok) return failureResult("invalid_response", response.error);
  const result = dataProtocol.writeAnswers(response.value, form.value);
  if (!result.ok) return failureResult("invalid_response", result.error);
  logWarnings(log, "answers", result.warnings);
  return result.value;
}

/**
 * Node's timers count whole milliseconds, so the SDK's timer can fire up to 1 ms before a
 * sub-millisecond clock says the deadline passed (about one timeout in fifty, measured).
 */
const TIMER_GRANULARITY_MS = 1;

const CANCELLED = "The tool call was cancelled before the form was submitted; no answers were applied.";
const DISCONNECTED = "The connection to the host closed before the form was submitted; no answers were applied.";

/**
 * Says why the elicitation failed. Order matters: the SDK rejects a request whose tool
 * call was cancelled, and every request of a connection that closed, with the same
 * `RequestTimeout` code as a real timeout, so the connection and the cancellation are
 * looked at first; a `RequestTimeout` that comes back before the deadline is the client's
 * own JSON-RPC error, not ours.
 */
export function elicitationFailure(
  error: unknown,
  channel: Pick<ToolCallChannel, "signal" | "isConnected">,
  elapsedMs: number,
  timeoutMs: number,
): DataToolError {
  if (!channel.isConnected()) return toolError("transport_error", DISCONNECTED);
  if (channel.signal.aborted) return toolError("request_cancelled", CANCELLED);
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout && elapsedMs > timeoutMs - TIMER_GRANULARITY_MS) {
    return toolError("timeout", `The form was not submitted within ${timeoutMs} ms (DATA_FORMS_TIMEOUT_MS); no answers were applied.`);
  }
  return toolError("transport_error", `The form request failed before a valid response arrived: ${describe(error)}`);
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // The SDK's message starts "MCP error <code>: "; the code is kept, at the end.
  return error instanceof McpError ? `${error.message.replace(/^MCP error -?\d+: /, "")} (JSON-RPC code ${error.code})` : error.message;
}

function logWarnings(log: Log, what: string, warnings: readonly Issue[]): void {
  for (const warning of warnings) log(`warning (${what}) ${formatPath(warning.path)}: ${warning.message}`, "warn");
}
