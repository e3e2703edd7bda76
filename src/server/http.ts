import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler, DEFAULT_MAX_REQUEST_BODY_SIZE, isLegacyRequest } from "@modelcontextprotocol/server";
import {
  DEFAULT_HTTP_HOST,
  DEFAULT_HTTP_PORT,
  LIMIT_SETTINGS,
  defaultServerConfig,
  fitHeadersTimeout,
  type ServerLimits,
} from "./config.js";
import { BodyBudget, type BodyMeter } from "./body-budget.js";
import { EventBudget } from "./event-store.js";
import { LegacySessions } from "./legacy-sessions.js";
import type { Log } from "./log.js";
import { settledWithin } from "./pending-forms.js";
import type { Issue } from "../model/index.js";
import { formServers, protocolErrorLine, type FormServerOptions } from "./server.js";
import type { RunningServer } from "./stdio.js";
import { fitResponse, type StreamRules } from "./streams.js";

/** The endpoint path of the Streamable HTTP transport. */
export const MCP_PATH = "/mcp";
/** The health check: 200 with the number of open 2025-era sessions while the server is serving. */
export const HEALTH_PATH = "/health";
export { DEFAULT_HTTP_HOST, DEFAULT_HTTP_PORT };

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

export interface HttpOptions extends FormServerOptions {
  /** TCP port; 0 picks a free one. Default 7801. */
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /**
   * `Host` header values accepted (DNS-rebinding protection) besides localhost, 127.0.0.1,
   * [::1] and the bound host at the bound port: e.g. `"forms.example.com"` for a server bound
   * to `0.0.0.0` behind that name. A name without a port is accepted bare (a proxy on the
   * scheme's default port) and at the bound port; `"name:port"` exactly.
   */
  allowedHosts?: string[];
  /** The most 2025-era sessions open at once (default 1000); past it a new `initialize` gets HTTP 503. */
  maxSessions?: number;
  /** Idle time after which a 2025-era session with nothing in progress is closed (default 30 minutes). */
  sessionIdleMs?: number;
}

export interface HttpServer extends RunningServer {
  /** The endpoint, e.g. `http://127.0.0.1:7801/mcp`. */
  url: string;
  /** Where the server is listening (the real port when 0 was asked for). */
  address: { host: string; port: number };
  /** How many 2025-era sessions are open. */
  sessionCount(): number;
}

/**
 * Serves the form tool over Streamable HTTP at `/mcp`, to both eras: 2026-07-28 requests
 * statelessly (any instance sharing the state key can answer any round), 2025-era clients
 * in sessions keyed by `Mcp-Session-Id` (their answers to server-initiated requests must
 * come back to this instance). DNS-rebinding protection is on, browser origins are
 * limited to this machine.
 */
