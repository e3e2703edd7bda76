import {
  type ClientCapabilities,
  McpServer,
  inputRequired,
  type InputRequiredSpec,
  type ServerContext,
  type StandardSchemaV1,
  type StandardSchemaWithJSON,
} from "@modelcontextprotocol/server";
import packageJson from "../../package.json" with { type: "json" };
import { callTool2025, callTool2026, type SessionState, type ToolSettings } from "./adapter.js";
import { checkedOption, defaultServerConfig, type ServerConfig, type ServerLimits } from "./config.js";
import { capped, guardedLog, type Log } from "./log.js";
import { PendingForms } from "./pending-forms.js";
import { createStateSealer, type StateSealer, type StateVerdict } from "./request-state.js";
import { DATA_TOOL_INPUT_SCHEMA } from "../protocols/data/tool.js";
import { FORM_TOOL_DESCRIPTION, FORM_TOOL_NAME, formToolDescriptor } from "./tool.js";
import { failureResult, isToolError, toCallToolResult } from "./tool-result.js";
import { runAppFormTool } from "./app/app-call.js";
import { AppForms } from "./app/app-forms.js";
import { showsFormsOnlyAsApp } from "./app/capability.js";
import { APP_SHOWN_RESULT } from "./app/app-shown.js";
import { dataProtocol } from "../protocols/data/index.js";
import { registerFormApp } from "./app/register.js";
import { requestEra } from "./request-era.js";

export interface FormServerOptions
  extends Partial<Omit<ServerConfig, "maxSessions" | "sessionIdleMs" | "allowedHosts" | "limits">> {
  /** Where log lines go; nowhere by default (the serve command sends them to standard error). */
  log?: Log;
  /** The bounds (docs/security.md); each one left out is its default. */
  limits?: Partial<ServerLimits>;
}

/**
 * Builds one MCP server instance; the SDK's serving entries call it per connection (2025) or per request (2026-07-28).
 */
export type FormServerFactory = () => McpServer;

/**
 * The factory of servers exposing `form_elicitation_v2_request`, for both MCP eras. What
 * must be shared between instances is made once here: the state keys (a random one when
 * none is configured), so a modern retry served by another instance of the same factory
 * verifies.
 */
export function formServerFactory(options: FormServerOptions = {}): FormServerFactory {
  return formServers(options).factory;
}

/**
 * The factory, and what its servers share that the serving entries need: the pending forms (to
 * stop), the log, the bounds.
 */
export interface FormServers {
  factory: FormServerFactory;
  pending: PendingForms;
  log: Log;
  limits: ServerLimits;
}

export function formServers(options: FormServerOptions = {}): FormServers {
  const limits = { ...defaultServerConfig().limits, ...options.limits };
  const settings = toolSettings(options, limits);
  const sealer = createStateSealer(options.stateKeys, settings.timeoutMs);
  return { factory: () => buildServer(settings, sealer), pending: settings.pending, log: settings.log, limits };
}

/**
 * One server instance, with its own random state key unless `stateKeys` is given. Connected
 * with `connect(transport)` it serves the 2025 era only (that is how the SDK binds a plain
 * connection); to serve both eras, hand a transport to `serveStdio({ transport })`, or
 * `formServerFactory(options)` to the SDK's serving entries.
 */
export function createFormServer(options: FormServerOptions = {}): McpServer {
  return formServerFactory(options)();
}

function toolSettings(options: FormServerOptions, limits: ServerLimits): ToolSettings {
  const defaults = defaultServerConfig();
  const timeoutMs = checkedOption("timeoutMs", options.timeoutMs ?? defaults.timeoutMs);
  const keepAliveMs = checkedOption("keepAliveMs", options.keepAliveMs ?? defaults.keepAliveMs);
  const log = guardedLog(options.log ?? (() => {}));
  return {
    timeoutMs,
    keepAliveMs,
    standardFallback: options.standardFallback ?? defaults.standardFallback,
    log,
    pending: new PendingForms(limits, log),
  };
}

