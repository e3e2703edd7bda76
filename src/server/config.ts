import { failure, problem, success, type Issue, type Result } from "../model/index.js";
import { formatCount } from "../text/count.js";
export type { ServerIssueCodes } from "./codes.js";

/** The variable that sets how long the server waits for the person to submit a form. */
export const TIMEOUT_VARIABLE = "DATA_FORMS_TIMEOUT_MS";
/** Fifteen minutes: the documented default wait. */
export const DEFAULT_TIMEOUT_MS = 15 * 60 * 1000;
/** The documented range of `DATA_FORMS_TIMEOUT_MS`, in milliseconds. */
export const MIN_TIMEOUT_MS = 1;
export const MAX_TIMEOUT_MS = 1_500_000;

/** Loopback only unless told otherwise: the server shows forms to whoever can reach it. */
export const DEFAULT_HTTP_HOST = "127.0.0.1";
/** A port unlikely to clash with common development servers (3000, 5173, 8000, 8080). */
export const DEFAULT_HTTP_PORT = 7801;

/** The key that signs modern-era `requestState` (hex or base64, at least 32 bytes). */
export const STATE_KEY_VARIABLE = "FORMGATE_STATE_KEY";
/** Keys still accepted when verifying (comma-separated), for rotation. */
export const PREVIOUS_STATE_KEYS_VARIABLE = "FORMGATE_STATE_KEY_PREVIOUS";
/** How often a 2025-era call with a progressToken hears `notifications/progress` while the form is open. */
export const KEEPALIVE_VARIABLE = "FORMGATE_KEEPALIVE_MS";
/** Set to `1` (or `true`) for the strict behaviour: native forms only, no standard elicitation. */
export const NO_FALLBACK_VARIABLE = "FORMGATE_NO_FALLBACK";
/** The most 2025-era HTTP sessions open at once. */
export const MAX_SESSIONS_VARIABLE = "FORMGATE_MAX_SESSIONS";
/** How long a 2025-era HTTP session may sit idle (no request, no pending form) before it is closed. */
export const SESSION_IDLE_VARIABLE = "FORMGATE_SESSION_IDLE_MS";
/** `Host` names the HTTP server accepts besides this machine's (comma-separated; `name:port` for one port only). */
export const ALLOWED_HOSTS_VARIABLE = "FORMGATE_ALLOWED_HOSTS";

/** Fifteen seconds: well inside a 60 s client timeout, rare enough to cost nothing. */
export const DEFAULT_KEEPALIVE_MS = 15_000;
export const DEFAULT_MAX_SESSIONS = 1000;
/** Thirty minutes without a request or a pending form. */
export const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000;
/** HMAC-SHA256 wants a key of at least its output size. */
export const MIN_STATE_KEY_BYTES = 32;

const MIB = 1024 * 1024;

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

/** One bound: its option, its flag and variable, its range and default, and what it counts (for messages). */
export interface LimitSetting {
  key: keyof ServerLimits;
  flag: string;
  variable: string;
  min: number;
  max: number;
  default: number;
  unit: string;
  /** Only HTTP serving holds it: the flag is refused without `--http`. */
  httpOnly: boolean;
}

