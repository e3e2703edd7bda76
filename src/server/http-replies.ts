import type { IncomingMessage, ServerResponse } from "node:http";

/** The JSON-RPC error an HTTP error response carries (no request id: it answers the HTTP request). */
export function jsonRpcError(message: string, code = -32000) {
  return { jsonrpc: "2.0" as const, error: { code, message }, id: null };
}

/** A JSON-RPC error as the whole HTTP response (503s say when to come back). */
export function reply(
  res: ServerResponse,
  status: number,
  message: string,
  code = -32000,
  headers: Record<string, string> = {},
): void {
  res
    .writeHead(status, { "Content-Type": "application/json", ...headers })
    .end(JSON.stringify(jsonRpcError(message, code)));
}

/**
 * Reads the body to its end before answering, so that a client still writing it reads the answer
 * instead of a broken pipe.
 */
export async function drainThenReply(
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
export function flushEventStreamHeaders(res: ServerResponse): void {
  // The SDK's adapter writes the head with the response's headers, named in lower case.
  const writeHead = res.writeHead.bind(res) as (status: number, headers: Record<string, string>) => ServerResponse;
  res.writeHead = ((status: number, headers: Record<string, string>) => {
    writeHead(status, headers);
    if (/^text\/event-stream\b/i.test(headers["content-type"] ?? "")) res.flushHeaders();
    return res;
  }) as typeof res.writeHead;
}

/** The responses being written (event streams included), so a stop waits for the results it gave. */
export class OpenResponses {
  private readonly open = new Map<ServerResponse, Promise<void>>();

  add(res: ServerResponse): void {
    this.open.set(
      res,
      new Promise((resolve) =>
        res.once("close", () => {
          this.open.delete(res);
          resolve();
        }),
      ),
    );
  }

  /** Resolves when every response open now has closed. */
  whenClosed(): Promise<void> {
    return Promise.all(this.open.values()).then(() => {});
  }
}