/**
 * The tool's input schema as the SDK wants it: listed verbatim, and not validated by the
 * SDK, because formgate's own Data contract validates the arguments and answers with an
 * `invalid_arguments` result the model can act on (the SDK's would be a bare text error).
 */
const formInput: StandardSchemaWithJSON<unknown, unknown> = {
  "~standard": {
    version: 1,
    vendor: "formgate",
    validate: (value: unknown): StandardSchemaV1.Result<unknown> => ({ value }),
    jsonSchema: {
      input: () => DATA_TOOL_INPUT_SCHEMA,
      output: () => DATA_TOOL_INPUT_SCHEMA,
    },
  },
};

/** Accepts any result object: the form's protocol validates the answer and reports what is wrong. */
const anyResult: StandardSchemaV1<unknown, Record<string, unknown>> = {
  "~standard": {
    version: 1,
    vendor: "formgate",
    validate: (value: unknown) =>
      value !== null && typeof value === "object" && !Array.isArray(value)
        ? { value: value as Record<string, unknown> }
        : { issues: [{ message: "must be an object" }] },
  },
};

function buildServer(settings: ToolSettings, sealer: StateSealer): McpServer {
  const { log } = settings;
  const mcp = new McpServer(
    { name: packageJson.name, version: packageJson.version },
    {
      capabilities: { tools: {} },
      // Never rejects: a bad state becomes a Data tool error result, which the model sees (docs/server.md).
      requestState: { verify: (state: string): Promise<StateVerdict> => sealer.verify(state) },
    },
  );
  const server = mcp.server;
  server.onerror = (error) => logProtocolError(log, error);
  // One server instance is one 2025-era session (an HTTP session, a stdio connection).
  const session: SessionState = { share: { forms: 0, bytes: 0 }, refusesNativeForms: false };

  const appForms = new AppForms();
  const formTool = mcp.registerTool(
    FORM_TOOL_NAME,
    { description: FORM_TOOL_DESCRIPTION, inputSchema: formInput, annotations: formToolDescriptor.annotations },
    async (args: unknown, ctx: ServerContext) => {
      const era = requestEra(server, ctx);
      if (era.modern) return serve2026(args, ctx, era.clientCapabilities, sealer, settings);
      return serve2025(args, ctx, { server, session, appForms }, settings);
    },
  );
  registerFormApp(mcp, formTool, appForms, settings.standardFallback);
  return mcp;
}

/** One round of a 2026-07-28 call: an MCP App's result, an input request, or the call's result. */
async function serve2026(
  args: unknown,
  ctx: ServerContext,
  clientCapabilities: ClientCapabilities | undefined,
  sealer: StateSealer,
  settings: ToolSettings,
) {
  const { log } = settings;
  if (showsFormsOnlyAsApp(clientCapabilities, true, settings.standardFallback)) {
    // No input request can reach this client: the call ends now, naming the app (docs/mcp-apps.md).
    const form = dataProtocol.readForm(args);
    if (!form.ok) return finish(failureResult("invalid_arguments", form.error), log);
    log(`${FORM_TOOL_NAME}: form shown as an MCP App, answered by the person's message (2026-07-28)`);
    return APP_SHOWN_RESULT;
  }
  const outcome = await callTool2026(
    args,
    {
      clientCapabilities,
      state: ctx.mcpReq.requestState<StateVerdict>(),
      inputResponses: ctx.mcpReq.inputResponses,
      droppedKeys: ctx.mcpReq.droppedInputResponseKeys,
    },
    sealer,
    settings,
  );
  if ("requestState" in outcome) {
    log(`${FORM_TOOL_NAME}: form sent as an input request (2026-07-28)`);
    // The params are the form protocol's own output, checked by it as they were written.
    return inputRequired(outcome as InputRequiredSpec);
  }
  return finish(outcome, log);
}

/** What a 2025-era call needs of the server instance it runs in (one instance is one session). */
interface Connection2025 {
  server: McpServer["server"];
  session: SessionState;
  appForms: AppForms;
}

