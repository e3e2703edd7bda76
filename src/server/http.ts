import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { toNodeHandler } from "@modelcontextprotocol/node";
import {
  createMcpHandler,
  DEFAULT_MAX_REQUEST_BODY_SIZE,
  isLegacyRequest,
  type McpHttpHandler,
} from "@modelcontextprotocol/server";
import {
  checkedOption,
  DEFAULT_HTTP_HOST,
  DEFAULT_HTTP_PORT,
  defaultServerConfig,
  fitHeadersTimeout,
  type ServerLimits,
} from "./config.js";
import { EventBudget } from "./event-store.js";
import { HttpBounds } from "./http-bounds.js";
import { allowedHostHeaders, bracketed, originAllowed } from "./http-guards.js";
import { drainThenReply, flushEventStreamHeaders, OpenResponses, reply } from "./http-replies.js";
import { LegacySessions } from "./legacy-sessions.js";
import type { Log } from "./log.js";
import { type PendingForms, settledWithin } from "./pending-forms.js";
import type { Issue } from "../model/index.js";
import { formServers, protocolErrorLine, type FormServerFactory, type FormServerOptions } from "./server.js";
import type { RunningServer } from "./stdio.js";
import { fitResponse, type StreamRules } from "./streams.js";

/** The endpoint path of the Streamable HTTP transport. */
export const MCP_PATH = "/mcp";
/** The health check: 200 with the number of open 2025-era sessions while the server is serving. */
export const HEALTH_PATH = "/health";
export { DEFAULT_HTTP_HOST, DEFAULT_HTTP_PORT };

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
  const { factory, pending, log, limits } = formServers(options);
  checkHeadersTimeout(limits, options.limits?.headersTimeoutMs !== undefined);
  const onerror = (error: Error) => log(`http error: ${protocolErrorLine(error)}`, "warn");
  const modern = createMcpHandler(factory, { legacy: "reject", onerror, maxSubscriptions: limits.maxListenStreams });
  const legacy = legacySessions(factory, options, limits, log);
  const bounds = new HttpBounds(limits, log);
  const streams: StreamRules = { listenIdleMs: limits.listenIdleMs, onIdle: () => bounds.listenIdle() };
  const endpoint: Endpoint = {
    host,
    allowedHosts: [],
    stopping: false,
    legacy,
    modern,
    pending,
    bounds,
    streams,
    log,
    onerror,
  };
  const open = new OpenResponses();
  const httpServer = createHttpServer(limits, (req, res) => {
    open.add(res);
    handle(endpoint, req, res).catch((error: unknown) => {
      log(`http error: ${error instanceof Error ? error.message : String(error)}`, "error");
      if (!res.headersSent) reply(res, 500, "Internal server error");
      else res.end();
    });
  });
  httpServer.on("connection", (socket) => bounds.admitConnection(socket));
  httpServer.on("clientError", (error: NodeJS.ErrnoException, socket) => bounds.clientError(error, socket as Socket));
  const port = await listen(httpServer, options.port ?? DEFAULT_HTTP_PORT, host);
  endpoint.allowedHosts = allowedHostHeaders(host, port, options.allowedHosts ?? []);
  const closed = new Promise<void>((resolve) => httpServer.once("close", () => resolve()));
  let closing: Promise<void> | undefined;
  const close = () => {
    endpoint.stopping = true;
    closing ??= stop(httpServer, endpoint, open, limits.shutdownMs);
    return closing;
  };
  return {
    url: `http://${bracketed(host)}:${port}${MCP_PATH}`,
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

/** What answering one request needs: the two eras' handlers, the bounds, and whether the server is stopping. */
interface Endpoint {
  host: string;
  /** `Host` header values accepted; set once the port is known. */
  allowedHosts: string[];
  stopping: boolean;
  legacy: LegacySessions;
  modern: McpHttpHandler;
  pending: PendingForms;
  bounds: HttpBounds;
  streams: StreamRules;
  log: Log;
  onerror: (error: Error) => void;
}

/** An embedder's header timeout longer than its request timeout is a mistake Node would refuse less clearly. */
function checkHeadersTimeout(limits: ServerLimits, headersSet: boolean): void {
  const timeouts: Issue[] = [];
  fitHeadersTimeout(limits, headersSet, timeouts);
  if (timeouts.length > 0)
    throw new RangeError(
      `headersTimeoutMs (${limits.headersTimeoutMs}) must be at most requestTimeoutMs (${limits.requestTimeoutMs})`,
    );
}

function legacySessions(
  factory: FormServerFactory,
  options: HttpOptions,
  limits: ServerLimits,
  log: Log,
): LegacySessions {
  const defaults = defaultServerConfig();
  return new LegacySessions(factory, {
    maxSessions: checkedOption("maxSessions", options.maxSessions ?? defaults.maxSessions),
    maxSessionsPerClient: limits.maxSessionsPerClient,
    idleMs: checkedOption("sessionIdleMs", options.sessionIdleMs ?? defaults.sessionIdleMs),
    log,
    events: {
      maxEvents: limits.maxEventsPerSession,
      maxBytes: limits.maxEventBytesPerSession,
      maxReplays: limits.maxStreamReplays,
      budget: new EventBudget(limits.maxEventBytes),
    },
  });
}

function createHttpServer(
  limits: ServerLimits,
  onRequest: (req: IncomingMessage, res: ServerResponse) => void,
): Server {
  return createServer(
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
      onRequest(req, res);
    },
  );
}

