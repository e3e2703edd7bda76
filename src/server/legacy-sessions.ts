import { randomUUID } from "node:crypto";
import { WebStandardStreamableHTTPServerTransport, type McpServer } from "@modelcontextprotocol/server";
import { MemoryEventStore, type EventStoreLimit, type EventStoreLimits } from "./event-store.js";
import { jsonRpcError } from "./http-replies.js";
import { sessionLabel, type Log } from "./log.js";
import { TrackedTransport } from "./tracked-transport.js";

export interface LegacySessionOptions {
  /** The most sessions open at once; past it a new `initialize` gets HTTP 503. */
  maxSessions: number;
  /** The most sessions opened from one client address and open at once; past it the same. */
  maxSessionsPerClient: number;
  /** A session with no request and nothing in progress for this long is closed. */
  idleMs: number;
  log: Log;
  /** The bounds of each session's event store (resumable streams). */
  events: EventStoreLimits;
}

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  server: McpServer;
  /** The transport the server is connected to: it counts the client's requests still being answered. */
  requests: TrackedTransport;
  idleTimer: NodeJS.Timeout | undefined;
  events: MemoryEventStore;
}

/**
 * 2025-era Streamable HTTP sessions (`Mcp-Session-Id`), one MCP server each: such a client
 * answers server-initiated requests on later POSTs, which must reach the server that sent
 * them. Sessions end when the client ends them (DELETE), when they sit idle for `idleMs`
 * with nothing in progress, or when the server stops; at most `maxSessions` are open.
 */
export class LegacySessions {
  private readonly sessions = new Map<string, Session>();
  /** Sessions whose `initialize` is being answered: counted against the cap before they have an id. */
  private opening = 0;
  /** Sessions open or opening, per client address. */
  private readonly byClient = new Map<string, number>();
  private readonly storeLimitsLogged = new Set<EventStoreLimit>();
  private clientCapLogged = false;

  constructor(
    private readonly factory: () => McpServer,
    private readonly options: LegacySessionOptions,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  get maxSessions(): number {
    return this.options.maxSessions;
  }

  /** Serves one request from `client` (its address). */
  async handle(request: Request, client: string): Promise<Response> {
    const sessionId = request.headers.get("mcp-session-id");
    if (sessionId !== null) {
      const session = this.sessions.get(sessionId);
      if (session === undefined) return errorResponse(404, -32001, "Session not found");
      this.markActive(session);
      return session.transport.handleRequest(request);
    }
    if (request.method !== "POST") return errorResponse(400, -32000, "Bad Request: Mcp-Session-Id header is required");
    if (this.sessions.size + this.opening >= this.options.maxSessions) {
      this.options.log(
        `refused a new session: ${this.sessions.size} open, the most allowed (--max-sessions ` +
          `${this.options.maxSessions})`,
      );
      return errorResponse(
        503,
        -32000,
        `Server busy: ${this.options.maxSessions} sessions are open, the most this server allows; try again later`,
        { "Retry-After": "30" },
      );
    }
    const mine = this.byClient.get(client) ?? 0;
    if (mine >= this.options.maxSessionsPerClient) {
      if (!this.clientCapLogged) {
        this.clientCapLogged = true;
        this.options.log(
          `limit reached: ${this.options.maxSessionsPerClient} sessions from one client address ` +
            `(FORMGATE_MAX_SESSIONS_PER_CLIENT); its new sessions are refused`,
          "warn",
        );
      }
      return errorResponse(
        503,
        -32000,
        `Server busy: ${this.options.maxSessionsPerClient} sessions from this address are open, the most this ` +
          `server allows one address (FORMGATE_MAX_SESSIONS_PER_CLIENT); end one, or try again later`,
        { "Retry-After": "30" },
      );
    }
    this.opening++;
    this.byClient.set(client, mine + 1);
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      this.leave(client);
    };
    try {
      return await this.open(request, leave);
    } catch (error) {
      leave();
      throw error;
    } finally {
      this.opening--;
    }
  }

  /** One session of `client` ended (or never started). */
  private leave(client: string): void {
    const left = (this.byClient.get(client) ?? 1) - 1;
    if (left <= 0) this.byClient.delete(client);
    else this.byClient.set(client, left);
  }

  /** Resolves when every session has answered the requests it is answering (a stop's results sent). */
  whenAnswered(): Promise<void> {
    return Promise.all([...this.sessions.values()].map(({ requests }) => requests.whenAnswered())).then(() => {});
  }

  /** Closes every session (the server is stopping). */
  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions.values()].map(({ server }) => server.close()));
  }

  // A POST without a session may only be `initialize`; the transport checks that and
  // answers 400 otherwise, in which case the session never starts and is dropped.
  private async open(request: Request, ended: () => void): Promise<Response> {
    const server = this.factory();
    let session: Session | undefined;
    const events = new MemoryEventStore(this.options.events, (limit) => {
      if (this.storeLimitsLogged.has(limit)) return;
      this.storeLimitsLogged.add(limit);
      this.options.log(STORE_LIMIT_LINES[limit], "warn");
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      // Resumable streams: a client whose stream drops reconnects with Last-Event-ID and gets what it missed.
      eventStore: events,
      onsessioninitialized: (id) => {
        session = { transport, server, requests, idleTimer: undefined, events };
        this.sessions.set(id, session);
        this.markActive(session);
        this.options.log(`session ${sessionLabel(id)} opened`);
      },
    });
    // A session with a request in progress (a tool call waiting for its form among them) does not expire.
    const requests = new TrackedTransport(transport, {
      busy: () => clearTimeout(session?.idleTimer),
      idle: () => {
        if (session !== undefined) this.markActive(session);
      },
    });
    let closed = false;
    requests.onclose = () => {
      if (closed) return;
      closed = true;
      const id = transport.sessionId;
      if (session !== undefined) clearTimeout(session.idleTimer);
      events.clear();
      ended();
      if (id !== undefined && this.sessions.delete(id)) this.options.log(`session ${sessionLabel(id)} closed`);
    };
    // Transport errors (malformed bodies among them) reach the server's onerror, which logs them once.
    await server.connect(requests);
    const response = await transport.handleRequest(request);
    if (transport.sessionId === undefined) await server.close();
    return response;
  }

  private markActive(session: Session): void {
    clearTimeout(session.idleTimer);
    if (session.requests.size > 0) return;
    session.idleTimer = setTimeout(() => {
      const id = session.transport.sessionId ?? "";
      this.options.log(`session ${sessionLabel(id)} expired after ${this.options.idleMs} ms idle`);
      void session.server.close();
    }, this.options.idleMs);
    // An idle session must not keep the process alive on its own.
    session.idleTimer.unref();
  }
}

/** The log line for each bound of a session's event store, written the first time it is reached. */
const STORE_LIMIT_LINES: Record<EventStoreLimit, string> = {
  events:
    "limit reached: a session's event store is full (FORMGATE_MAX_EVENTS_PER_SESSION, " +
    "FORMGATE_MAX_EVENT_BYTES_PER_SESSION or FORMGATE_MAX_EVENT_BYTES); its oldest events (or one larger than " +
    "the session's bound) are dropped and cannot be replayed",
  replays:
    "limit reached: a finished stream was replayed FORMGATE_MAX_STREAM_REPLAYS times; further reconnects to it get " +
    "HTTP 400",
};

function errorResponse(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json(jsonRpcError(message, code), { status, headers });
}