export async function serveHttp(options: HttpOptions = {}): Promise<HttpServer> {
  const host = options.host ?? DEFAULT_HTTP_HOST;
  const defaults = defaultServerConfig();
  const { factory, pending, log, limits } = formServers(options);
  const timeouts: Issue[] = [];
  fitHeadersTimeout(limits, options.limits?.headersTimeoutMs !== undefined, timeouts);
  if (timeouts.length > 0)
    throw new RangeError(
      `headersTimeoutMs (${limits.headersTimeoutMs}) must be at most requestTimeoutMs (${limits.requestTimeoutMs})`,
    );
  const onerror = (error: Error) => log(`http error: ${protocolErrorLine(error)}`, "warn");
  const modern = createMcpHandler(factory, { legacy: "reject", onerror, maxSubscriptions: limits.maxListenStreams });
  const legacy = new LegacySessions(factory, {
    maxSessions: positive(options.maxSessions ?? defaults.maxSessions, "maxSessions"),
    maxSessionsPerClient: limits.maxSessionsPerClient,
    idleMs: positive(options.sessionIdleMs ?? defaults.sessionIdleMs, "sessionIdleMs"),
    log,
    events: {
      maxEvents: limits.maxEventsPerSession,
      maxBytes: limits.maxEventBytesPerSession,
      maxReplays: limits.maxStreamReplays,
      budget: new EventBudget(limits.maxEventBytes),
    },
  });
  const bounds = new HttpBounds(limits, log);
  const streams: StreamRules = { listenIdleMs: limits.listenIdleMs, onIdle: () => bounds.listenIdle() };
  // A request with a session id is 2025-era by definition; the SDK classifies the others.
  const route = async (request: Request, client: string): Promise<Response> =>
    fitResponse(
      request,
      request.headers.has("mcp-session-id") || (await isLegacyRequest(request))
        ? await legacy.handle(request, client)
        : await modern.fetch(request),
      streams,
    );
  // The client's address travels with its request (the web Request has none). The adapter reads
  // the body through its meter; a body ended early is answered here, never parsed.
  const mcp = (req: IncomingMessage, res: ServerResponse, body: BodyMeter | undefined) => {
    flushEventStreamHeaders(res);
    const fetch = async (request: Request) => (await body?.refused()) ?? route(request, req.socket.remoteAddress ?? "");
    return toNodeHandler({ fetch }, { onerror })((body ?? req) as IncomingMessage, res);
  };
  let allowedHosts: string[] = [];
  let stopping = false;
  /** Responses being written (event streams included), so a stop waits for the results it gave. */
  const open = new Set<ServerResponse>();

  const httpServer = createServer(
    // Node checks the header and request timeouts on this interval (30 s by default): a sixth of
    // the header timeout keeps a timed-out client from holding its socket much longer, and is
    // long enough that a busy event loop does not expire requests it simply has not read yet.
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.round(limits.headersTimeoutMs / 6)),
      keepAliveTimeout: limits.idleConnectionMs + KEEP_ALIVE_GRACE_MS,
    },
    (req, res) => {
      // Said by hand (Node then adds none of its own): clients reuse an idle connection until this
      // timeout less a margin, and the server keeps it open KEEP_ALIVE_GRACE_MS longer than it says.
      res.setHeader("Keep-Alive", `timeout=${Math.floor(limits.idleConnectionMs / 1000)}`);
      open.add(res);
      res.once("close", () => open.delete(res));
      handle(req, res).catch((error: unknown) => {
        log(`http error: ${error instanceof Error ? error.message : String(error)}`, "error");
        if (!res.headersSent) reply(res, 500, "Internal server error");
        else res.end();
      });
    },
  );
  httpServer.on("connection", (socket) => bounds.admitConnection(socket));
  httpServer.on("clientError", (error: NodeJS.ErrnoException, socket) => bounds.clientError(error, socket as Socket));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Only the origin form (`/mcp`): an absolute-form target (`http://other/mcp`) is for proxies.
    if (!req.url?.startsWith("/"))
      return drainThenReply(req, res, 400, "Bad Request: the request target must be a path such as /mcp", -32600);
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    // For load balancers and process managers: answered before the Host check, since a
    // balancer probes by address, and it shows nothing a person answered.
    if (path === HEALTH_PATH && (req.method === "GET" || req.method === "HEAD")) {
      res.writeHead(stopping ? 503 : 200, { "Content-Type": "application/json" }).end(
        JSON.stringify({
          status: stopping ? "stopping" : "ok",
          sessions: legacy.size,
          maxSessions: legacy.maxSessions,
          pendingForms: pending.size,
        }),
      );
      return;
    }
    if (path !== MCP_PATH) return reply(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}`);
    if (!allowedHosts.includes(req.headers.host ?? ""))
      return reply(res, 403, `Invalid Host header: ${req.headers.host}`);
    if (!originAllowed(req.headers.origin, host)) return reply(res, 403, `Forbidden origin: ${req.headers.origin}`);
    if (stopping)
      return drainThenReply(req, res, 503, "Server stopping: it takes no new requests; try another instance");
    if (Number(req.headers["content-length"]) > DEFAULT_MAX_REQUEST_BODY_SIZE) {
      log(`refused a body of ${req.headers["content-length"]} bytes (limit ${DEFAULT_MAX_REQUEST_BODY_SIZE})`);
      return drainThenReply(
        req,
        res,
        413,
        `Payload Too Large: Request body must not exceed ${DEFAULT_MAX_REQUEST_BODY_SIZE} bytes`,
      );
    }
    const listen = bounds.admitListen(req, res);
    if (typeof listen === "string") return drainThenReply(req, res, 503, listen);
    await mcp(req, res, bounds.meterBody(req, res));
  }

  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(options.port ?? DEFAULT_HTTP_PORT, host, () => {
      httpServer.off("error", reject);
      resolve();
    });
  });
  const { port } = httpServer.address() as AddressInfo;
  allowedHosts = [
    ...defaultAllowedHosts(host, port),
    ...(options.allowedHosts ?? []).flatMap((name) => (/:\d+$/.test(name) ? [name] : [name, `${name}:${port}`])),
  ];

  const closed = new Promise<void>((resolve) => httpServer.once("close", () => resolve()));
  let closing: Promise<void> | undefined;
  /**
   * The stop: no new connection or request; every pending form ends with a result delivered
   * on its call's stream (and kept in the session's event store); then sessions and
   * connections close. Whatever is still open at `shutdownMs` is closed anyway.
   */
  const close = () => {
    closing ??= (async () => {
      stopping = true;
      const deadline = Date.now() + limits.shutdownMs;
      const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      pending.abortAll();
      await settledWithin(pending.whenEmpty(), limits.shutdownMs);
      // The results are on their way: wait until the calls' streams have carried them.
      while (legacy.inProgress > 0 && Date.now() < deadline) await sleep(10);
      await Promise.all([legacy.closeAll(), modern.close()]);
      httpServer.closeIdleConnections();
      while (open.size > 0 && Date.now() < deadline) await sleep(10);
      httpServer.closeAllConnections();
      await stopped;
    })();
    return closing;
  };
  const urlHost = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}${MCP_PATH}`,
    address: { host, port },
    close,
    closed,
    sessionCount: () => legacy.size,
  };
}

