import { formatPath } from "../../model/index.js";
import { FORM_TOOL_NAME } from "../../protocols/data/index.js";
// Only the configuration module: the server itself (the MCP SDK, node:http) is loaded when it starts.
import {
  DEFAULT_HTTP_HOST,
  DEFAULT_HTTP_PORT,
  DEFAULT_MAX_SESSIONS,
  LIMIT_SETTINGS,
  MAX_TIMEOUT_MS,
  STATE_KEY_VARIABLE,
  TIMEOUT_VARIABLE,
  readServerConfig,
} from "../../server/config.js";
import type { Log, RunningServer } from "../../server/index.js";
import { type LogThreshold, logs, parseCommand } from "../flags.js";
import { commonHelp } from "../help.js";
import { type Command, type CliIo, EXIT, UsageError } from "../io.js";

const SERVE_FLAGS = {
  http: { type: "boolean" },
  port: { type: "string" },
  host: { type: "string" },
  "allowed-hosts": { type: "string", multiple: true },
  timeout: { type: "string" },
  "no-fallback": { type: "boolean" },
  "max-sessions": { type: "string" },
} as const;

/** One flag per bound (`--max-pending-forms N` …), read by the same rule as its variable. */
const LIMIT_FLAGS: Record<string, { type: "string" }> = Object.fromEntries(
  LIMIT_SETTINGS.map((setting) => [setting.flag, { type: "string" as const }]),
);

/** What `formgate serve` was asked to do. */
export type ServeFlags =
  | ({ transport: "stdio"; timeout?: string } & CommonFlags)
  | ({
      transport: "http";
      port: number;
      host: string;
      allowedHosts: string[];
      timeout?: string;
      maxSessions?: number;
    } & CommonFlags);

/** Flags of both transports; present only when given. */
interface CommonFlags {
  /** `--no-fallback`: native forms only (the seed document's strict behaviour). */
  noFallback?: true;
  /** The bound flags given, as the variables they stand for (`FORMGATE_MAX_PENDING_FORMS: "50"`). */
  limits?: Record<string, string>;
}

export const serveCommand: Command = {
  summary: `run the MCP server for ${FORM_TOOL_NAME} (stdio, or --http)`,
  json: false,
  help:
    `Usage: formgate serve [--http [--port N] [--host H] [--allowed-hosts NAMES] [--max-sessions N]] ` +
    `[--timeout MS] [--no-fallback]

Runs the MCP server exposing ${FORM_TOOL_NAME} to MCP clients of both eras (2025
revisions with initialize; 2026-07-28, stateless), on stdio (standard output carries MCP
messages and nothing else) or, with --http, Streamable HTTP at /mcp.

Options:
  --http                 serve Streamable HTTP at /mcp (2026-07-28 stateless, 2025 era in sessions)
  --port N               HTTP port, 0 for any free one (default ${DEFAULT_HTTP_PORT})
  --host H               HTTP interface to bind (default ${DEFAULT_HTTP_HOST}, this machine only)
  --allowed-hosts NAMES  Host header names accepted besides this machine's, comma-separated
                         (e.g. forms.example.com for a server bound to 0.0.0.0 behind that
                         name; name:port for one port only)
  --timeout MS           how long to wait for a submission, 1-${MAX_TIMEOUT_MS} ms (default:
                         ${TIMEOUT_VARIABLE}, else 900000)
  --max-sessions N       the most 2025-era HTTP sessions open at once (default:
                         FORMGATE_MAX_SESSIONS, else ${DEFAULT_MAX_SESSIONS})
  --no-fallback          native forms only: no standard MCP elicitation for other clients
                         (also FORMGATE_NO_FALLBACK=1)
Bounds (each also a variable; docs/server.md lists them with their defaults):
${LIMIT_SETTINGS.map(
  (setting) =>
    `  --${setting.flag} N  (${setting.variable}, default ${setting.default}` +
    `${setting.httpOnly ? ", --http" : ""})`,
).join("\n")}
${commonHelp(25)}
Environment (docs/server.md): FORMGATE_STATE_KEY (and FORMGATE_STATE_KEY_PREVIOUS) sign
2026-07-28 form state, FORMGATE_KEEPALIVE_MS, FORMGATE_SESSION_IDLE_MS, FORMGATE_ALLOWED_HOSTS.

Logs go to standard error: errors (could not start), warnings (malformed messages, forms
approximated) and info (listening, sessions, each tool call's outcome, never the answers).
Exit status: 0 after a normal stop, 1 when it could not start, 2 usage or configuration error.
`,
  async run(args, io) {
    const { flags, logLevel } = parseServeArgs(args);
    if (flags === "help") {
      io.stdout(serveCommand.help);
      return EXIT.ok;
    }
    return serve(flags, logLevel, io);
  },
};

/** Reads `serve`'s arguments (those after the word `serve`); a mistake is a UsageError. */
export function parseServeArgs(args: string[]): { flags: ServeFlags | "help"; logLevel: LogThreshold } {
  const { values, logLevel } = parseCommand("serve", args, { ...SERVE_FLAGS, ...LIMIT_FLAGS }, "nothing");
  return {
    flags: values.help ? "help" : serveFlags(values as typeof values & Record<string, string | undefined>),
    logLevel,
  };
}

