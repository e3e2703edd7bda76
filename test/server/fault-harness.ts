import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { type IncomingHttpHeaders, request as httpRequest } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  LATEST_PROTOCOL_VERSION,
  McpError,
  type CallToolResult,
  type JSONRPCMessage,
  type JSONRPCRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { FORM_TOOL_NAME } from "../../src/server/index.js";
import { mulberry32 } from "../../bench/generators/random.js";
import { nativeForms, serveCommand, serverEnv } from "./harness.js";

const root = new URL("../../", import.meta.url);

/** What the fault tests tried and what held; printed once at the end of the run. */
export const tally = { scenarios: 0, held: 0, calls: 0, faults: 0, crossed: 0 };

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Resolves once `signal` aborts, or after `ms` at the latest; the timer is cleared on abort, so none outlives the wait.
 */
export function abortedWithin(signal: AbortSignal, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const cap = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(cap);
        resolve();
      },
      { once: true },
    );
  });
}

/** How one `openai/elicitation/create` reached the test host, and what the host can do besides answering. */
export interface Elicitation {
  request: JSONRPCRequest;
  /** The JSON-RPC id the server gave it. */
  id: string | number;
  /** Aborted when the server cancels the request (timeout, cancelled tool call). */
  signal: AbortSignal;
  /** Writes a message straight onto the connection, bypassing the SDK's bookkeeping. */
  sendRaw(message: JSONRPCMessage): Promise<void>;
}

export type Answer = (elicitation: Elicitation) => Promise<Record<string, unknown>>;

/** A real SDK Client connected to the server under test. */
export interface FaultHost {
  client: Client;
  /** Every form the client received, in arrival order. */
  received: JSONRPCRequest[];
  /** Calls the form tool (counted in the tally). */
  call(args: unknown, options?: { signal?: AbortSignal; timeout?: number }): Promise<CallToolResult>;
}

function newClient(answer: Answer, transport: () => Transport, received: JSONRPCRequest[]): Client {
  const client = new Client({ name: "formgate-fault-host", version: "1.0.0" }, { capabilities: nativeForms });
  client.fallbackRequestHandler = async (request, extra) => {
    if (request.method !== "openai/elicitation/create")
      throw new McpError(-32601, `Method not found: ${request.method}`);
    received.push(request);
    return answer({
      request,
      id: extra.requestId,
      signal: extra.signal,
      sendRaw: (message) => transport().send(message),
    });
  };
  return client;
}

function hostOf(client: Client, received: JSONRPCRequest[]): FaultHost {
  return {
    client,
    received,
    call: (args, options) => {
      tally.calls++;
      return client.callTool(
        { name: FORM_TOOL_NAME, arguments: args as Record<string, unknown> },
        undefined,
        options,
      ) as Promise<CallToolResult>;
    },
  };
}

/**
 * `formgate serve` as a child process, spoken to over its real stdin and stdout. The SDK's
 * own StdioClientTransport hides the pipes; this one exposes them, so a test can write raw
 * bytes or break the pipes the way a client that dies does.
 */
