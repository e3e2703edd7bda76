import { STANDALONE_STREAM } from "./event-store.js";

/** What the HTTP server does to each event stream it answers with. */
export interface StreamRules {
  /** A listen stream that sends no event for this long is closed, ms. */
  listenIdleMs: number;
  /** Called when a listen stream is closed for being idle. */
  onIdle: () => void;
}

/**
 * The response as this request gets it. An event stream stops the moment its client goes
 * (the request's signal aborts when the socket closes): the SDK then forgets the stream, so a
 * client reconnecting with `Last-Event-ID` takes it over at once, instead of at the stream's
 * next write. A listen stream (a 2025-era session's `GET` stream, a 2026-07-28
 * `subscriptions/listen`) that carries no event for `listenIdleMs` ends, so idle listeners do not hold their places
 * forever.
 * A client that sent `Connection: close` gets it back, so the connection ends with the response.
 */
export function fitResponse(request: Request, response: Response, rules: StreamRules): Response {
  const close = /\bclose\b/i.test(request.headers.get("connection") ?? "");
  const stream = response.body !== null && /^text\/event-stream\b/i.test(response.headers.get("content-type") ?? "");
  if (!close && !stream) return response;
  const headers = new Headers(response.headers);
  if (close) headers.set("connection", "close");
  const body = stream ? endingStream(response.body as ReadableStream<Uint8Array>, request, rules) : response.body;
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

function isListen(request: Request): boolean {
  if (request.headers.get("mcp-method") === "subscriptions/listen") return true;
  if (request.method !== "GET") return false;
  // A GET resuming a call's stream waits for that call's result, however long the person takes:
  // only the session's own listen stream idles out.
  const lastEventId = request.headers.get("last-event-id");
  return lastEventId === null || lastEventId.startsWith(`${STANDALONE_STREAM}:`);
}

/** A comment line (`: keepalive`) keeps the connection open but is not an event. */
const COLON = 0x3a;

function endingStream(
  source: ReadableStream<Uint8Array>,
  request: Request,
  rules: StreamRules,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let idle: NodeJS.Timeout | undefined;
  let out: ReadableStreamDefaultController<Uint8Array> | undefined;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(idle);
    request.signal.removeEventListener("abort", end);
    reader.cancel().catch(() => {});
    try {
      out?.close();
    } catch {
      // Already closed by its reader.
    }
  };
  const listen = isListen(request);
  const wait = () => {
    if (!listen) return;
    clearTimeout(idle);
    idle = setTimeout(() => {
      rules.onIdle();
      end();
    }, rules.listenIdleMs);
    // An idle listener must not keep the process alive on its own.
    idle.unref();
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      out = controller;
      if (request.signal.aborted) end();
      else request.signal.addEventListener("abort", end, { once: true });
      wait();
    },
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (ended) return;
        if (done) {
          end();
          return;
        }
        if (value[0] !== COLON) wait();
        controller.enqueue(value);
      } catch {
        end();
      }
    },
    cancel() {
      end();
    },
  });
}
