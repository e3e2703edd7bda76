import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/server";
import { serveStdio as serveBothEras, StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { formServerFactory, logProtocolError, type FormServerOptions } from "./server.js";

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
  /** Stops the server; in-flight tool calls end as the connection closes. */
  close(): Promise<void>;
  /** Settles when the server has stopped, for whatever reason. */
  closed: Promise<void>;
}

/**
 * Serves the form tool over stdio, to clients of both eras (the SDK pins the connection
 * to the era its first message speaks), until standard input ends (the client went away),
 * standard output breaks, or `close()` is called.
 */
export async function serveStdio(options: StdioOptions = {}): Promise<RunningServer> {
  const log = options.log ?? (() => {});
  const wire = options.transport ?? new StdioServerTransport(options.stdin, options.stdout);
  const factory = formServerFactory(options);
  const handle = serveBothEras(factory, { transport: wire, onerror: (error) => logProtocolError(log, error) });
  // The SDK's entry owns the wire's callbacks; watch its close and its write failures without replacing them.
  const closed = new Promise<void>((resolve) => {
    const entryClose = wire.onclose;
    wire.onclose = () => {
      entryClose?.();
      resolve();
    };
  });
  const entryError = wire.onerror;
  wire.onerror = (error) => {
    // A client that dies closes the pipe under us: the write fails (EPIPE) and the transport closes.
    if (/EPIPE|write after end|ERR_STREAM_DESTROYED/.test(error.message))
      log(`standard output failed (${error.message}); stopping`, "error");
    entryError?.(error);
  };
  // Serving its own process's stdio, the server's log (standard error) usually goes to the
  // same client: once it is gone, log lines are dropped rather than crashing the process.
  if (options.stdout === undefined && options.transport === undefined) process.stderr.on("error", () => {});
  return { close: () => handle.close(), closed };
}
