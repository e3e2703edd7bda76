import type { Readable, Writable } from "node:stream";
import { formatPath } from "../model/index.js";
import type { Log } from "./adapter.js";
import { DEFAULT_MAX_SESSIONS, readServerConfig, STATE_KEY_VARIABLE } from "./config.js";
import { DEFAULT_HTTP_HOST, DEFAULT_HTTP_PORT, serveHttp } from "./http.js";
import { serveStdio, type RunningServer } from "./stdio.js";

/**
 * What `formgate serve` talks to; the CLI's own io object fits as it is. Only `--help`
 * writes to `stdout`: over stdio, standard output carries MCP messages and nothing else.
 */
export interface ServeIO {
  /** Receives `--help`; standard error when absent (standard output may be the stdio transport). */
  stdout?(text: string): void;
  /** Receives every log line and error message. */
  stderr(text: string): void;
  env: Readonly<Record<string, string | undefined>>;
  /** The stdio transport's streams; the process's standard input and output by default. */
  stdio?: { stdin: Readable; stdout: Writable };
  /** Stops the server when aborted; without it, SIGINT and SIGTERM do. */
  signal?: AbortSignal;
}

/** The parsed command line of `formgate serve`. */
export type ServeFlags =
  | ({ transport: "stdio" } & CommonFlags)
  | ({ transport: "http"; port: number; host: string; maxSessions?: number } & CommonFlags)
  | { transport: "help" };

/** Flags of both transports; present only when given. */
interface CommonFlags {
  /** `--no-fallback`: native forms only (the seed document's strict behaviour). */
  noFallback?: true;
}

export const SERVE_USAGE = `Usage: formgate serve [--no-fallback] [--http [--port N] [--host H] [--max-sessions N]]

Runs the MCP server exposing form_elicitation_v2_request, to MCP clients of both eras
(2025 revisions with initialize; 2026-07-28, stateless).
  (no flags)        serve on stdio
  --http            serve Streamable HTTP at /mcp (2026-07-28 stateless, 2025 era in sessions)
  --port N          HTTP port, 0 for any free one (default ${DEFAULT_HTTP_PORT})
  --host H          HTTP interface to bind (default ${DEFAULT_HTTP_HOST}, this machine only)
  --max-sessions N  the most 2025-era HTTP sessions open at once (default ${DEFAULT_MAX_SESSIONS})
  --no-fallback     native forms only: no standard MCP elicitation for other clients
Environment:
  DATA_FORMS_TIMEOUT_MS        how long to wait for a submission, 1-1500000 ms (default 900000)
  FORMGATE_STATE_KEY           key signing 2026-07-28 form state (hex or base64, 32+ bytes);
                               unset: a random key per process
  FORMGATE_STATE_KEY_PREVIOUS  older keys still accepted, comma-separated (key rotation)
  FORMGATE_KEEPALIVE_MS        2025-era progress keep-alive interval, 0 for none (default 15000)
  FORMGATE_NO_FALLBACK         1 or true: as --no-fallback
  FORMGATE_MAX_SESSIONS        as --max-sessions
  FORMGATE_SESSION_IDLE_MS     idle time before a 2025-era HTTP session closes (default 1800000)
  FORMGATE_ALLOWED_HOSTS       accepted Host headers, comma-separated name:port
Logs go to standard error.
`;

