import { failure, problem, success, type Issue, type Result } from "../model/index.js";
import { SETTINGS, settingOf, type SettingName, type SettingValue } from "./settings.js";
export type { ServerIssueCodes } from "./codes.js";
export { parseStateKey } from "./settings.js";

/** The variable that sets how long the server waits for the person to submit a form. */
export const TIMEOUT_VARIABLE = SETTINGS.timeoutMs.variable;
/** Fifteen minutes: the documented default wait. */
export const DEFAULT_TIMEOUT_MS = SETTINGS.timeoutMs.default;
/** The key that signs modern-era `requestState` (hex or base64, at least 32 bytes). */
export const STATE_KEY_VARIABLE = SETTINGS.stateKey.variable;

/** Loopback only unless told otherwise: the server shows forms to whoever can reach it. */
export const DEFAULT_HTTP_HOST = "127.0.0.1";
/** A port unlikely to clash with common development servers (3000, 5173, 8000, 8080). */
export const DEFAULT_HTTP_PORT = 7801;

/**
 * Everything a client can make the server hold, bounded. Each bound has a flag (`--kebab-name`)
 * and a variable; the defaults keep a 2-core machine with a few GB alive under one abusive
 * client (docs/security.md, "Bounds").
 */
export interface ServerLimits {
  /** Forms waiting for an answer (2025 era), in all sessions together. */
  maxPendingForms: number;
  /** Forms waiting for an answer in one session (one stdio connection, one HTTP session). */
  maxPendingFormsPerSession: number;
  /** Bytes of the form requests those forms hold (their JSON), in all sessions together. */
  maxPendingBytes: number;
  /** The same, in one session. */
  maxPendingBytesPerSession: number;
  /** HTTP: bytes of request bodies being received at once (a body counts the bytes that have arrived). */
  maxBodyBytesInFlight: number;
  /** HTTP: the same, from one client address. */
  maxBodyBytesInFlightPerClient: number;
  /** HTTP: the slowest a request body may arrive, bytes a second, measured over each `bodyRateWindowMs`. */
  minBodyBytesPerSec: number;
  /** HTTP: the window over which a body's rate is measured, ms (a body that sends nothing for this long ends). */
  bodyRateWindowMs: number;
  /** HTTP: open TCP connections. */
  maxConnections: number;
  /** HTTP: open TCP connections from one client address. */
  maxConnectionsPerClient: number;
  /** HTTP: time a client has to send a request's headers, ms. */
  headersTimeoutMs: number;
  /** HTTP: time a client has to send a whole request, body included, ms. */
  requestTimeoutMs: number;
  /**
   * HTTP: how long an idle connection waits for the client's next request, ms: what the `Keep-Alive`
   * header tells clients (in whole seconds); the server closes it `KEEP_ALIVE_GRACE_MS` later.
   */
  idleConnectionMs: number;
  /** HTTP: open 2026-07-28 `subscriptions/listen` streams. */
  maxListenStreams: number;
  /** HTTP: open 2026-07-28 `subscriptions/listen` streams from one client address. */
  maxListenStreamsPerClient: number;
  /** HTTP: how long a listen stream (2026-07-28 `subscriptions/listen`, a 2025-era `GET`) stays open idle, ms. */
  listenIdleMs: number;
  /** HTTP: 2025-era sessions opened from one client address and open at once. */
  maxSessionsPerClient: number;
  /** HTTP: events a 2025-era session keeps for a client that reconnects with `Last-Event-ID`. */
  maxEventsPerSession: number;
  /** HTTP: bytes of those events. */
  maxEventBytesPerSession: number;
  /** HTTP: bytes of those events, in all sessions together. */
  maxEventBytes: number;
  /** HTTP: how many times one finished stream may be replayed to a client reconnecting with `Last-Event-ID`. */
  maxStreamReplays: number;
  /** stdio: bytes of one incoming line (one JSON-RPC message); a longer line is dropped. */
  maxLineBytes: number;
  /** How long a stop (SIGTERM, SIGINT, stdin closed) may take before the process ends anyway, ms. */
  shutdownMs: number;
}

/** The bounds, each a setting of its own name (docs/security.md, "Bounds"). */
export const LIMIT_NAMES = [
  "maxPendingForms",
  "maxPendingFormsPerSession",
  "maxPendingBytes",
  "maxPendingBytesPerSession",
  "maxBodyBytesInFlight",
  "maxBodyBytesInFlightPerClient",
  "minBodyBytesPerSec",
  "bodyRateWindowMs",
  "maxConnections",
  "maxConnectionsPerClient",
  "headersTimeoutMs",
  "requestTimeoutMs",
  "idleConnectionMs",
  "maxListenStreams",
  "maxListenStreamsPerClient",
  "listenIdleMs",
  "maxSessionsPerClient",
  "maxEventsPerSession",
  "maxEventBytesPerSession",
  "maxEventBytes",
  "maxStreamReplays",
  "maxLineBytes",
  "shutdownMs",
] as const satisfies readonly (keyof ServerLimits & SettingName)[];

/** The bounds with nothing set. */
export function defaultLimits(): ServerLimits {
  return Object.fromEntries(LIMIT_NAMES.map((name) => [name, SETTINGS[name].default])) as Record<
    keyof ServerLimits,
    number
  >;
}

/** Keys that sign and verify `requestState`: the first signs, every one verifies. */
export interface StateKeys {
  current: Uint8Array;
  previous: Uint8Array[];
}

