import { FORM_TOOL_NAME } from "../../protocols/data/index.js";
// Only the configuration: the server itself (the MCP SDK, node:http) is loaded when it starts.
import {
  DEFAULT_HTTP_HOST,
  DEFAULT_HTTP_PORT,
  LIMIT_NAMES,
  STATE_KEY_VARIABLE,
  readServerConfig,
  type SettingFlags,
} from "../../server/config.js";
import { SETTING_NAMES, SETTINGS, settingOf, type SettingName } from "../../server/settings.js";
import type { Setting } from "../../server/setting-kinds.js";
import type { Log, RunningServer } from "../../server/index.js";
import { type FlagSpec, type LogThreshold, logs, parseCommand } from "../flags.js";
import { renderHelp } from "../help.js";
import { type Command, type CliIo, EXIT, UsageError } from "../io.js";

/** The flags that are no setting of the server: the transport, and where HTTP listens. */
const LISTEN_FLAGS = {
  http: { help: "serve Streamable HTTP at /mcp (2026-07-28 stateless, 2025 era in sessions)" },
  port: { value: "N", help: `HTTP port, 0 for any free one (default ${DEFAULT_HTTP_PORT})` },
  host: { value: "H", help: `HTTP interface to bind (default ${DEFAULT_HTTP_HOST}, this machine only)` },
} as const;

/** A setting as its flag: the setting's line, its variable, its default. */
function settingFlag(setting: Setting<unknown>): FlagSpec {
  const http = setting.http ? "; with --http" : "";
  return {
    ...(setting.placeholder !== undefined && { value: setting.placeholder }),
    ...(setting.multiple && { multiple: true }),
    help: `${plain(setting.doc)} (${setting.variable}; default ${plain(setting.defaultDoc)}${http})`,
  };
}

/**
 * A docs line as a help line: without Markdown's code marks, which a terminal shows as they are, and not capitalised.
 */
function plain(text: string): string {
  return text.replaceAll("`", "").replace(/^[A-Z](?=[a-z])/, (letter) => letter.toLowerCase());
}

/** A bound (docs/security.md), which `serve --help` lists apart. */
function isBound(name: SettingName): boolean {
  return (LIMIT_NAMES as readonly string[]).includes(name);
}

/** The flags of the settings that have one, bounds or the others. */
function settingFlags(bounds: boolean): Record<string, FlagSpec> {
  return Object.fromEntries(
    SETTING_NAMES.filter((name) => settingOf(name).flag !== undefined && isBound(name) === bounds).map((name) => [
      settingOf(name).flag,
      settingFlag(settingOf(name)),
    ]),
  );
}

const OPTION_FLAGS = { ...LISTEN_FLAGS, ...settingFlags(false) };
const BOUND_FLAGS = settingFlags(true);

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
  /** The bound flags given, by setting (`maxPendingForms: "50"`). */
  limits?: SettingFlags;
}

export const serveCommand: Command = {
  summary: `run the MCP server for ${FORM_TOOL_NAME} (stdio, or --http)`,
  json: false,
  help: renderHelp({
    command: "serve",
    operands: "[--BOUND N …]",
    about: `Runs the MCP server exposing ${FORM_TOOL_NAME} to MCP clients of both eras (2025
revisions with initialize; 2026-07-28, stateless), on stdio (standard output carries MCP
messages and nothing else) or, with --http, Streamable HTTP at /mcp. A flag wins over its
variable; --allowed-hosts adds to FORMGATE_ALLOWED_HOSTS.`,
    sections: [
      { title: "Options", flags: OPTION_FLAGS },
      { title: "Bounds (docs/security.md)", flags: BOUND_FLAGS },
      {
        title: "Environment (docs/server.md), besides each flag's variable",
        names: SETTING_NAMES.map(settingOf)
          .filter((setting) => setting.flag === undefined)
          .map((setting) => [setting.variable, `${plain(setting.doc)} (default ${plain(setting.defaultDoc)})`]),
      },
    ],
    after: `Logs go to standard error: errors (could not start), warnings (malformed messages, forms
approximated) and info (listening, sessions, each tool call's outcome, never the answers).
Exit status: 0 after a normal stop, 1 when it could not start, 2 usage or configuration error.`,
  }),
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
  const { values, logLevel } = parseCommand("serve", args, { ...OPTION_FLAGS, ...BOUND_FLAGS }, "nothing");
  return {
    flags: values.help ? "help" : serveFlags(values as typeof values & Record<string, string | undefined>),
    logLevel,
  };
}

