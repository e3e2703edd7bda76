import type { IncomingMessage, ServerResponse } from "node:http";
import { jsonRpcError } from "./http-replies.js";
import { Readable } from "node:stream";
import type { ServerLimits } from "./config.js";

/** The bounds a body is held to, and how a refusal and a too-slow body are told. */
export interface BodyRules {
  limits: Pick<
    ServerLimits,
    "maxBodyBytesInFlight" | "maxBodyBytesInFlightPerClient" | "minBodyBytesPerSec" | "bodyRateWindowMs"
  >;
  /** The message for a body refused at `key` (logged once by the caller). */
  refusal: (key: "maxBodyBytesInFlight" | "maxBodyBytesInFlightPerClient", what: string) => string;
  /** A body was ended for arriving slower than `minBodyBytesPerSec` (logged once by the caller). */
  onTooSlow: () => string;
}

/**
 * Request bodies being received, counted by the bytes that have arrived (never by what a
 * `Content-Length` promises), in all and per client address: a slow body holds only what it has
 * sent, and a body arriving slower than `minBodyBytesPerSec` over a `bodyRateWindowMs` window is
 * ended and gives back what it held.
 */
export class BodyBudget {
  private bytes = 0;
  private readonly bytesByClient = new Map<string, number>();

  constructor(private readonly rules: BodyRules) {}

  /**
   * The stream the SDK's adapter reads instead of `req`: the same bytes, counted as they arrive.
   * GET and HEAD have no body to count (the adapter reads none).
   */
  meter(req: IncomingMessage, res: ServerResponse): BodyMeter | undefined {
    if (req.method === "GET" || req.method === "HEAD") return undefined;
    return new BodyMeter(req, res, this, this.rules);
  }

  /** Takes `bytes` for `client`; the refusal message when a bound would be passed. */
  take(client: string, bytes: number): string | undefined {
    const { limits, refusal } = this.rules;
    const mine = this.bytesByClient.get(client) ?? 0;
    if (mine + bytes > limits.maxBodyBytesInFlightPerClient)
      return refusal("maxBodyBytesInFlightPerClient", "bytes of request bodies being received from one address");
    if (this.bytes + bytes > limits.maxBodyBytesInFlight)
      return refusal("maxBodyBytesInFlight", "bytes of request bodies being received");
    this.bytes += bytes;
    this.bytesByClient.set(client, mine + bytes);
    return undefined;
  }

  give(client: string, bytes: number): void {
    this.bytes -= bytes;
    const left = (this.bytesByClient.get(client) ?? bytes) - bytes;
    if (left <= 0) this.bytesByClient.delete(client);
    else this.bytesByClient.set(client, left);
  }
}

/** Why a body was not handed over whole: the answer its request gets instead. */
interface Ended {
  status: 408 | 503;
  message: string;
}

/**
 * A request's body as the SDK's adapter reads it (`toWebRequest` reads `method`, `url`, `headers`
 * and iterates the body): every chunk is taken from the budget as it arrives and the whole is
 * given back when the body is over. A chunk past a bound ends the body early (the rest is read and
 * discarded, then 503); a body slower than the minimum rate ends at once (408, connection closed).
 */
export class BodyMeter extends Readable {
  readonly method: string | undefined;
  readonly url: string | undefined;
  readonly headers: IncomingMessage["headers"];
  private held = 0;
  private arrivedInWindow = 0;
  private ended: Ended | undefined;
  /** Nothing more is handed over: the rest of the body is read and dropped. */
  private discarding = false;
  private readonly over: Promise<void>;
  private readonly timer: NodeJS.Timeout;
  private readonly client: string;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly budget: BodyBudget,
    private readonly rules: BodyRules,
  ) {
    super();
    this.method = req.method;
    this.url = req.url;
    this.headers = req.headers;
    this.client = req.socket.remoteAddress ?? "";
    this.over = new Promise((resolve) => req.once("end", resolve).once("close", resolve).once("error", resolve));
    void this.over.then(() => this.finish());
    req.on("data", (chunk: Buffer) => this.arrive(chunk));
    req.once("end", () => {
      if (this.ended === undefined) this.push(null);
    });
    const { bodyRateWindowMs } = rules.limits;
    this.timer = setInterval(() => this.checkRate(), bodyRateWindowMs);
    // A body being received must not keep the process alive on its own (its socket does).
    this.timer.unref();
  }

  /** The answer to send instead of the SDK's when the body was ended early; undefined when it arrived whole. */
  async refused(): Promise<Response | undefined> {
    const ended = this.ended;
    if (ended === undefined) return undefined;
    // A refused body is read to its end first, so a client still writing it reads the answer.
    if (ended.status === 503) await this.over;
    return Response.json(jsonRpcError(ended.message), {
      status: ended.status,
      headers: ended.status === 503 ? { "retry-after": "5" } : { connection: "close" },
    });
  }

  override _read(): void {
    this.req.resume();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    // The adapter stopped reading (a body over its size limit, answered 413): the rest is discarded.
    this.discard();
    done(error);
  }

  private arrive(chunk: Buffer): void {
    this.arrivedInWindow += chunk.length;
    if (this.discarding) return;
    const refusal = this.budget.take(this.client, chunk.length);
    if (refusal !== undefined) {
      this.endEarly({ status: 503, message: refusal });
      return;
    }
    this.held += chunk.length;
    if (!this.push(chunk)) this.req.pause();
  }

  /** Checked every window: a body (or the rest of a refused one) that sends too little is ended. */
  private checkRate(): void {
    const { minBodyBytesPerSec, bodyRateWindowMs } = this.rules.limits;
    const arrived = this.arrivedInWindow;
    this.arrivedInWindow = 0;
    if (arrived >= (minBodyBytesPerSec * bodyRateWindowMs) / 1000) return;
    const message = this.rules.onTooSlow();
    if (this.discarding || this.res.headersSent) {
      // Its answer is written or waiting for a rest that does not come: the connection ends.
      this.req.socket.destroy();
      return;
    }
    this.endEarly({ status: 408, message });
    this.res.once("finish", () => this.req.socket.destroy());
  }

  /** Hands the adapter no more: what it read so far is not parsed, `refused()` answers. */
  private endEarly(ended: Ended): void {
    this.ended = ended;
    this.discard();
    this.push(null);
  }

  private discard(): void {
    this.discarding = true;
    this.giveBack();
    this.req.resume();
  }

  private finish(): void {
    clearInterval(this.timer);
    this.giveBack();
  }

  private giveBack(): void {
    this.budget.give(this.client, this.held);
    this.held = 0;
  }
}
