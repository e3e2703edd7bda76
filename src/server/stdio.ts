import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/server";
import type { Log } from "./log.js";
import { serveStdio as serveBothEras, StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { LineBound } from "./line-bound.js";
import { DISCONNECTED, settledWithin } from "./pending-forms.js";
import { formServers, logProtocolError, type FormServerOptions } from "./server.js";
import { TransportDecorator } from "./transport-decorator.js";

export interface StdioOptions extends FormServerOptions {
  /** Where JSON-RPC messages come from; standard input by default. */
  stdin?: Readable;
  /** Where JSON-RPC messages go; standard output by default (nothing else may write there). */
  stdout?: Writable;
  /**
   * Another transport to serve instead of stdio (e.g. one end of an in-memory pair); `stdin`/`stdout` are then unused.
   */
  transport?: Transport;
}

/** A running server. */
export interface RunningServer {
  /**
   * Stops the server: every pending tool call ends with a result sent to its client
   * (`transport_error`, "the server is stopping"), then the connections close; whatever is
   * still open after `limits.shutdownMs` is closed anyway.
   */
  close(): Promise<void>;
  /** Settles when the server has stopped, for whatever reason. */
  closed: Promise<void>;
}

/**
 * Serves the form tool over stdio, to clients of both eras (the SDK pins the connection
 * to the era its first message speaks), until standard input ends (the client went away),
 * standard output breaks, or `close()` is called. When standard input ends, the pending
 * calls first get their results on standard output (a client that closed only its end of
 * the pipe still reads them).
 */
export async function serveStdio(options: StdioOptions = {}): Promise<RunningServer> {
  const { factory, pending, log, limits } = formServers(options);
  // The SDK's transport closes as soon as its input ends, and when a line passes its buffer: it
  // reads a relay instead, which ends after the stop and drops a line over the bound.
  const input = options.stdin ?? process.stdin;
  const relay = new LineBound(limits.maxLineBytes, (bytes) =>
    log(
      `dropped a line of ${bytes} bytes on standard input (over ${limits.maxLineBytes}, FORMGATE_MAX_LINE_BYTES)`,
      "warn",
    ),
  );
  // Whole lines reach the SDK one by one; its buffer holds one, newline included.
  const wire = new StdioWire(
    options.transport ?? new StdioServerTransport(relay, options.stdout, { maxBufferSize: limits.maxLineBytes + 1 }),
    log,
  );
  const handle = serveBothEras(factory, { transport: wire, onerror: (error) => logProtocolError(log, error) });
  const { closed } = wire;
  let stopping: Promise<void> | undefined;
  const stop = (message?: string) => {
    stopping ??= (async () => {
      pending.abortAll(message);
      await settledWithin(Promise.race([pending.whenEmpty(), closed]), limits.shutdownMs);
      // The results were handed to the transport; one turn lets their writes start before it closes
      // (a held turn: an in-process client may hold nothing else, and the stop must still finish).
      await new Promise((resolve) => setImmediate(resolve));
      if (!wire.isClosed) await handle.close();
    })();
    return stopping;
  };
  const close = () => stop();
  if (options.transport === undefined) {
    input.pipe(relay, { end: false });
    const inputEnded = () => void stop(DISCONNECTED).then(() => relay.end());
    input.once("end", inputEnded).once("close", inputEnded);
    if (input.readableEnded || input.destroyed) setImmediate(inputEnded);
    // Stopped for another reason (standard output broke, close()): stop reading, so the process can exit.
    void closed.then(() => {
      input.unpipe(relay);
      input.pause();
    });
  }
  // Serving its own process's stdio, the server's log (standard error) usually goes to the
  // same client: once it is gone, log lines are dropped rather than crashing the process.
  if (options.stdout === undefined && options.transport === undefined) process.stderr.on("error", () => {});
  return { close, closed };
}

/** The wire as the SDK's entry gets it, watched: its close is a promise, a broken output a log line. */
class StdioWire extends TransportDecorator {
  isClosed = false;
  /** Settles when the wire has closed, for whatever reason. */
  readonly closed: Promise<void>;
  private resolveClosed: () => void = () => {};

  constructor(
    inner: Transport,
    private readonly log: Log,
  ) {
    super(inner);
    this.closed = new Promise((resolve) => {
      this.resolveClosed = resolve;
    });
  }

  protected override innerClosed(): void {
    this.isClosed = true;
    super.innerClosed();
    this.resolveClosed();
  }

  protected override innerFailed(error: Error): void {
    // A client that dies closes the pipe under us: the write fails (EPIPE) and the transport closes.
    if (/EPIPE|write after end|ERR_STREAM_DESTROYED/.test(error.message))
      this.log(`standard output failed (${error.message}); stopping`, "error");
    super.innerFailed(error);
  }
}
