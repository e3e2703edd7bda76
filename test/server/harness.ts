import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { ClientCapabilities, JSONRPCRequest } from "@modelcontextprotocol/sdk/types.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { InMemoryTransport as LinkedTransport } from "@modelcontextprotocol/server";
import { serveStdio } from "../../src/server/index.js";
import { BUILT_CLI, builtCliIsCurrent } from "../support/built-cli.js";

export const root = new URL("../../", import.meta.url);
const fixtureDir = new URL("test/fixtures/server/", root);

/** What a host that shows native forms advertises at `initialize`. */
export const nativeForms: ClientCapabilities = { extensions: { "openai/elicitation": { form: {} } } };
/** What a host that shows only standard MCP forms advertises. */
export const standardForms: ClientCapabilities = { elicitation: { form: {} } } as ClientCapabilities;

/** How the test host answers `openai/elicitation/create`. */
export type ClientBehaviour =
  | { result: Record<string, unknown> }
  | { error: { code: number; message: string } }
  | "never"
  | "close";

/** One case of test/fixtures/server/: a client, the arguments it calls with, what it answers, what the model gets. */
export interface Fixture {
  file: string;
  title: string;
  capabilities: ClientCapabilities;
  /** The arguments, or the name of a file in test/fixtures/server/arguments/. */
  arguments: unknown;
  timeoutMs?: number;
  client: ClientBehaviour;
  expected: {
    isError: boolean;
    result?: unknown;
    code?: string;
    issuePaths?: (string | number)[][];
    /** The issue paths a standard-only peer gets, where they differ (mcp drops an undeclared key with a warning). */
    standardIssuePaths?: (string | number)[][];
  };
}

export function loadFixtures(): Fixture[] {
  return readdirSync(fixtureDir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((file) => {
      const fixture = JSON.parse(readFileSync(new URL(file, fixtureDir), "utf8")) as Fixture;
      return {
        ...fixture,
        file,
        arguments: typeof fixture.arguments === "string" ? loadArguments(fixture.arguments) : fixture.arguments,
      };
    });
}

export function loadArguments(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`arguments/${name}.json`, fixtureDir), "utf8")) as Record<string, unknown>;
}

/** A connected test host: the SDK's own Client, plus what it received and the server's log. */
export interface Host {
  client: Client;
  /** Every `openai/elicitation/create` request the client received. */
  received: JSONRPCRequest[];
  /** The server's log so far. */
  serverLog(): string;
  /** Ends the connection the way this transport's client would. */
  disconnect(): Promise<void>;
}

export interface HostOptions {
  capabilities: ClientCapabilities;
  /** The form method the host answers: `openai/elicitation/create` unless it shows only standard forms. */
  method?: string;
  /** Decides each answer; `received` already holds the request when it is called. */
  answer: (request: JSONRPCRequest, host: Host, signal: AbortSignal) => Promise<Record<string, unknown>>;
  timeoutMs?: number;
}

/** How a transport under test connects a host to a fresh server (or session). */
export type Connect = (options: HostOptions) => Promise<Host>;

/** Answers as a fixture says. */
export function fixtureAnswer(behaviour: ClientBehaviour): HostOptions["answer"] {
  return async (_request, host, signal) => {
    if (behaviour === "never") return new Promise(() => {});
    if (behaviour === "close") {
      setTimeout(() => void host.disconnect(), 10);
      return new Promise(() => {});
    }
    // A plain Error with a code: the SDK sends its message as is (McpError would prefix "MCP error <code>: ").
    if ("error" in behaviour) throw Object.assign(new Error(behaviour.error.message), { code: behaviour.error.code });
    signal.throwIfAborted();
    return behaviour.result;
  };
}

function newClient(options: HostOptions, host: () => Host): Client {
  const client = new Client({ name: "formgate-test-host", version: "1.0.0" }, { capabilities: options.capabilities });
  // SDK 1.x registers request handlers by zod schema only; the fallback handler receives
  // any method nobody registered, which is how a plain client answers a vendor method.
  client.fallbackRequestHandler = async (request, extra) => {
    if (request.method !== (options.method ?? "openai/elicitation/create"))
      throw new McpError(-32601, `Method not found: ${request.method}`);
    host().received.push(request);
    return options.answer(request, host(), extra.signal);
  };
  return client;
}