/** Listens, and resolves with the port (the real one when 0 was asked for). */
async function listen(httpServer: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(port, host, () => {
      httpServer.off("error", reject);
      resolve();
    });
  });
  return (httpServer.address() as AddressInfo).port;
}

/** One HTTP request: the health check, then the endpoint's guards and bounds, then MCP. */
async function handle(endpoint: Endpoint, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { stopping, legacy, pending, bounds } = endpoint;
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
  if (!endpoint.allowedHosts.includes(req.headers.host ?? ""))
    return reply(res, 403, `Invalid Host header: ${req.headers.host}`);
  if (!originAllowed(req.headers.origin, endpoint.host))
    return reply(res, 403, `Forbidden origin: ${req.headers.origin}`);
  if (stopping) return drainThenReply(req, res, 503, "Server stopping: it takes no new requests; try another instance");
  if (Number(req.headers["content-length"]) > DEFAULT_MAX_REQUEST_BODY_SIZE) {
    endpoint.log(`refused a body of ${req.headers["content-length"]} bytes (limit ${DEFAULT_MAX_REQUEST_BODY_SIZE})`);
    return drainThenReply(
      req,
      res,
      413,
      `Payload Too Large: Request body must not exceed ${DEFAULT_MAX_REQUEST_BODY_SIZE} bytes`,
    );
  }
  const listen = bounds.admitListen(req, res);
  if (typeof listen === "string") return drainThenReply(req, res, 503, listen);
  const body = bounds.meterBody(req, res);
  // The client's address travels with its request (the web Request has none). The adapter reads
  // the body through its meter; a body ended early is answered here, never parsed.
  flushEventStreamHeaders(res);
  const fetch = async (request: Request) => (await body?.refused()) ?? route(endpoint, request, req);
  return toNodeHandler({ fetch }, { onerror: endpoint.onerror })((body ?? req) as IncomingMessage, res);
}

/** A request with a session id is 2025-era by definition; the SDK classifies the others. */
async function route(endpoint: Endpoint, request: Request, req: IncomingMessage): Promise<Response> {
  const { legacy, modern } = endpoint;
  const legacyEra = request.headers.has("mcp-session-id") || (await isLegacyRequest(request));
  const response = legacyEra
    ? await legacy.handle(request, req.socket.remoteAddress ?? "")
    : await modern.fetch(request);
  return fitResponse(request, response, endpoint.streams);
}

/**
 * The stop: no new connection or request; every pending form ends with a result delivered
 * on its call's stream (and kept in the session's event store); then sessions and
 * connections close. Whatever is still open at `shutdownMs` is closed anyway. Each step
 * waits on what it ends (the pending forms, the sessions' answers, the open responses).
 */
async function stop(httpServer: Server, endpoint: Endpoint, open: OpenResponses, shutdownMs: number): Promise<void> {
  const deadline = Date.now() + shutdownMs;
  const left = () => Math.max(0, deadline - Date.now());
  const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
  endpoint.pending.abortAll();
  await settledWithin(endpoint.pending.whenEmpty(), shutdownMs);
  // The results are on their way: wait until the calls' streams have carried them.
  await settledWithin(endpoint.legacy.whenAnswered(), left());
  await Promise.all([endpoint.legacy.closeAll(), endpoint.modern.close()]);
  httpServer.closeIdleConnections();
  await settledWithin(open.whenClosed(), left());
  httpServer.closeAllConnections();
  await stopped;
}