function serveFlags(values: {
  http?: boolean;
  port?: string;
  host?: string;
  "allowed-hosts"?: string[];
  timeout?: string;
  "no-fallback"?: boolean;
  "max-sessions"?: string;
  [flag: string]: string | string[] | boolean | undefined;
}): ServeFlags {
  const limits: Record<string, string> = {};
  for (const setting of LIMIT_SETTINGS) {
    const value = values[setting.flag];
    if (typeof value !== "string") continue;
    if (setting.httpOnly && !values.http) throw new UsageError(`--${setting.flag} only applies with --http`);
    limits[setting.variable] = value;
  }
  const timeout = {
    ...(values.timeout !== undefined && { timeout: values.timeout as string }),
    ...(values["no-fallback"] === true && { noFallback: true as const }),
    ...(Object.keys(limits).length > 0 && { limits }),
  };
  const allowedHosts = ((values["allowed-hosts"] as string[] | undefined) ?? [])
    .flatMap((list) => list.split(","))
    .map((name) => name.trim());
  if (!values.http) {
    if (values.port !== undefined || values.host !== undefined || values["allowed-hosts"] !== undefined)
      throw new UsageError("--port, --host and --allowed-hosts only apply with --http");
    if (values["max-sessions"] !== undefined) throw new UsageError("--max-sessions only applies with --http");
    return { transport: "stdio", ...timeout };
  }
  const port =
    values.port === undefined ? DEFAULT_HTTP_PORT : /^\d{1,5}$/.test(values.port) ? Number(values.port) : Number.NaN;
  if (!(port >= 0 && port <= 65535))
    throw new UsageError(`--port must be a whole number from 0 to 65535, got ${JSON.stringify(values.port)}`);
  if (values.host === "") throw new UsageError("--host needs a value");
  const badName = allowedHosts.find((name) => !/^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(name));
  if (badName !== undefined)
    throw new UsageError(
      `--allowed-hosts: "${badName}" is not a host name, IP address or [IPv6] address, with an optional :port`,
    );
  const flags: ServeFlags = {
    transport: "http",
    port,
    host: values.host ?? DEFAULT_HTTP_HOST,
    allowedHosts,
    ...timeout,
  };
  const maxSessions = values["max-sessions"] as string | undefined;
  if (maxSessions !== undefined) {
    const sessions = /^\d{1,7}$/.test(maxSessions) ? Number(maxSessions) : 0;
    if (sessions < 1)
      throw new UsageError(`--max-sessions must be a whole number of at least 1, got ${JSON.stringify(maxSessions)}`);
    flags.maxSessions = sessions;
  }
  return flags;
}

/**
 * Starts the server and resolves with the exit status once it stops: 0 after a normal stop,
 * 1 when it could not start (e.g. the port is taken); a bad timeout is a UsageError (2).
 */
async function serve(flags: ServeFlags, logLevel: LogThreshold, io: CliIo): Promise<number> {
  const log: Log = (line, level = "info") => {
    if (logs(logLevel, level)) io.stderr(`formgate: ${line}\n`);
  };
  // A flag and its variable share one rule; the flag wins, and a mistake names what was set.
  const flagged: Record<string, string> = {
    ...flags.limits,
    ...(flags.timeout !== undefined && { [TIMEOUT_VARIABLE]: flags.timeout }),
  };
  const config = readServerConfig({ ...io.env, ...flagged });
  if (!config.ok) {
    const issue = config.error.issues[0];
    const variable = formatPath(issue?.path ?? []);
    throw new UsageError(
      `${variable in flagged ? flagName(variable) : variable} ${issue?.message ?? config.error.message}`,
      { showHelp: false },
    );
  }
  const { maxSessions, sessionIdleMs, allowedHosts, ...serverConfig } = config.value;
  const options = { ...serverConfig, ...(flags.noFallback === true && { standardFallback: false }), log };
  const { serveHttp, serveStdio } = await import("../../server/index.js");
  // The log must never end the server: a closed pipe behind standard error (`serve 2>&1 | head`)
  // or standard output drops lines instead of raising an unhandled 'error' event.
  const ignore = () => {};
  process.stderr.on("error", ignore);
  process.stdout.on("error", ignore);
  // What an operator needs to know about this run, on the start line.
  const settings =
    `form timeout ${options.timeoutMs} ms, keep-alive ` +
    `${options.keepAliveMs === 0 ? "off" : `${options.keepAliveMs} ms`}, standard forms ` +
    `${options.standardFallback ? "on" : "off"}`;
  let running: RunningServer;
  try {
    if (flags.transport === "http") {
      const sessions = flags.maxSessions ?? maxSessions;
      const hosts = [...(allowedHosts ?? []), ...flags.allowedHosts];
      const http = await serveHttp({
        ...options,
        port: flags.port,
        host: flags.host,
        allowedHosts: hosts,
        maxSessions: sessions,
        sessionIdleMs,
      });
      log(
        `listening on ${http.url} (${settings}; 2025-era sessions at most ${sessions}, idle expiry ` +
          `${sessionIdleMs} ms)`,
      );
      running = http;
    } else {
      running = await serveStdio(options);
      log(`serving on stdio (${settings})`);
    }
  } catch (error) {
    log(`could not start: ${error instanceof Error ? error.message : String(error)}`, "error");
    process.stderr.off("error", ignore);
    process.stdout.off("error", ignore);
    return EXIT.rejected;
  }
  if (serverConfig.stateKeys === undefined) {
    log(
      `no ${STATE_KEY_VARIABLE}: 2026-07-28 forms are signed with a random key of this process, so a pending form ` +
        `does not survive a restart and cannot be answered through another instance`,
    );
  }
  const unwatch = watchStop(io.signal, () => void running.close());
  await running.closed;
  unwatch();
  log("stopped");
  process.stderr.off("error", ignore);
  process.stdout.off("error", ignore);
  return EXIT.ok;
}

/** The flag that stands for a variable in an error message. */
function flagName(variable: string): string {
  if (variable === TIMEOUT_VARIABLE) return "--timeout";
  return `--${LIMIT_SETTINGS.find((setting) => setting.variable === variable)?.flag ?? variable}`;
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