/** In-process, through the SDK's InMemoryTransport. */
export const connectInMemory: Connect = async (options) => {
  const log: string[] = [];
  // The server end is served by the SDK's entry, as over stdio: it pins the connection to the client's era.
  const [clientTransport, serverTransport] = LinkedTransport.createLinkedPair();
  await serveStdio({ transport: serverTransport, timeoutMs: options.timeoutMs, log: (line) => log.push(line) });
  const host: Host = {
    client: newClient(options, () => host),
    received: [],
    serverLog: () => log.join("\n"),
    disconnect: () => host.client.close(),
  };
  await host.client.connect(clientTransport as unknown as Parameters<Client["connect"]>[0]);
  return host;
};

/**
 * The command that runs `formgate serve`: the built CLI when dist/cli.js is current (built
 * after every change to src/ and schemas/), otherwise the same entry from source, so a stale
 * build never stands in for the code under test.
 */
export function serveCommand(): { command: string; args: string[]; label: string } {
  if (builtCliIsCurrent())
    return { command: process.execPath, args: [BUILT_CLI, "serve"], label: "node dist/cli.js serve" };
  const script = `import { main } from "./src/cli/main.ts";
process.exitCode = await main(["serve", ...process.argv.slice(1)]);`;
  return {
    command: process.execPath,
    args: ["--import", "tsx", "--input-type=module", "-e", script, "--"],
    label: "formgate serve from source (dist/cli.js not built, or older than src/)",
  };
}

/** The environment a server child gets: ours, with `DATA_FORMS_TIMEOUT_MS` set as given or unset. */
export function serverEnv(timeoutMs: number | string | undefined): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  if (timeoutMs === undefined) delete env.DATA_FORMS_TIMEOUT_MS;
  else env.DATA_FORMS_TIMEOUT_MS = String(timeoutMs);
  return env;
}

/** A child process per connection, over stdio. */
export const connectStdio: Connect = async (options) => {
  const { command, args } = serveCommand();
  const transport = new StdioClientTransport({
    command,
    args,
    cwd: root.pathname,
    env: serverEnv(options.timeoutMs),
    stderr: "pipe",
  });
  let log = "";
  transport.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString("utf8")));
  const host: Host = {
    client: newClient(options, () => host),
    received: [],
    serverLog: () => log,
    disconnect: () => host.client.close(),
  };
  await host.client.connect(transport);
  return host;
};

/** A running `formgate serve --http` child on an ephemeral loopback port. */
export interface HttpChild {
  url: URL;
  log(): string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startHttpChild(
  timeoutMs?: number,
  extraArgs: string[] = [],
  extraEnv: Record<string, string> = {},
): Promise<HttpChild> {
  const { command, args } = serveCommand();
  const child = spawn(command, [...args, "--http", "--port", "0", "--host", "127.0.0.1", ...extraArgs], {
    cwd: root.pathname,
    env: { ...serverEnv(timeoutMs), ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const url = await new Promise<URL>((resolve, reject) => {
    child.stderr.on("data", (chunk: Buffer) => {
      log += chunk.toString("utf8");
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(log);
      if (match?.[1] !== undefined) resolve(new URL(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`server exited (${code}) before listening:\n${log}`)));
  });
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  return {
    url,
    log: () => log,
    process: child,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** A session per connection on a shared HTTP child (one child per timeout). */
export function httpConnector(): { connect: Connect; stopAll(): Promise<void> } {
  const children = new Map<string, Promise<HttpChild>>();
  const connect: Connect = async (options) => {
    const key = String(options.timeoutMs);
    if (!children.has(key)) children.set(key, startHttpChild(options.timeoutMs));
    const child = await (children.get(key) as Promise<HttpChild>);
    const transport = new StreamableHTTPClientTransport(child.url);
    const host: Host = {
      client: newClient(options, () => host),
      received: [],
      serverLog: child.log,
      // Over HTTP a client ends its session with DELETE; dropping the socket alone is not a close.
      disconnect: async () => {
        await transport.terminateSession();
        await host.client.close();
      },
    };
    await host.client.connect(transport);
    return host;
  };
  const stopAll = async () => {
    await Promise.all([...children.values()].map(async (child) => (await child).stop()));
  };
  return { connect, stopAll };
}

/** Waits until `check` holds, polling; fails with `what` after `ms`. */
export async function eventually(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
