import {
  Client,
  InMemoryTransport,
  StreamableHTTPClientTransport,
  type ClientCapabilities,
  type JSONRPCRequest,
} from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { serveStdio, type StdioOptions } from "../../src/server/index.js";
import { root, serveCommand, serverEnv, type ClientBehaviour } from "./harness.js";

/**
 * The modern-era test peer: the SDK v2 `Client` pinned to MCP 2026-07-28. It fulfils the
 * server's `input_required` answers itself, through its `elicitation/create` handler, and
 * retries the call with the answers and the echoed `requestState`, as a host would.
 */
export interface ModernHost {
  client: Client;
  /** Every input request the client was asked to fulfil. */
  received: { method: string; params: Record<string, unknown> }[];
  serverLog(): string;
  close(): Promise<void>;
}

export interface ModernHostOptions {
  capabilities: ClientCapabilities;
  /** Answers each input request. */
  answer: (params: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** Manual rounds: `callTool` returns `input_required` instead of fulfilling it. */
  manual?: boolean;
}

/** How the server under test is configured: options in process, environment variables for a child. */
export interface ServerSetup {
  timeoutMs?: number;
  env?: Record<string, string>;
  options?: Omit<StdioOptions, "transport" | "stdin" | "stdout">;
}

export type ConnectModern = (options: ModernHostOptions, server?: ServerSetup) => Promise<ModernHost>;

/** The 2026-07-28 capabilities of a host showing native forms: both entries, as the OpenAI specification requires. */
export const modernNativeForms: ClientCapabilities = {
  elicitation: { form: {} },
  extensions: { "openai/elicitation": { form: {} } },
} as ClientCapabilities;

function newClient(options: ModernHostOptions, received: ModernHost["received"]): Client {
  const client = new Client(
    { name: "formgate-test-host-2026", version: "1.0.0" },
    {
      capabilities: options.capabilities,
      versionNegotiation: { mode: { pin: "2026-07-28" } },
      ...(options.manual === true && { inputRequired: { autoFulfill: false } }),
    },
  );
  // The SDK refuses a handler for a capability the client does not declare.
  if (options.capabilities.elicitation === undefined) return client;
  client.setRequestHandler("elicitation/create", async (request) => {
    const params = request.params as unknown as Record<string, unknown>;
    received.push({ method: request.method, params });
    // The SDK validates a handler's result against ElicitResult; the tests need to send what a faulty host would.
    return (await options.answer(params)) as never;
  });
  return client;
}

/** In process: the server end served by formgate's `serveStdio` over one end of the SDK's in-memory pair. */
export const connectModernInMemory: ConnectModern = async (options, server = {}) => {
  const log: string[] = [];
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const serverOptions: StdioOptions = {
    ...server.options,
    transport: serverTransport as unknown as StdioOptions["transport"],
    log: (line) => log.push(line),
  };
  if (server.timeoutMs !== undefined) serverOptions.timeoutMs = server.timeoutMs;
  await serveStdio(serverOptions);
  const received: ModernHost["received"] = [];
  const client = newClient(options, received);
  await client.connect(clientTransport);
  return { client, received, serverLog: () => log.join("\n"), close: () => client.close() };
};

/** `formgate serve` as a child process, over stdio. */
export const connectModernStdio: ConnectModern = async (options, server = {}) => {
  const { command, args } = serveCommand();
  const transport = new StdioClientTransport({
    command,
    args,
    cwd: root.pathname,
    env: { ...serverEnv(server.timeoutMs), ...server.env },
    stderr: "pipe",
  });
  let log = "";
  transport.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString("utf8")));
  const received: ModernHost["received"] = [];
  const client = newClient(options, received);
  await client.connect(transport);
  return { client, received, serverLog: () => log, close: () => client.close() };
};

/** A client of a running `formgate serve --http` at `url` (stateless: no session). */
export async function connectModernHttp(
  url: URL,
  options: ModernHostOptions,
  serverLog: () => string = () => "",
): Promise<ModernHost> {
  const received: ModernHost["received"] = [];
  const client = newClient(options, received);
  await client.connect(new StreamableHTTPClientTransport(url));
  return { client, received, serverLog, close: () => client.close() };
}

/** Answers as a fixture says; the modern era has no server-initiated request to fail or to hold open. */
export function modernFixtureAnswer(
  behaviour: ClientBehaviour,
  timeoutMs: number | undefined,
): ModernHostOptions["answer"] | undefined {
  if (behaviour === "close" || (typeof behaviour === "object" && "error" in behaviour)) return undefined;
  // "Never answers" becomes: answers after the form's deadline, which the state records.
  if (behaviour === "never")
    return async () =>
      new Promise((resolve) => setTimeout(() => resolve({ action: "accept", content: {} }), (timeoutMs ?? 0) + 50));
  return async () => behaviour.result;
}

export type { JSONRPCRequest };