const limit = (
  key: keyof ServerLimits,
  variable: string,
  defaultValue: number,
  unit: string,
  httpOnly: boolean,
  max = 1_000_000_000,
  min = 1,
): LimitSetting => ({
  key,
  flag: key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`),
  variable,
  min,
  max,
  default: defaultValue,
  unit,
  httpOnly,
});

/** The bounds, in the order of docs/server.md's table. */
export const LIMIT_SETTINGS: readonly LimitSetting[] = [
  limit("maxPendingForms", "FORMGATE_MAX_PENDING_FORMS", 10_000, "forms", false),
  limit("maxPendingFormsPerSession", "FORMGATE_MAX_PENDING_FORMS_PER_SESSION", 1000, "forms", false),
  limit("maxPendingBytes", "FORMGATE_MAX_PENDING_BYTES", 128 * MIB, "bytes", false),
  limit("maxPendingBytesPerSession", "FORMGATE_MAX_PENDING_BYTES_PER_SESSION", 16 * MIB, "bytes", false),
  limit("maxBodyBytesInFlight", "FORMGATE_MAX_BODY_BYTES_IN_FLIGHT", 64 * MIB, "bytes", true),
  limit("maxBodyBytesInFlightPerClient", "FORMGATE_MAX_BODY_BYTES_IN_FLIGHT_PER_CLIENT", 16 * MIB, "bytes", true),
  limit("minBodyBytesPerSec", "FORMGATE_MIN_BODY_BYTES_PER_SEC", 1024, "bytes a second", true),
  limit("bodyRateWindowMs", "FORMGATE_BODY_RATE_WINDOW_MS", 10_000, "milliseconds", true, 600_000, 100),
  limit("maxConnections", "FORMGATE_MAX_CONNECTIONS", 8192, "connections", true),
  limit("maxConnectionsPerClient", "FORMGATE_MAX_CONNECTIONS_PER_CLIENT", 2048, "connections", true),
  limit("headersTimeoutMs", "FORMGATE_HEADERS_TIMEOUT_MS", 30_000, "milliseconds", true, 600_000),
  limit("requestTimeoutMs", "FORMGATE_REQUEST_TIMEOUT_MS", 120_000, "milliseconds", true, 600_000),
  limit("idleConnectionMs", "FORMGATE_IDLE_CONNECTION_MS", 60_000, "milliseconds", true, 600_000, 1000),
  limit("maxListenStreams", "FORMGATE_MAX_LISTEN_STREAMS", 256, "streams", true),
  limit("maxListenStreamsPerClient", "FORMGATE_MAX_LISTEN_STREAMS_PER_CLIENT", 16, "streams", true),
  limit("listenIdleMs", "FORMGATE_LISTEN_IDLE_MS", 300_000, "milliseconds", true, 86_400_000),
  limit("maxSessionsPerClient", "FORMGATE_MAX_SESSIONS_PER_CLIENT", 100, "sessions", true),
  limit("maxEventsPerSession", "FORMGATE_MAX_EVENTS_PER_SESSION", 1000, "events", true),
  limit("maxEventBytesPerSession", "FORMGATE_MAX_EVENT_BYTES_PER_SESSION", 4 * MIB, "bytes", true),
  limit("maxEventBytes", "FORMGATE_MAX_EVENT_BYTES", 128 * MIB, "bytes", true),
  limit("maxStreamReplays", "FORMGATE_MAX_STREAM_REPLAYS", 10, "replays", true),
  limit("maxLineBytes", "FORMGATE_MAX_LINE_BYTES", 10 * MIB, "bytes", false, 10 * MIB),
  limit("shutdownMs", "FORMGATE_SHUTDOWN_MS", 10_000, "milliseconds", false, 600_000),
];

/** The bounds with nothing set. */
export function defaultLimits(): ServerLimits {
  return Object.fromEntries(LIMIT_SETTINGS.map((setting) => [setting.key, setting.default])) as unknown as ServerLimits;
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

/**
 * Reads the server's configuration from its environment. Unset or empty variables mean
 * the default; anything malformed is an `invalid_config` failure listing every bad
 * variable, so a typo stops the server at start instead of silently serving the wrong way.
 */
export function readServerConfig(env: Env): Result<ServerConfig> {
  const issues: Issue[] = [];
  const timeoutMs = readInteger(
    env,
    TIMEOUT_VARIABLE,
    MIN_TIMEOUT_MS,
    MAX_TIMEOUT_MS,
    DEFAULT_TIMEOUT_MS,
    "invalid_timeout",
    "milliseconds",
    "15 minutes",
    issues,
  );
  const keepAliveMs = readInteger(
    env,
    KEEPALIVE_VARIABLE,
    0,
    MAX_TIMEOUT_MS,
    DEFAULT_KEEPALIVE_MS,
    "invalid_value",
    "milliseconds (0: none)",
    "15 seconds",
    issues,
  );
  const maxSessions = readInteger(
    env,
    MAX_SESSIONS_VARIABLE,
    1,
    1_000_000,
    DEFAULT_MAX_SESSIONS,
    "invalid_value",
    "sessions",
    "1000",
    issues,
  );
  const sessionIdleMs = readInteger(
    env,
    SESSION_IDLE_VARIABLE,
    1,
    24 * 60 * 60 * 1000,
    DEFAULT_SESSION_IDLE_MS,
    "invalid_timeout",
    "milliseconds",
    "30 minutes",
    issues,
  );
  const limits = defaultLimits();
  for (const setting of LIMIT_SETTINGS) {
    limits[setting.key] = readInteger(
      env,
      setting.variable,
      setting.min,
      setting.max,
      setting.default,
      setting.unit === "milliseconds" ? "invalid_timeout" : "invalid_value",
      setting.unit,
      formatCount(setting.default),
      issues,
    );
  }
  fitHeadersTimeout(limits, text(env, "FORMGATE_HEADERS_TIMEOUT_MS") !== undefined, issues);
  const noFallback = readSwitch(env, NO_FALLBACK_VARIABLE, issues);
  const stateKeys = readStateKeys(env, issues);
  const hosts = text(env, ALLOWED_HOSTS_VARIABLE);
  const allowedHosts =
    hosts === undefined
      ? undefined
      : hosts
          .split(",")
          .map((host) => host.trim())
          .filter((host) => host !== "");
  if (issues.length > 0) return failure("invalid_config", issues);
  const config: ServerConfig = {
    timeoutMs,
    keepAliveMs,
    standardFallback: !noFallback,
    maxSessions,
    sessionIdleMs,
    limits,
  };
  if (stateKeys !== undefined) config.stateKeys = stateKeys;
  if (allowedHosts !== undefined) config.allowedHosts = allowedHosts;
  return success(config);
}

/**
 * The header timeout is part of the request timeout (Node refuses a longer one): left unset, it
 * is the request timeout when that is shorter than its default; set longer, it is a mistake.
 */
export function fitHeadersTimeout(limits: ServerLimits, headersSet: boolean, issues: Issue[]): void {
  if (limits.headersTimeoutMs <= limits.requestTimeoutMs) return;
  if (!headersSet) {
    limits.headersTimeoutMs = limits.requestTimeoutMs;
    return;
  }
  issues.push(
    problem(
      "invalid_timeout",
      ["FORMGATE_HEADERS_TIMEOUT_MS"],
      `must be at most FORMGATE_REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs}), the time for the whole request, got ` +
        `${limits.headersTimeoutMs}`,
    ),
  );
}

/** The configuration with nothing set: what an embedder gets for the options it leaves out. */
export function defaultServerConfig(): ServerConfig {
  return {
    timeoutMs: DEFAULT_TIMEOUT_MS,
    keepAliveMs: DEFAULT_KEEPALIVE_MS,
    standardFallback: true,
    maxSessions: DEFAULT_MAX_SESSIONS,
    sessionIdleMs: DEFAULT_SESSION_IDLE_MS,
    limits: defaultLimits(),
  };
}

/**
 * A state key: hex when it is an even number of hex digits, base64 (standard or URL-safe)
 * otherwise; it must decode to at least 32 bytes.
 */
export function parseStateKey(raw: string): Uint8Array | undefined {
  const value = raw.trim();
  let bytes: Buffer;
  if (/^(?:[0-9a-fA-F]{2})+$/.test(value)) bytes = Buffer.from(value, "hex");
  else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) bytes = Buffer.from(value, "base64");
  else return undefined;
  return bytes.byteLength >= MIN_STATE_KEY_BYTES ? new Uint8Array(bytes) : undefined;
}

function readStateKeys(env: Env, issues: Issue[]): StateKeys | undefined {
  const current = text(env, STATE_KEY_VARIABLE);
  const previousText = text(env, PREVIOUS_STATE_KEYS_VARIABLE);
  const keyProblem = (variable: string) =>
    problem(
      "invalid_state_key",
      [variable],
      `must be a key of at least ${MIN_STATE_KEY_BYTES} bytes, written in hex or base64 (e.g. \`openssl rand -hex ` +
        `32\`)`,
    );
  const previous: Uint8Array[] = [];
  for (const part of previousText?.split(",") ?? []) {
    if (part.trim() === "") continue;
    const key = parseStateKey(part);
    if (key === undefined) issues.push(keyProblem(PREVIOUS_STATE_KEYS_VARIABLE));
    else previous.push(key);
  }
  if (current === undefined) {
    if (previous.length > 0)
      issues.push(
        problem("missing_state_key", [STATE_KEY_VARIABLE], `must be set when ${PREVIOUS_STATE_KEYS_VARIABLE} is`),
      );
    return undefined;
  }
  const key = parseStateKey(current);
  if (key === undefined) {
    issues.push(keyProblem(STATE_KEY_VARIABLE));
    return undefined;
  }
  return { current: key, previous };
}

function text(env: Env, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === "" ? undefined : raw.trim();
}

function readInteger(
  env: Env,
  name: string,
  min: number,
  max: number,
  fallback: number,
  code: "invalid_timeout" | "invalid_value",
  unit: string,
  defaultText: string,
  issues: Issue[],
): number {
  const raw = env[name];
  const value = text(env, name);
  if (value === undefined) return fallback;
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isSafeInteger(number) && number >= min && number <= max) return number;
  issues.push(
    problem(
      code,
      [name],
      `must be a whole number of ${unit} from ${formatCount(min)} to ${formatCount(max)} (${defaultText} when ` +
        `unset), got ${JSON.stringify(raw)}`,
    ),
  );
  return fallback;
}

function readSwitch(env: Env, name: string, issues: Issue[]): boolean {
  const value = text(env, name)?.toLowerCase();
  if (value === undefined || value === "0" || value === "false") return false;
  if (value === "1" || value === "true") return true;
  issues.push(
    problem("invalid_switch", [name], `must be 1 or true (on), 0 or false (off), got ${JSON.stringify(env[name])}`),
  );
  return false;
}
