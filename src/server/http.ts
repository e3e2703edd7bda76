import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler, DEFAULT_MAX_REQUEST_BODY_SIZE, isLegacyRequest } from "@modelcontextprotocol/server";
import { DEFAULT_HTTP_HOST, DEFAULT_HTTP_PORT, defaultServerConfig } from "./config.js";
import { LegacySessions } from "./legacy-sessions.js";
import { formServerFactory, protocolErrorLine, type FormServerOptions } from "./server.js";
import type { RunningServer } from "./stdio.js";

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
  const log = options.log ?? (() => {});
  const defaults = defaultServerConfig();
  const factory = formServerFactory(options);
  const onerror = (error: Error) => log(`http error: ${protocolErrorLine(error)}`, "warn");
  const modern = createMcpHandler(factory, { legacy: "reject", onerror });
  const legacy = new LegacySessions(factory, {
    maxSessions: positive(options.maxSessions ?? defaults.maxSessions, "maxSessions"),
    idleMs: positive(options.sessionIdleMs ?? defaults.sessionIdleMs, "sessionIdleMs"),
    log,
  });
  // A request with a session id is 2025-era by definition; the SDK classifies the others.
  const route = async (request: Request): Promise<Response> =>
    request.headers.has("mcp-session-id") || (await isLegacyRequest(request))
      ? legacy.handle(request)
      : modern.fetch(request);
  const mcp = toNodeHandler({ fetch: route }, { onerror });
  let allowedHosts: string[] = [];

  const httpServer = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`http error: ${error instanceof Error ? error.message : String(error)}`, "error");
      if (!res.headersSent) reply(res, 500, "Internal server error");
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    // For load balancers and process managers: answered before the Host check, since a
    // balancer probes by address, and it shows nothing a person answered.
    if (path === HEALTH_PATH && (req.method === "GET" || req.method === "HEAD")) {
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ status: "ok", sessions: legacy.size, maxSessions: legacy.maxSessions }));
      return;
    }
    if (path !== MCP_PATH) return reply(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}`);
    if (!allowedHosts.includes(req.headers.host ?? ""))
      return reply(res, 403, `Invalid Host header: ${req.headers.host}`);
    if (!originAllowed(req.headers.origin, host)) return reply(res, 403, `Forbidden origin: ${req.headers.origin}`);
    if (Number(req.headers["content-length"]) > DEFAULT_MAX_REQUEST_BODY_SIZE) {
      // Read the body to its end before answering, so that a client still writing it reads the 413 instead of a broken
      // pipe.
      log(`refused a body of ${req.headers["content-length"]} bytes (limit ${DEFAULT_MAX_REQUEST_BODY_SIZE})`);
      req.resume();
      await new Promise((resolve) => req.once("end", resolve).once("error", resolve));
      return reply(res, 413, `Payload Too Large: Request body must not exceed ${DEFAULT_MAX_REQUEST_BODY_SIZE} bytes`);
    }
    await mcp(req, res);
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
  const close = async () => {
    const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
    await Promise.all([legacy.closeAll(), modern.close()]);
    httpServer.closeAllConnections();
    await stopped;
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

function reply(res: ServerResponse, status: number, message: string, code = -32000): void {
  res
    .writeHead(status, { "Content-Type": "application/json" })
    .end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}
