import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { DEFAULT_HTTP_HOST, DEFAULT_HTTP_PORT } from "./config.js";
import { createFormServer, type FormServerOptions } from "./server.js";
import type { RunningServer } from "./stdio.js";

/** The endpoint path of the Streamable HTTP transport. */
export const MCP_PATH = "/mcp";
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
}

export interface HttpServer extends RunningServer {
  /** The endpoint, e.g. `http://127.0.0.1:7801/mcp`. */
  url: string;
  /** Where the server is listening (the real port when 0 was asked for). */
  address: { host: string; port: number };
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
}

/**
 * Serves the form tool over Streamable HTTP at `/mcp`, with stateful sessions (one MCP
 * server per session, since each client advertises its own capabilities), DNS-rebinding
 * protection on, and browser origins limited to this machine.
 */
export async function serveHttp(options: HttpOptions = {}): Promise<HttpServer> {
  const host = options.host ?? DEFAULT_HTTP_HOST;
  const log = options.log ?? (() => {});
  const sessions = new Map<string, Session>();
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
    if (path !== MCP_PATH) return reply(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}`);
    if (!originAllowed(req.headers.origin, host)) return reply(res, 403, `Forbidden origin: ${req.headers.origin}`);

    const sessionId = req.headers["mcp-session-id"];
    if (typeof sessionId === "string") {
      const session = sessions.get(sessionId);
      if (session === undefined) return reply(res, 404, "Session not found", -32001);
      return session.transport.handleRequest(req, res);
    }
    if (req.method !== "POST") return reply(res, 400, "Bad Request: Mcp-Session-Id header is required");
    await openSession(req, res);
  }

  // A POST without a session may only be `initialize`; the transport checks that and
  // answers 400 otherwise, in which case the session never starts and is dropped.
  async function openSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const server = createFormServer(options);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      enableDnsRebindingProtection: true,
      allowedHosts,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server });
        log(`session ${id} opened`);
      },
    });
    transport.onclose = () => {
      const id = transport.sessionId;
      if (id !== undefined && sessions.delete(id)) log(`session ${id} closed`);
    };
    // Transport errors (malformed bodies among them) reach the server's onerror, which logs them once.
    await server.connect(transport);
    await transport.handleRequest(req, res);
    if (transport.sessionId === undefined) await server.close();
  }

  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(options.port ?? DEFAULT_HTTP_PORT, host, () => {
      httpServer.off("error", reject);
      resolve();
    });
  });
  const { port } = httpServer.address() as AddressInfo;
  allowedHosts = [...defaultAllowedHosts(host, port), ...(options.allowedHosts ?? []).flatMap((name) => (/:\d+$/.test(name) ? [name] : [name, `${name}:${port}`]))];

  const closed = new Promise<void>((resolve) => httpServer.once("close", () => resolve()));
  const close = async () => {
    const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
    await Promise.all([...sessions.values()].map(({ server }) => server.close()));
    httpServer.closeAllConnections();
    await stopped;
  };
  const urlHost = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return { url: `http://${urlHost}:${port}${MCP_PATH}`, address: { host, port }, close, closed };
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
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}