export class ServerProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly child: ChildProcessWithoutNullStreams;
  /** Resolves with the exit status once the process has exited and its output has all been read. */
  readonly exited: Promise<number | null>;
  private stderr = "";
  private readonly buffer = new ReadBuffer();

  constructor(timeoutMs?: number) {
    const { command, args } = serveCommand();
    this.child = spawn(command, args, { cwd: root.pathname, env: serverEnv(timeoutMs), stdio: "pipe" });
    this.child.stderr.on("data", (chunk: Buffer) => (this.stderr += chunk.toString("utf8")));
    // A broken pipe is what some scenarios are about; it must not fail the test process.
    this.child.stdin.on("error", () => {});
    // "close", not "exit": only then has everything the server wrote to its log reached us.
    this.exited = new Promise((resolve) => this.child.once("close", (code) => resolve(code)));
    void this.exited.then(() => this.onclose?.());
  }

  /** The server's log (standard error) so far. */
  log(): string {
    return this.stderr;
  }

  async start(): Promise<void> {
    this.child.stdout.on("data", (chunk: Buffer) => {
      this.buffer.append(chunk);
      for (;;) {
        let message: JSONRPCMessage | null;
        try {
          message = this.buffer.readMessage();
        } catch (error) {
          this.onerror?.(error as Error);
          continue;
        }
        if (message === null) break;
        this.onmessage?.(message);
      }
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.writeRaw(serializeMessage(message));
  }

  /** Bytes straight onto the server's standard input. */
  writeRaw(bytes: string | Buffer): void {
    if (!this.child.stdin.destroyed) this.child.stdin.write(bytes);
  }

  /** Ends the server's standard input, as a client that closes cleanly does, and waits for the exit. */
  async close(): Promise<void> {
    this.child.stdin.end();
    await this.exited;
  }

  /** Breaks the pipes without a word, as a client that is killed does. */
  breakPipes(streams: ("stdin" | "stdout" | "stderr")[]): void {
    for (const name of streams) this.child[name].destroy();
  }
}

export interface StdioFaultHost extends FaultHost {
  transport: ServerProcessTransport;
}

export async function connectStdioChild(answer: Answer, timeoutMs?: number): Promise<StdioFaultHost> {
  const transport = new ServerProcessTransport(timeoutMs);
  const received: JSONRPCRequest[] = [];
  const client = newClient(answer, () => transport, received);
  await client.connect(transport);
  return { ...hostOf(client, received), transport };
}

export interface HttpFaultHost extends FaultHost {
  transport: StreamableHTTPClientTransport;
  sessionId(): string;
  /** Ends the session as a client should: DELETE, then close. */
  endSession(): Promise<void>;
}

/** A new session on a running HTTP server. */
export async function connectHttpSession(url: URL, answer: Answer): Promise<HttpFaultHost> {
  const transport = new StreamableHTTPClientTransport(url);
  const received: JSONRPCRequest[] = [];
  const client = newClient(answer, () => transport, received);
  await client.connect(transport);
  return {
    ...hostOf(client, received),
    transport,
    sessionId: () => transport.sessionId as string,
    endSession: async () => {
      await transport.terminateSession();
      await client.close();
    },
  };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A raw HTTP request to the server, for bodies and headers no SDK client would send. */
export function rawHttp(
  url: URL,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; sessionId?: string },
): Promise<RawResponse> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": LATEST_PROTOCOL_VERSION,
    ...(options.sessionId === undefined ? {} : { "mcp-session-id": options.sessionId }),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, method: options.method ?? "POST", headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/**
 * A 2026-07-28 listen stream held open from `holder` (its body still being sent), then a second
 * listen from this machine's default address while the first holds its place: the second's answer.
 */
export async function listenWhileAnotherListens(url: URL, holder?: string): Promise<RawResponse> {
  const headers = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": "2026-07-28",
    "mcp-method": "subscriptions/listen",
  };
  const open = httpRequest({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: "POST",
    headers,
    ...(holder === undefined ? {} : { localAddress: holder }),
  });
  open.on("error", () => {});
  open.write('{"jsonrpc":"2.0","id":1,');
  try {
    await sleep(100);
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 2,
      method: "subscriptions/listen",
      params: { notifications: {} },
    });
    return await rawHttp(url, { headers, body });
  } finally {
    open.destroy();
  }
}

/**
 * Sends a `tools/call` on a raw HTTP request, waits until the form request arrives on its
 * event stream, and then drops the connection: a client that vanishes without ending its
 * session or cancelling the call.
 */
export function callThenDropConnection(
  url: URL,
  sessionId: string,
  id: number,
  args: unknown,
): Promise<JSONRPCRequest> {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: FORM_TOOL_NAME, arguments: args },
  });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": LATEST_PROTOCOL_VERSION,
          "mcp-session-id": sessionId,
        },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => {
          text += chunk.toString("utf8");
          const line = text.split("\n").find((l) => l.startsWith("data: ") && l.includes("openai/elicitation/create"));
          if (line === undefined) return;
          req.destroy();
          resolve(JSON.parse(line.slice("data: ".length)) as JSONRPCRequest);
        });
        res.on("error", () => {});
      },
    );
    req.on("error", () => {});
    req.once("close", () => reject(new Error("the connection closed before the form arrived")));
    req.end(body);
  });
}

