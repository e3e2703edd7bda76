import { bound, integer, list, onOff, type Parsed, type Setting } from "./setting-kinds.js";

/** HMAC-SHA256 wants a key of at least its output size. */
export const MIN_STATE_KEY_BYTES = 32;

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

function stateKey(text: string): Parsed<Uint8Array> {
  const key = parseStateKey(text);
  if (key !== undefined) return { ok: true, value: key };
  return {
    ok: false,
    code: "invalid_state_key",
    message:
      `must be a key of at least ${MIN_STATE_KEY_BYTES} bytes, written in hex or base64 ` +
      "(e.g. `openssl rand -hex 32`)",
  };
}

function hostName(name: string): Parsed<string> {
  if (/^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(name)) return { ok: true, value: name };
  return {
    ok: false,
    code: "invalid_value",
    message: `"${name}" is not a host name, IP address or [IPv6] address, with an optional :port`,
  };
}

const MIB = 1024 * 1024;

/**
 * Every setting of the server, in the order of docs/server.md's table: the flags of `formgate
 * serve`, the variables `readServerConfig` reads, the table itself and server.json's variables
 * all come from here.
 */
export const SETTINGS = {
  timeoutMs: integer({
    variable: "DATA_FORMS_TIMEOUT_MS",
    flag: "timeout",
    placeholder: "MS",
    default: 15 * 60 * 1000,
    unit: "milliseconds",
    max: 1_500_000,
    doc: "How long a form may stay open, ms (also the lifetime of a 2026-07-28 `requestState`)",
  }),
  stateKey: {
    variable: "FORMGATE_STATE_KEY",
    default: undefined,
    defaultDoc: "a random key per process, with a start-up notice",
    parse: stateKey,
    doc: "Key signing 2026-07-28 `requestState` (hex or base64, at least 32 bytes); the same on every instance",
    http: false,
    format: "string",
    secret: true,
  } satisfies Setting<Uint8Array>,
  previousStateKeys: list({
    variable: "FORMGATE_STATE_KEY_PREVIOUS",
    doc: "Older state keys still accepted (rotation), comma-separated",
    secret: true,
    item: stateKey,
  }),
  keepAliveMs: integer({
    variable: "FORMGATE_KEEPALIVE_MS",
    default: 15_000,
    unit: "milliseconds (0: none)",
    min: 0,
    max: 1_500_000,
    doc: "2025-era progress keep-alive interval, ms (0: none)",
  }),
  noFallback: onOff({
    variable: "FORMGATE_NO_FALLBACK",
    flag: "no-fallback",
    doc: "Native forms only (no standard elicitation)",
    defaultDoc: "off: standard forms for standard-only hosts",
  }),
  maxSessions: integer({
    variable: "FORMGATE_MAX_SESSIONS",
    flag: "max-sessions",
    placeholder: "N",
    default: 1000,
    unit: "sessions",
    http: true,
    doc: "Most 2025-era HTTP sessions open at once",
  }),
  sessionIdleMs: integer({
    variable: "FORMGATE_SESSION_IDLE_MS",
    default: 30 * 60 * 1000,
    unit: "milliseconds",
    max: 24 * 60 * 60 * 1000,
    doc: "Idle time before a 2025-era HTTP session closes, ms",
  }),
  allowedHosts: list({
    variable: "FORMGATE_ALLOWED_HOSTS",
    flag: "allowed-hosts",
    placeholder: "NAMES",
    http: true,
    doc: "`Host` names accepted besides loopback and `--host` (comma-separated; `name:port` for one port)",
    variableNote: "both lists count",
    item: hostName,
  }),
  maxPendingForms: bound("maxPendingForms", {
    variable: "FORMGATE_MAX_PENDING_FORMS",
    default: 10_000,
    unit: "forms",
    doc: "Pending (unanswered, 2025-era) forms, in all",
  }),
  maxPendingFormsPerSession: bound("maxPendingFormsPerSession", {
    variable: "FORMGATE_MAX_PENDING_FORMS_PER_SESSION",
    default: 1000,
    unit: "forms",
    doc: "Pending forms in one session (an HTTP session, a stdio connection)",
  }),
  maxPendingBytes: bound("maxPendingBytes", {
    variable: "FORMGATE_MAX_PENDING_BYTES",
    default: 128 * MIB,
    unit: "bytes",
    doc: "Bytes of the form requests pending forms hold (their JSON), in all",
  }),
  maxPendingBytesPerSession: bound("maxPendingBytesPerSession", {
    variable: "FORMGATE_MAX_PENDING_BYTES_PER_SESSION",
    default: 16 * MIB,
    unit: "bytes",
    doc: "The same, in one session",
  }),
  maxBodyBytesInFlight: bound("maxBodyBytesInFlight", {
    variable: "FORMGATE_MAX_BODY_BYTES_IN_FLIGHT",
    default: 64 * MIB,
    unit: "bytes",
    http: true,
    doc: "HTTP: bytes of request bodies being received at once, counted as they arrive",
    note:
      "(a body holds what it has sent, never what its `Content-Length` promises, until it ends); a body whose next " +
      "bytes would pass it is read to its end, discarded, and answered 503",
  }),
  maxBodyBytesInFlightPerClient: bound("maxBodyBytesInFlightPerClient", {
    variable: "FORMGATE_MAX_BODY_BYTES_IN_FLIGHT_PER_CLIENT",
    default: 16 * MIB,
    unit: "bytes",
    http: true,
    doc: "HTTP: the same, from one client address",
    note: "(checked first, so one address's bodies leave the rest to the others)",
  }),
  minBodyBytesPerSec: bound("minBodyBytesPerSec", {
    variable: "FORMGATE_MIN_BODY_BYTES_PER_SEC",
    default: 1024,
    unit: "bytes a second",
    http: true,
    doc: "HTTP: the slowest a request body may arrive, bytes a second, measured over each rate window",
    note: "; a slower body (a slowloris) is answered 408, its connection closed, and what it held given back",
  }),
  bodyRateWindowMs: bound("bodyRateWindowMs", {
    variable: "FORMGATE_BODY_RATE_WINDOW_MS",
    default: 10_000,
    unit: "milliseconds",
    min: 100,
    max: 600_000,
    http: true,
    doc: "HTTP: that rate window, ms (a body that sends nothing for this long ends too)",
  }),
  maxConnections: bound("maxConnections", {
    variable: "FORMGATE_MAX_CONNECTIONS",
    default: 8192,
    unit: "connections",
    http: true,
    doc: "HTTP: open connections",
  }),
  maxConnectionsPerClient: bound("maxConnectionsPerClient", {
    variable: "FORMGATE_MAX_CONNECTIONS_PER_CLIENT",
    default: 2048,
    unit: "connections",
    http: true,
    doc: "HTTP: open connections from one client address",
  }),
  headersTimeoutMs: bound("headersTimeoutMs", {
    variable: "FORMGATE_HEADERS_TIMEOUT_MS",
    default: 30_000,
    unit: "milliseconds",
    max: 600_000,
    http: true,
    doc: "HTTP: time to send a request's headers, ms",
    note:
      "(at most the request timeout: unset, it is the request timeout when that is shorter than 30000; set longer, " +
      "exit status 2 naming it)",
  }),
  requestTimeoutMs: bound("requestTimeoutMs", {
    variable: "FORMGATE_REQUEST_TIMEOUT_MS",
    default: 120_000,
    unit: "milliseconds",
    max: 600_000,
    http: true,
    doc: "HTTP: time to send a whole request (headers and body), ms",
  }),
  idleConnectionMs: bound("idleConnectionMs", {
    variable: "FORMGATE_IDLE_CONNECTION_MS",
    default: 60_000,
    unit: "milliseconds",
    min: 1000,
    max: 600_000,
    http: true,
    doc: "HTTP: how long an idle connection waits for the client's next request, ms",
    note: "(the `Keep-Alive: timeout=` the server sends, in whole seconds; it closes the connection 5 s later)",
  }),
  maxListenStreams: bound("maxListenStreams", {
    variable: "FORMGATE_MAX_LISTEN_STREAMS",
    default: 256,
    unit: "streams",
    http: true,
    doc: "HTTP: open 2026-07-28 `subscriptions/listen` streams",
  }),
  maxListenStreamsPerClient: bound("maxListenStreamsPerClient", {
    variable: "FORMGATE_MAX_LISTEN_STREAMS_PER_CLIENT",
    default: 16,
    unit: "streams",
    http: true,
    doc: "HTTP: the same, from one client address",
  }),
  listenIdleMs: bound("listenIdleMs", {
    variable: "FORMGATE_LISTEN_IDLE_MS",
    default: 300_000,
    unit: "milliseconds",
    max: 86_400_000,
    http: true,
    doc: "HTTP: how long a listen stream stays open without sending an event, ms",
    note:
      "(keep-alive comments do not count; a listen stream is a 2026-07-28 `subscriptions/listen` or a 2025-era " +
      "session's own `GET` stream, not a `GET` resuming a call's stream, which waits for the call's result); then " +
      "it ends and a client reconnects",
  }),
  maxSessionsPerClient: bound("maxSessionsPerClient", {
    variable: "FORMGATE_MAX_SESSIONS_PER_CLIENT",
    default: 100,
    unit: "sessions",
    http: true,
    doc: "HTTP: 2025-era sessions open at once from one client address",
    note: "(below `--max-sessions`, so one client cannot take them all)",
  }),
  maxEventsPerSession: bound("maxEventsPerSession", {
    variable: "FORMGATE_MAX_EVENTS_PER_SESSION",
    default: 1000,
    unit: "events",
    http: true,
    doc: "HTTP: events a 2025-era session keeps for a client that reconnects (`Last-Event-ID`)",
  }),
  maxEventBytesPerSession: bound("maxEventBytesPerSession", {
    variable: "FORMGATE_MAX_EVENT_BYTES_PER_SESSION",
    default: 4 * MIB,
    unit: "bytes",
    http: true,
    doc: "HTTP: bytes of those events, per session",
  }),
  maxEventBytes: bound("maxEventBytes", {
    variable: "FORMGATE_MAX_EVENT_BYTES",
    default: 128 * MIB,
    unit: "bytes",
    http: true,
    doc: "HTTP: bytes of those events, in all sessions",
  }),
  maxStreamReplays: bound("maxStreamReplays", {
    variable: "FORMGATE_MAX_STREAM_REPLAYS",
    default: 10,
    unit: "replays",
    http: true,
    doc: "HTTP: how many times one finished stream (one that carried its result) may be replayed",
    note: "to a client reconnecting with `Last-Event-ID`",
  }),
  maxLineBytes: bound("maxLineBytes", {
    variable: "FORMGATE_MAX_LINE_BYTES",
    default: 10 * MIB,
    unit: "bytes",
    max: 10 * MIB,
    doc: "stdio: bytes of one incoming line (one JSON-RPC message); a longer line is dropped",
    note: ", logged, and the connection carries on",
  }),
  shutdownMs: bound("shutdownMs", {
    variable: "FORMGATE_SHUTDOWN_MS",
    default: 10_000,
    unit: "milliseconds",
    max: 600_000,
    doc: "How long a stop (SIGTERM, SIGINT, stdin closed) may take, ms",
  }),
};

/** A setting's name (`timeoutMs`, `maxPendingForms`). */
export type SettingName = keyof typeof SETTINGS;

/** The value a setting holds. */
export type SettingValue<K extends SettingName> = (typeof SETTINGS)[K] extends Setting<infer T> ? T : never;

/** The settings in the order of docs/server.md's table. */
export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

/** The setting of a name, as the plain shape every setting has. */
export function settingOf(name: SettingName): Setting<unknown> {
  return SETTINGS[name] as Setting<unknown>;
}
