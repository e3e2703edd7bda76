import type { Readable, Writable } from "node:stream";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createFormServer, type FormServerOptions } from "./server.js";

export interface StdioOptions extends FormServerOptions {
  /** Where JSON-RPC messages come from; standard input by default. */
  stdin?: Readable;
  /** Where JSON-RPC messages go; standard output by default (nothing else may write there). */
  stdout?: Writable;
}

/** A running server. */
export interface RunningServer {
  /** Stops the server; in-flight tool calls end as the connection closes. */
  close(): Promise<void>;
  /** Settles when the server has stopped, for whatever reason. */
  closed: Promise<void>;
}

/**
 * Serves the form tool over stdio until standard input ends (the client went away) or
 * `close()` is called. The SDK's stdio transport does not notice the end of its input by
 * itself, so the server watches for it.
 */
export async function serveStdio(options: StdioOptions = {}): Promise<RunningServer> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const transport = new StdioServerTransport(stdin, stdout);
  const server = createFormServer(options);
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  const close = () => server.close();
  // A client that dies closes the pipe under us: the next write fails (EPIPE) with an
  // 'error' event, which would crash the process if nobody listened. The client is gone,
  // so the server stops as it does when standard input ends.
  let outputBroken = false;
  const outputFailed = (error: Error) => {
    if (outputBroken) return;
    outputBroken = true;
    options.log?.(`standard output failed (${error.message}); stopping`, "error");
    void close();
  };
  stdin.once("end", close);
  stdin.once("close", close);
  stdout.on("error", outputFailed);
  // Serving its own process's stdio, the server's log (standard error) usually goes to the
  // same client: once it is gone, log lines are dropped rather than crashing the process.
  if (options.stdout === undefined) process.stderr.on("error", () => {});
  await server.connect(transport);
  void closed.then(() => {
    stdin.off("end", close);
    stdin.off("close", close);
  });
  return { close, closed };
}
