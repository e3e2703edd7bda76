import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type RequestId,
  type Transport,
  type TransportSendOptions,
} from "@modelcontextprotocol/server";
import { TransportDecorator } from "./transport-decorator.js";

/** What a tracked transport tells its owner. */
export interface RequestWatch {
  /** A request of the client arrived: one more is in progress. */
  busy(): void;
  /** The last request in progress was answered (or cancelled by the client). */
  idle(): void;
}

/**
 * A transport that counts the client's requests its server has not answered yet: each request
 * from when it is delivered until the server sends its response, or the client cancels it (the
 * SDK sends no response to a cancelled request).
 */
export class TrackedTransport extends TransportDecorator {
  private readonly inProgress = new Set<RequestId>();
  private waiters: (() => void)[] = [];

  constructor(
    inner: Transport,
    private readonly watch: RequestWatch,
  ) {
    super(inner);
  }

  /** How many of the client's requests are being answered. */
  get size(): number {
    return this.inProgress.size;
  }

  override async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) this.settle(message.id);
    return super.send(message, options);
  }

  /** Resolves when no request is in progress (at once when none is, or the transport has closed). */
  whenAnswered(): Promise<void> {
    if (this.inProgress.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  protected override receive(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    if (isJSONRPCRequest(message)) {
      this.inProgress.add(message.id);
      this.watch.busy();
    } else if (isJSONRPCNotification(message) && message.method === "notifications/cancelled") {
      const id = message.params?.requestId;
      if (typeof id === "string" || typeof id === "number") this.settle(id);
    }
    super.receive(message, extra);
  }

  protected override innerClosed(): void {
    // Nothing is answered on a closed transport: no request is in progress any more.
    this.inProgress.clear();
    this.release();
    super.innerClosed();
  }

  private settle(id: RequestId | undefined): void {
    if (id === undefined || !this.inProgress.delete(id) || this.inProgress.size > 0) return;
    this.release();
    this.watch.idle();
  }

  private release(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}