/** Runs `formgate serve` with these arguments and environment until it exits. */
export async function runServeChild(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { command, args: base } = serveCommand();
  const child = spawn(command, [...base, ...args], { cwd: root.pathname, env, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  // A server that did start (a bug here) must not hang the test: it is stopped after a while.
  const guard = setTimeout(() => child.kill("SIGTERM"), 10_000);
  const code = await new Promise<number | null>((resolve) => child.once("close", (status) => resolve(status)));
  clearTimeout(guard);
  return { code, stdout, stderr };
}

/** A JavaScript stack trace in a log: the sign of an uncaught exception. */
export const STACK_TRACE = /^\s+at .+(?:\(|:\d+)/m;

/** Counts the live timers of this process: each pending form request holds one. */
export function liveTimers(): number {
  return process.getActiveResourcesInfo().filter((name) => name === "Timeout").length;
}

// ---- flood: every call's form and answer carry its own tag, so a crossed wire shows ----

/** The arguments of flood call `tag`: its tag in the header, the question ids and the option ids. */
export function floodArgs(tag: string): Record<string, unknown> {
  return {
    message: `Flood ${tag}`,
    questions: [
      { id: `t_${tag}`, type: "text", title: `Text for ${tag}`, required: true },
      {
        id: `c_${tag}`,
        type: "single_select",
        title: `Pick for ${tag}`,
        required: false,
        options: [
          { id: `a_${tag}`, title: "A" },
          { id: `b_${tag}`, title: "B" },
        ],
      },
    ],
  };
}

/** What flood call number `n` is answered with: mostly accept, and every other outcome too. */
type FloodOutcome = "accept" | "decline" | "cancel" | "invalid" | "error";
const OUTCOMES: FloodOutcome[] = ["accept", "accept", "accept", "accept", "decline", "cancel", "invalid", "error"];

function floodTag(request: JSONRPCRequest): string {
  const message = (request.params as { message?: unknown }).message;
  if (typeof message !== "string" || !message.startsWith("Flood "))
    throw new Error(`not a flood form: ${JSON.stringify(message)}`);
  return message.slice("Flood ".length);
}

function outcomeOf(tag: string): FloodOutcome {
  return OUTCOMES[Number(/(\d+)$/.exec(tag)?.[1]) % OUTCOMES.length] as FloodOutcome;
}

/**
 * The host's side of the flood: reads the tag from the form it received (never from
 * anything shared), waits a little so answers come back out of order, and answers. The
 * waits are drawn from `seed`, so the answer order is the same on every run.
 */
export function floodAnswer(seed: number): Answer {
  const random = mulberry32(seed);
  return async ({ request }) => {
    const tag = floodTag(request);
    await sleep(random.int(25));
    switch (outcomeOf(tag)) {
      case "accept":
        return { action: "accept", content: floodContent(tag) };
      case "decline":
        return { action: "decline" };
      case "cancel":
        return { action: "cancel" };
      case "invalid":
        return { action: "accept", content: { [`t_${tag}`]: 42 } };
      case "error":
        throw Object.assign(new Error(`host error for ${tag}`), { code: -32603 });
    }
  };
}

/** The answers the host gives flood call `tag`, which the model must get back unchanged. */
function floodContent(tag: string): Record<string, string> {
  return { [`t_${tag}`]: `typed for ${tag}`, [`c_${tag}`]: `b_${tag}` };
}

/** What the model must get back for flood call `tag`. */
export function floodExpected(tag: string): unknown {
  switch (outcomeOf(tag)) {
    case "accept":
      return { action: "accept", content: floodContent(tag) };
    case "decline":
      return { action: "decline" };
    case "cancel":
      return { action: "cancel" };
    case "invalid":
      return { error: { code: "invalid_response", issuePath: ["content", `t_${tag}`] } };
    case "error":
      return {
        error: {
          code: "transport_error",
          message:
            `The form request failed before a valid response arrived: host error for ${tag} (JSON-RPC code ` +
            `-32603)`,
        },
      };
  }
}

/** The part of a result the flood compares: the whole result, or an error's code and its own identifying detail. */
export function floodSeen(result: CallToolResult): unknown {
  const structured = result.structuredContent as
    | { error?: { code: string; message: string; issues?: { path: (string | number)[] }[] } }
    | undefined;
  const error = structured?.error;
  if (error === undefined) return structured;
  if (error.code === "invalid_response") return { error: { code: error.code, issuePath: error.issues?.[0]?.path } };
  return { error: { code: error.code, message: error.message } };
}

// ---- the 1 MiB limit ----

/** The limit on serialized arguments: 1 MiB of JSON characters (docs/data-tool.md). */
export const ARGUMENTS_LIMIT = 1_048_576;

/**
 * Valid arguments whose `JSON.stringify` is exactly `length` characters: a single-select
 * question whose options carry base64 thumbnails (each within the 262,144-character image
 * limit), padded to the character with the question's description.
 */
export function argumentsOfLength(length: number): Record<string, unknown> {
  const build = (payload: number, pad: number) => {
    const options = Array.from({ length: 24 }, (_, i) => ({
      id: `o${i}`,
      title: `Option ${i}`,
      thumbnail: { src: `data:image/png;base64,${"A".repeat(i === 23 ? payload : 43_000)}` },
    }));
    return {
      message: "Pick one",
      questions: [
        {
          id: "pick",
          type: "single_select",
          title: "Pick one",
          description: `Padding${".".repeat(pad)}`,
          required: false,
          options,
        },
      ],
    };
  };
  const base = JSON.stringify(build(0, 0)).length;
  const room = length - base;
  const payload = room - (room % 4);
  const args = build(payload, room % 4);
  if (JSON.stringify(args).length !== length) throw new Error(`could not build arguments of ${length} characters`);
  return args;
}