/** A 2025-era call: the form sent as a server-initiated request (or shown as an MCP App), its answer awaited. */
async function serve2025(args: unknown, ctx: ServerContext, connection: Connection2025, settings: ToolSettings) {
  const { log } = settings;
  const { server, session } = connection;
  // Deprecated only as a 2026-era accessor: on a 2025-era connection it holds what `initialize` said.
  const clientCapabilities = server.getClientCapabilities();
  const keepAlive = progressKeepAlive(ctx, log);
  const signal = ctx.mcpReq.signal;
  const isConnected = () => server.transport !== undefined;
  if (showsFormsOnlyAsApp(clientCapabilities, false, settings.standardFallback)) {
    log(`${FORM_TOOL_NAME}: form shown as an MCP App`);
    const channel = { requestId: ctx.mcpReq.id, signal, isConnected, session, keepAlive };
    return finish(await runAppFormTool(args, channel, settings, connection.appForms), log);
  }
  const result = await callTool2025(
    args,
    {
      clientCapabilities,
      signal,
      isConnected,
      session,
      // `mcpReq.send` ties the request to this tool call: over Streamable HTTP it travels
      // on the call's own stream, and cancelling the call cancels it.
      elicit: (method, params, timeout, signal) =>
        ctx.mcpReq.send({ method, params }, anyResult, { timeout, maxTotalTimeout: timeout, signal }),
      keepAlive,
    },
    settings,
  );
  return finish(result, log);
}

/** Sends one `notifications/progress` each time it is called, for a call that carried a progressToken. */
function progressKeepAlive(ctx: ServerContext, log: Log): (() => void) | undefined {
  const progressToken = ctx.mcpReq._meta?.progressToken;
  if (progressToken === undefined) return undefined;
  let progress = 0;
  return () =>
    void ctx.mcpReq
      .notify({
        method: "notifications/progress",
        params: { progressToken, progress: ++progress, message: "Waiting for the person to submit the form" },
      })
      .catch((error: unknown) => log(`keep-alive not sent: ${error instanceof Error ? error.message : String(error)}`));
}

function finish(result: Parameters<typeof toCallToolResult>[0], log: Log) {
  // The action is checked by now (accept, decline or cancel); an error's message may quote what a client sent.
  log(
    `${FORM_TOOL_NAME}: ` +
      `${isToolError(result) ? `${result.error.code}: ${capped(result.error.message)}` : result.action}`,
  );
  return toCallToolResult(result);
}

/**
 * Errors already logged: the SDK's stdio entry reports a transport error to its own
 * `onerror` and hands the same error to the connection's server, which reports it too.
 */
const loggedErrors = new WeakSet<Error>();

/** Logs a protocol error once, as one line (`mcp error: …`). */
export function logProtocolError(log: Log, error: Error): void {
  if (loggedErrors.has(error)) return;
  loggedErrors.add(error);
  log(`mcp error: ${protocolErrorLine(error)}`, "warn");
}

/** The SDK's words for a response nobody waits for: an answer sent twice, late, or made up. */
const UNKNOWN_RESPONSE = "Received a response for an unknown message ID: ";

/**
 * One log line for a protocol error. A response to a request that is no longer pending
 * (answered twice, after the timeout or cancellation) carries the person's answers, which
 * are never logged, so only its id is kept; the SDK's multi-line schema report for a
 * message that is not JSON-RPC becomes one phrase; anything else is folded onto one line
 * and shortened.
 */
export function protocolErrorLine(error: Error): string {
  const text = error.message.startsWith(UNKNOWN_RESPONSE)
    ? `ignored a response for no pending request (id ${responseId(error.message.slice(UNKNOWN_RESPONSE.length))})`
    : isSchemaReport(error)
      ? "ignored a message that is not JSON-RPC 2.0"
      : error.message;
  return capped(text);
}

/** The SDK's schema check of an incoming message: a zod error, whose message is its JSON list of issues. */
function isSchemaReport(error: Error): boolean {
  return (
    error.name === "ZodError" || error.name === "$ZodError" || /^\[\s*\{\s*"(?:code|expected)"/.test(error.message)
  );
}

function responseId(json: string): string {
  try {
    return JSON.stringify((JSON.parse(json) as { id?: unknown }).id) ?? "none";
  } catch {
    return "unreadable";
  }
}
