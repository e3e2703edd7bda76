import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { BodyBudget, type BodyMeter } from "./body-budget.js";
import type { ServerLimits } from "./config.js";
import { jsonRpcError } from "./http-replies.js";
import { SETTINGS } from "./settings.js";
import type { Log } from "./log.js";

/**
 * The HTTP server's own bounds: connections (in all and per client address), request bodies
 * being received (bytes in flight), 2026-07-28 listen streams (in all and per client
 * address), and the header and request timeouts Node enforces. Past one, the client gets a
 * readable HTTP error (503 with a JSON-RPC error body, 408 for a timeout), and the log says
 * so once per bound.
 */
export class HttpBounds {
  private readonly connections = new ClientCounts();
  private readonly bodies: BodyBudget;
  private readonly listens = new ClientCounts();
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
    const over =
      this.connections.of(client) >= this.limits.maxConnectionsPerClient
        ? "maxConnectionsPerClient"
        : this.connections.total >= this.limits.maxConnections
          ? "maxConnections"
          : undefined;
    if (over !== undefined) {
      const message = this.refusal(over, "open connections");
      // Written by hand: the connection never reaches the HTTP parser.
      const body = JSON.stringify(jsonRpcError(message));
      socket.on("error", () => {});
      socket.end(
        `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 5\r\nConnection: close\r\n\r\n${body}`,
      );
      socket.destroySoon();
      return;
    }
    socket.once("close", this.connections.add(client));
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
    if (this.listens.of(client) >= this.limits.maxListenStreamsPerClient)
      return this.refusal("maxListenStreamsPerClient", "listen streams from this client");
    if (this.listens.total >= this.limits.maxListenStreams) return this.refusal("maxListenStreams", "listen streams");
    res.once("close", this.listens.add(client));
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
    const bound = `${this.limits[key]} ${what}, ${SETTINGS[key].variable}`;
    this.logOnce(key, `limit reached: ${bound}; requests past it are refused`);
    return `Server busy: the most ${what} this server allows is reached (${bound}); try again later`;
  }
}

/** What is open, in all and per client address. */
class ClientCounts {
  total = 0;
  private readonly byClient = new Map<string, number>();

  of(client: string): number {
    return this.byClient.get(client) ?? 0;
  }

  /** Counts one more for `client`; the function returned counts it out. */
  add(client: string): () => void {
    this.total++;
    this.byClient.set(client, this.of(client) + 1);
    return () => {
      this.total--;
      const left = this.of(client) - 1;
      if (left <= 0) this.byClient.delete(client);
      else this.byClient.set(client, left);
    };
  }
}

const TOO_LARGE = "431 Request Header Fields Too Large";
