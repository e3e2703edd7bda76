import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from "@modelcontextprotocol/server";

/**
 * A transport that passes everything through to `inner`, for a subclass to watch what it needs
 * (as the SDK's own stdio entry wraps its wire): whoever connects to the decorator sets its
 * callbacks, and the inner transport's callbacks stay the decorator's, never replaced.
 */
export class TransportDecorator implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport["onmessage"];

  constructor(protected readonly inner: Transport) {
    inner.onmessage = (message, extra) => this.receive(message, extra);
    inner.onclose = () => this.innerClosed();
    inner.onerror = (error) => this.innerFailed(error);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion = (version: string): void => this.inner.setProtocolVersion?.(version);

  setSupportedProtocolVersions = (versions: string[]): void => this.inner.setSupportedProtocolVersions?.(versions);

  /** A message from the client, on its way to the server. */
  protected receive(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    this.onmessage?.(message, extra);
  }

  /** The inner transport closed. */
  protected innerClosed(): void {
    this.onclose?.();
  }

  /** The inner transport failed. */
  protected innerFailed(error: Error): void {
    this.onerror?.(error);
  }
}