/** What the server needs from its environment (or its embedder). */
export interface ServerConfig {
  /**
   * How long to wait for a submission; passed as both the request timeout and the maximum total timeout. Also the
   * lifetime of a modern `requestState`.
   */
  timeoutMs: number;
  /**
   * Signing keys for modern `requestState`; absent: a random key per process (forms do not survive a restart or move
   * between instances).
   */
  stateKeys?: StateKeys;
  /** Interval of 2025-era progress keep-alives, in ms; 0 sends none. */
  keepAliveMs: number;
  /**
   * Standard MCP elicitation for clients without native forms (cases 2 and 4 of docs/server.md); false is the strict
   * behaviour.
   */
  standardFallback: boolean;
  /** HTTP: the most 2025-era sessions open at once. */
  maxSessions: number;
  /** HTTP: idle time after which a 2025-era session is closed, in ms. */
  sessionIdleMs: number;
  /** HTTP: `Host` names accepted besides loopback and the bound host (`name`, or `name:port` for one port only). */
  allowedHosts?: string[];
  /** Everything else a client can make the server hold. */
  limits: ServerLimits;
}

/** The environment `readServerConfig` reads: `process.env`, or any map of variable names to values. */
export type Env = Readonly<Record<string, string | undefined>>;

/** Values given on the command line, by setting; each wins over its variable. */
export type SettingFlags = Partial<Record<SettingName, string>>;

/**
 * Reads the server's configuration from its environment (and the flags given, which win). Unset
 * or empty variables mean the default; anything malformed is an `invalid_config` failure listing
 * every bad setting, at the flag or variable that said it, so a typo stops the server at start
 * instead of silently serving the wrong way.
 */
export function readServerConfig(env: Env, flags: SettingFlags = {}): Result<ServerConfig> {
  const issues: Issue[] = [];
  const given = (name: SettingName) => flags[name] ?? (env[settingOf(name).variable]?.trim() || undefined);
  const where = (name: SettingName) =>
    flags[name] === undefined ? settingOf(name).variable : `--${settingOf(name).flag}`;
  const read = <K extends SettingName>(name: K): SettingValue<K> | undefined => {
    const setting = settingOf(name);
    const text = given(name)?.trim();
    if (text === undefined) return setting.default as SettingValue<K> | undefined;
    const parsed = setting.parse(text);
    if (parsed.ok) return parsed.value as SettingValue<K>;
    issues.push(problem(parsed.code, [where(name)], parsed.message));
    return setting.default as SettingValue<K> | undefined;
  };
  const config = defaultServerConfig();
  config.timeoutMs = read("timeoutMs") ?? config.timeoutMs;
  config.keepAliveMs = read("keepAliveMs") ?? config.keepAliveMs;
  config.standardFallback = read("noFallback") !== true;
  config.maxSessions = read("maxSessions") ?? config.maxSessions;
  config.sessionIdleMs = read("sessionIdleMs") ?? config.sessionIdleMs;
  for (const name of LIMIT_NAMES) config.limits[name] = read(name) ?? config.limits[name];
  fitHeadersTimeout(config.limits, given("headersTimeoutMs") !== undefined, issues, {
    headers: where("headersTimeoutMs"),
    request: where("requestTimeoutMs"),
  });
  const current = read("stateKey");
  const previous = read("previousStateKeys") ?? [];
  if (current !== undefined) config.stateKeys = { current, previous };
  else if (given("stateKey") === undefined && previous.length > 0)
    issues.push(problem("missing_state_key", [where("stateKey")], `must be set when ${where("previousStateKeys")} is`));
  const allowedHosts = read("allowedHosts");
  if (allowedHosts !== undefined) config.allowedHosts = allowedHosts;
  return issues.length > 0 ? failure("invalid_config", issues) : success(config);
}

/**
 * The header timeout is part of the request timeout (Node refuses a longer one): left unset, it
 * is the request timeout when that is shorter than its default; set longer, it is a mistake,
 * reported at `names.headers`.
 */
export function fitHeadersTimeout(
  limits: ServerLimits,
  headersSet: boolean,
  issues: Issue[],
  names = { headers: SETTINGS.headersTimeoutMs.variable, request: SETTINGS.requestTimeoutMs.variable },
): void {
  if (limits.headersTimeoutMs <= limits.requestTimeoutMs) return;
  if (!headersSet) {
    limits.headersTimeoutMs = limits.requestTimeoutMs;
    return;
  }
  issues.push(
    problem(
      "invalid_timeout",
      [names.headers],
      `must be at most ${names.request} (${limits.requestTimeoutMs}), the time for the whole request, got ` +
        `${limits.headersTimeoutMs}`,
    ),
  );
}

/** The configuration with nothing set: what an embedder gets for the options it leaves out. */
export function defaultServerConfig(): ServerConfig {
  return {
    timeoutMs: SETTINGS.timeoutMs.default,
    keepAliveMs: SETTINGS.keepAliveMs.default,
    standardFallback: true,
    maxSessions: SETTINGS.maxSessions.default,
    sessionIdleMs: SETTINGS.sessionIdleMs.default,
    limits: defaultLimits(),
  };
}

/**
 * An embedder's option, checked by its setting's rule: a mistake is a RangeError naming the
 * option (a programming error, not a person's input).
 */
export function checkedOption(
  name: "timeoutMs" | "keepAliveMs" | "maxSessions" | "sessionIdleMs",
  value: number,
): number {
  const parsed = SETTINGS[name].parse(String(value));
  if (!parsed.ok) throw new RangeError(`${name} ${parsed.message}`);
  return parsed.value;
}