function serveFlags(values: Readonly<Record<string, string | boolean | (string | boolean)[] | undefined>>): ServeFlags {
  const text = (flag: string) => (typeof values[flag] === "string" ? values[flag] : undefined);
  if (!values.http && (values.port !== undefined || values.host !== undefined || values["allowed-hosts"] !== undefined))
    throw new UsageError("--port, --host and --allowed-hosts only apply with --http");
  const limits: SettingFlags = {};
  for (const name of SETTING_NAMES) {
    const { flag, http } = settingOf(name);
    if (flag === undefined || values[flag] === undefined) continue;
    if (http && !values.http) throw new UsageError(`--${flag} only applies with --http`);
    if (isBound(name)) limits[name] = text(flag);
  }
  const common = {
    ...(text("timeout") !== undefined && { timeout: text("timeout") as string }),
    ...(values["no-fallback"] === true && { noFallback: true as const }),
    ...(Object.keys(limits).length > 0 && { limits }),
  };
  if (!values.http) return { transport: "stdio", ...common };
  const port =
    text("port") === undefined
      ? DEFAULT_HTTP_PORT
      : /^\d{1,5}$/.test(text("port") ?? "")
        ? Number(text("port"))
        : Number.NaN;
  if (!(port >= 0 && port <= 65535))
    throw new UsageError(`--port must be a whole number from 0 to 65535, got ${JSON.stringify(values.port)}`);
  const flags: ServeFlags = {
    transport: "http",
    port,
    host: text("host") ?? DEFAULT_HTTP_HOST,
    allowedHosts: [],
    ...common,
  };
  const hosts = values["allowed-hosts"];
  if (Array.isArray(hosts)) flags.allowedHosts = flagValue("allowedHosts", hosts.join(","), ": ");
  const sessions = text("max-sessions");
  if (sessions !== undefined) flags.maxSessions = flagValue("maxSessions", sessions);
  return flags;
}

/** A flag's value read by its setting's rule, now: a mistake is a usage error, shown with the help. */
function flagValue<K extends "allowedHosts" | "maxSessions">(
  name: K,
  text: string,
  separator = " ",
): Exclude<(typeof SETTINGS)[K]["default"], undefined> {
  const parsed = SETTINGS[name].parse(text);
  if (!parsed.ok) throw new UsageError(`--${settingOf(name).flag}${separator}${parsed.message}`);
  return parsed.value as Exclude<(typeof SETTINGS)[K]["default"], undefined>;
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
  const config = readServerConfig(io.env, {
    ...flags.limits,
    ...(flags.timeout !== undefined && { timeoutMs: flags.timeout }),
    ...(flags.noFallback === true && { noFallback: "1" }),
    ...(flags.transport === "http" && flags.maxSessions !== undefined && { maxSessions: String(flags.maxSessions) }),
  });
  if (!config.ok) {
    const issue = config.error.issues[0];
    throw new UsageError(issue === undefined ? config.error.message : `${issue.path[0]} ${issue.message}`, {
      showHelp: false,
    });
  }
  const { maxSessions, sessionIdleMs, allowedHosts, ...serverConfig } = config.value;
  const options = { ...serverConfig, log };
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
      const sessions = maxSessions;
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

function watchStop(signal: AbortSignal | undefined, stop: () => void): () => void {
  if (signal !== undefined) {
    if (signal.aborted) stop();
    signal.addEventListener("abort", stop, { once: true });
    return () => signal.removeEventListener("abort", stop);
  }
  process.once("SIGINT", stop).once("SIGTERM", stop);
  return () => process.off("SIGINT", stop).off("SIGTERM", stop);
}