/** Parses `serve`'s arguments (those after the word `serve`); a usage error is a string. */
export function parseServeArgs(args: readonly string[]): ServeFlags | { error: string } {
  let http = false;
  let noFallback = false;
  let port: string | undefined;
  let host: string | undefined;
  let maxSessions: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const [name, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (name === "--help" || name === "-h") return { transport: "help" };
    if (name === "--http" && inline === undefined) http = true;
    else if (name === "--no-fallback" && inline === undefined) noFallback = true;
    else if (name === "--port" || name === "--host" || name === "--max-sessions") {
      const value = inline ?? args[++i];
      if (value === undefined || value === "" || (inline === undefined && value.startsWith("--"))) return { error: `${name} needs a value` };
      if (name === "--port") port = value;
      else if (name === "--host") host = value;
      else maxSessions = value;
    } else return { error: `unknown argument: ${arg}` };
  }
  const common: CommonFlags = noFallback ? { noFallback: true } : {};
  if (!http) {
    if (port !== undefined || host !== undefined) return { error: "--port and --host only apply with --http" };
    if (maxSessions !== undefined) return { error: "--max-sessions only applies with --http" };
    return { transport: "stdio", ...common };
  }
  const portNumber = port === undefined ? DEFAULT_HTTP_PORT : /^\d{1,5}$/.test(port) ? Number(port) : Number.NaN;
  if (!(portNumber >= 0 && portNumber <= 65535)) return { error: `--port must be a whole number from 0 to 65535, got ${JSON.stringify(port)}` };
  const flags: ServeFlags = { transport: "http", port: portNumber, host: host ?? DEFAULT_HTTP_HOST, ...common };
  if (maxSessions !== undefined) {
    const sessions = /^\d{1,7}$/.test(maxSessions) ? Number(maxSessions) : 0;
    if (sessions < 1) return { error: `--max-sessions must be a whole number of at least 1, got ${JSON.stringify(maxSessions)}` };
    flags.maxSessions = sessions;
  }
  return flags;
}

/**
 * `formgate serve`: starts the server and resolves with the exit code once it stops:
 * 0 after a normal stop, 1 when it could not start (e.g. the port is taken), 2 for a
 * usage or configuration error (bad flags, bad `DATA_FORMS_TIMEOUT_MS`).
 */
export async function runServe(args: readonly string[], io: ServeIO): Promise<number> {
  const log: Log = (line) => io.stderr(`formgate: ${line}\n`);
  const flags = parseServeArgs(args);
  if ("error" in flags) {
    io.stderr(`formgate serve: ${flags.error}\n\n${SERVE_USAGE}`);
    return 2;
  }
  if (flags.transport === "help") {
    (io.stdout ?? io.stderr)(SERVE_USAGE);
    return 0;
  }
  const config = readServerConfig(io.env);
  if (!config.ok) {
    for (const issue of config.error.issues) io.stderr(`formgate serve: ${formatPath(issue.path)} ${issue.message}\n`);
    return 2;
  }
  const { maxSessions, sessionIdleMs, allowedHosts, ...serverConfig } = config.value;
  const options = { ...serverConfig, ...(flags.noFallback === true && { standardFallback: false }), log };

  // What an operator needs to know about this run, on the start line.
  const settings = `form timeout ${options.timeoutMs} ms, keep-alive ${options.keepAliveMs === 0 ? "off" : `${options.keepAliveMs} ms`}, standard forms ${options.standardFallback ? "on" : "off"}`;
  let running: RunningServer;
  try {
    if (flags.transport === "http") {
      const sessions = flags.maxSessions ?? maxSessions;
      const http = await serveHttp({ ...options, port: flags.port, host: flags.host, maxSessions: sessions, sessionIdleMs, allowedHosts });
      log(`listening on ${http.url} (${settings}; 2025-era sessions at most ${sessions}, idle expiry ${sessionIdleMs} ms)`);
      running = http;
    } else {
      running = await serveStdio({ ...options, ...io.stdio });
      log(`serving on stdio (${settings})`);
    }
  } catch (error) {
    log(`could not start: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  if (serverConfig.stateKeys === undefined) {
    log(
      `no ${STATE_KEY_VARIABLE}: 2026-07-28 forms are signed with a random key of this process, so a pending form does not survive a restart and cannot be answered through another instance`,
    );
  }
  const stop = () => void running.close();
  const unwatch = watchStop(io.signal, stop);
  await running.closed;
  unwatch();
  log("stopped");
  return 0;
}

function watchStop(signal: AbortSignal | undefined, stop: () => void): () => void {
  if (signal !== undefined) {
    if (signal.aborted) stop();
    signal.addEventListener("abort", stop, { once: true });
    return () => signal.removeEventListener("abort", stop);
  }
  process.once("SIGINT", stop).once("SIGTERM", stop);
  return () => process.off("SIGINT", stop).off("SIGTERM", stop);
}