/**
 * How much longer than its `Keep-Alive` header says the server keeps an idle connection open. A
 * client times the idle connection from when it read the last response, which on a loaded machine
 * can be seconds after the server wrote it; without the grace the server could close the
 * connection just as the client sends its next request on it, and that request would be reset
 * (ECONNRESET: a POST is not retried, so a person's answers would be lost).
 */
export const KEEP_ALIVE_GRACE_MS = 5000;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * The HTTP server's own bounds: connections (in all and per client address), request bodies
 * being received (bytes in flight), 2026-07-28 listen streams (in all and per client
 * address), and the header and request timeouts Node enforces. Past one, the client gets a
 * readable HTTP error (503 with a JSON-RPC error body, 408 for a timeout), and the log says
 * so once per bound.
 */
class HttpBounds {
  private connections = 0;
  private readonly connectionsByClient = new Map<string, number>();
  private readonly bodies: BodyBudget;
  private listens = 0;
  private readonly listensByClient = new Map<string, number>();
  private readonly logged = new Set<string>();

  constructor(
    private readonly limits: ServerLimits,
    private readonly log: Log,
  ) {
    this.bodies = new BodyBudget({
      limits: this.limits,
      refusal: (key, what) => this.refusal(key, what),
      onTooSlow: () => {
        const bound =
          `${this.limits.minBodyBytesPerSec} bytes a second over ${this.limits.bodyRateWindowMs} ms ` +
          "(FORMGATE_MIN_BODY_BYTES_PER_SEC, FORMGATE_BODY_RATE_WINDOW_MS)";
        this.logOnce("minBodyBytesPerSec", `limit reached: a request body arrived slower than ${bound}; it was ended`);
        return `Request Timeout: the body arrived slower than ${bound}`;
      },
    });
  }

