import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, ResultSchema } from "@modelcontextprotocol/sdk/types.js";
import packageJson from "../../package.json" with { type: "json" };
import { NATIVE_METHOD, type NativeRequestParams } from "../protocols/native/index.js";
import { runFormTool, type Log } from "./adapter.js";
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS, MIN_TIMEOUT_MS } from "./config.js";
import { FORM_TOOL_NAME, formToolDescriptor } from "./tool.js";
import { isToolError, toCallToolResult } from "./tool-result.js";

export interface FormServerOptions {
  /** How long to wait for a submission, 1–1,500,000 ms; 15 minutes by default. */
  timeoutMs?: number;
  /** Where log lines go; nowhere by default (the serve command sends them to standard error). */
  log?: Log;
}

/**
 * An MCP server exposing `form_elicitation_v2_request`, ready to `connect()` to one
 * transport (one server per connection: the SDK keeps one client's capabilities per server).
 */
export function createFormServer(options: FormServerOptions = {}): Server {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < MIN_TIMEOUT_MS || timeoutMs > MAX_TIMEOUT_MS) {
    throw new RangeError(`timeoutMs must be an integer from ${MIN_TIMEOUT_MS} to ${MAX_TIMEOUT_MS}, got ${timeoutMs}`);
  }
  const log = options.log ?? (() => {});
  const server = new Server({ name: packageJson.name, version: packageJson.version }, { capabilities: { tools: {} } });
  server.onerror = (error) => log(`mcp error: ${protocolErrorLine(error)}`, "warn");

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [formToolDescriptor] }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    if (request.params.name !== FORM_TOOL_NAME) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    }
    const result = await runFormTool(
      request.params.arguments,
      {
        clientCapabilities: server.getClientCapabilities(),
        signal: extra.signal,
        isConnected: () => server.transport !== undefined,
        // `extra.sendRequest` ties the request to this tool call: over Streamable HTTP it
        // travels on the call's own stream, and cancelling the call cancels it.
        elicit: async (params: NativeRequestParams, timeout: number) => {
          // The envelope's `_meta` belongs to MCP, not to the person's answer.
          const { _meta, ...answer } = await extra.sendRequest(
            { method: NATIVE_METHOD, params: { ...params } },
            ResultSchema,
            { timeout, maxTotalTimeout: timeout, signal: extra.signal },
          );
          return answer;
        },
      },
      timeoutMs,
      log,
    );
    log(`${FORM_TOOL_NAME}: ${isToolError(result) ? `${result.error.code}: ${result.error.message}` : result.action}`);
    return toCallToolResult(result);
  });

  return server;
}

/** The SDK's words for a response nobody waits for: an answer sent twice, late, or made up. */
const UNKNOWN_RESPONSE = "Received a response for an unknown message ID: ";
const MAX_LOGGED_ERROR = 300;

/**
 * One log line for a protocol error. A response to a request that is no longer pending
 * (answered twice, after the timeout or cancellation) carries the person's answers, which
 * are never logged, so only its id is kept; the SDK's multi-line schema report for a
 * message that is not JSON-RPC becomes one phrase; anything else is folded onto one line
 * and shortened.
 */
function protocolErrorLine(error: Error): string {
  const text = error.message.startsWith(UNKNOWN_RESPONSE)
    ? `ignored a response for no pending request (id ${responseId(error.message.slice(UNKNOWN_RESPONSE.length))})`
    : error.name === "ZodError"
      ? "ignored a message that is not JSON-RPC 2.0"
      : error.message;
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > MAX_LOGGED_ERROR ? `${line.slice(0, MAX_LOGGED_ERROR)}…` : line;
}

function responseId(json: string): string {
  try {
    return JSON.stringify((JSON.parse(json) as { id?: unknown }).id) ?? "none";
  } catch {
    return "unreadable";
  }
}