  admitConnection(socket: Socket): void {
    const client = socket.remoteAddress ?? "";
    const mine = this.connectionsByClient.get(client) ?? 0;
    const over =
      mine >= this.limits.maxConnectionsPerClient
        ? "maxConnectionsPerClient"
        : this.connections >= this.limits.maxConnections
          ? "maxConnections"
          : undefined;
    if (over !== undefined) {
      const message = this.refusal(over, "open connections");
      // Written by hand: the connection never reaches the HTTP parser.
      const body = JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null });
      socket.on("error", () => {});
      socket.end(
        `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 5\r\nConnection: close\r\n\r\n${body}`,
      );
      socket.destroySoon();
      return;
    }
    this.connections++;
    this.connectionsByClient.set(client, mine + 1);
    socket.once("close", () => {
      this.connections--;
      const left = (this.connectionsByClient.get(client) ?? 1) - 1;
      if (left === 0) this.connectionsByClient.delete(client);
      else this.connectionsByClient.set(client, left);
    });
  }

  /**
   * Node's timeouts (headers, whole request) and malformed requests: answered as Node answers
   * them without a listener (a status line only when no response has started on the socket,
   * then the socket is destroyed), the timeouts also logged once.
   */
  clientError(error: NodeJS.ErrnoException, socket: Socket): void {
    const timedOut = error.code === "ERR_HTTP_REQUEST_TIMEOUT";
    if (timedOut) this.refusal("requestTimeoutMs", "time to send a request (headers: FORMGATE_HEADERS_TIMEOUT_MS)");
    const response = (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage;
    if (socket.writable && response?.headersSent !== true)
      socket.write(
        timedOut
          ? "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n"
          : `HTTP/1.1 ${error.code === "HPE_HEADER_OVERFLOW" ? TOO_LARGE : "400 Bad Request"}` +
              "\r\nConnection: close\r\n\r\n",
      );
    socket.destroy();
  }

  /** Counts a request's body as it arrives, in all and per address, and ends it when it arrives too slowly. */
  meterBody(req: IncomingMessage, res: ServerResponse): BodyMeter | undefined {
    return this.bodies.meter(req, res);
  }

  /** Counts a 2026-07-28 `subscriptions/listen` stream while it is open; a message when a bound is reached. */
  admitListen(req: IncomingMessage, res: ServerResponse): undefined | string {
    if (req.headers["mcp-method"] !== "subscriptions/listen") return undefined;
    const client = req.socket.remoteAddress ?? "";
    const mine = this.listensByClient.get(client) ?? 0;
    if (mine >= this.limits.maxListenStreamsPerClient)
      return this.refusal("maxListenStreamsPerClient", "listen streams from this client");
    if (this.listens >= this.limits.maxListenStreams) return this.refusal("maxListenStreams", "listen streams");
    this.listens++;
    this.listensByClient.set(client, mine + 1);
    res.once("close", () => {
      this.listens--;
      const left = (this.listensByClient.get(client) ?? 1) - 1;
      if (left === 0) this.listensByClient.delete(client);
      else this.listensByClient.set(client, left);
    });
    return undefined;
  }

  /** A listen stream was closed for sending nothing for `listenIdleMs`: logged the first time. */
  listenIdle(): void {
    this.logOnce(
      "listenIdleMs",
      `limit reached: a listen stream sent nothing for ${this.limits.listenIdleMs} ms (FORMGATE_LISTEN_IDLE_MS); ` +
        "idle listen streams are closed",
    );
  }

  private logOnce(key: keyof ServerLimits, line: string): void {
    if (this.logged.has(key)) return;
    this.logged.add(key);
    this.log(line, "warn");
  }

  /** The message for a refusal at `key`, logged the first time that bound is reached. */
  private refusal(key: keyof ServerLimits, what: string): string {
    const setting = LIMIT_SETTINGS.find((candidate) => candidate.key === key);
    const bound = `${this.limits[key]} ${what}, ${setting?.variable}`;
    this.logOnce(key, `limit reached: ${bound}; requests past it are refused`);
    return `Server busy: the most ${what} this server allows is reached (${bound}); try again later`;
  }
}

const TOO_LARGE = "431 Request Header Fields Too Large";

/**
 * Reads the body to its end before answering, so that a client still writing it reads the answer
 * instead of a broken pipe.
 */
async function drainThenReply(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  message: string,
  code = -32000,
): Promise<void> {
  req.resume();
  await new Promise((resolve) => req.once("end", resolve).once("error", resolve).once("close", resolve));
  reply(res, status, message, code, status === 503 ? { "Retry-After": "5" } : {});
}

/**
 * An event stream's headers go out at once, not with its first event: a client resuming a
 * pending call's stream (`Last-Event-ID`) has its response while the person is still answering.
 */
function flushEventStreamHeaders(res: ServerResponse): void {
  // The SDK's adapter writes the head with the response's headers, named in lower case.
  const writeHead = res.writeHead.bind(res) as (status: number, headers: Record<string, string>) => ServerResponse;
  res.writeHead = ((status: number, headers: Record<string, string>) => {
    writeHead(status, headers);
    if (/^text\/event-stream\b/i.test(headers["content-type"] ?? "")) res.flushHeaders();
    return res;
  }) as typeof res.writeHead;
}

function positive(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RangeError(`${name} must be a whole number of at least 1, got ${value}`);
  return value;
}

function defaultAllowedHosts(host: string, port: number): string[] {
  const bound = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  const names = LOOPBACK_NAMES.includes(bound) ? LOOPBACK_NAMES : [...LOOPBACK_NAMES, bound];
  return names.map((name) => `${name}:${port}`);
}

/**
 * A browser page may only talk to the server from this machine (or the bound host):
 * another site's page must not be able to open a form in the person's name. Requests
 * without an `Origin` (MCP clients that are not browsers) are not affected.
 */
function originAllowed(origin: string | undefined, host: string): boolean {
  if (origin === undefined) return true;
  let hostname: string;
  try {
    hostname = new URL(origin).hostname;
  } catch {
    return false;
  }
  return LOOPBACK_NAMES.includes(hostname) || hostname === host || hostname === `[${host}]`;
}

function reply(
  res: ServerResponse,
  status: number,
  message: string,
  code = -32000,
  headers: Record<string, string> = {},
): void {
  res
    .writeHead(status, { "Content-Type": "application/json", ...headers })
    .end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}
