import { existsSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { logs, parseCommand } from "../flags.js";
import { renderHelp } from "../help.js";
import { type Command, EXIT, UsageError } from "../io.js";

const DEFAULT_PORT = 7802;
const DEFAULT_HOST = "127.0.0.1";

const PLAYGROUND_FLAGS = {
  port: { value: "N", help: `port, 0 for any free one (default ${DEFAULT_PORT})` },
  host: { value: "H", help: `interface to bind (default ${DEFAULT_HOST}, this machine only)` },
  json: { help: 'print {"url": …} instead of the sentence' },
} as const;

export const playgroundCommand: Command = {
  summary: "serve the playground page: a form in every protocol, previewed and answered",
  json: true,
  help: renderHelp({
    command: "playground",
    about: `Serves the playground: a page where a form in any protocol is checked, previewed,
answered, and shown in every protocol. The page is static (dist/playground/): the
library runs in it, and the folder can be published as it is. See docs/playground.md.`,
    sections: [{ title: "Options", flags: PLAYGROUND_FLAGS }],
    after: "Runs until stopped (Ctrl-C). Exit status: 1 when it cannot start, 2 usage error.",
  }),
  async run(args, io) {
    const { values, logLevel } = parseCommand("playground", args, PLAYGROUND_FLAGS, "nothing");
    if (values.help) {
      io.stdout(playgroundCommand.help);
      return EXIT.ok;
    }
    const port =
      values.port === undefined ? DEFAULT_PORT : /^\d{1,5}$/.test(values.port) ? Number(values.port) : Number.NaN;
    if (!(port >= 0 && port <= 65535))
      throw new UsageError(`--port must be a whole number from 0 to 65535, got ${JSON.stringify(values.port)}`);
    if (values.host === "") throw new UsageError("--host needs a value");
    const error = (message: string) => void (logs(logLevel, "error") && io.stderr(`formgate playground: ${message}\n`));
    const dir = pageDir();
    if (dir === undefined) {
      error("the page is not built; run `npm run build`");
      return EXIT.rejected;
    }
    let server: PlaygroundServer;
    try {
      server = await servePlayground({ dir, port, host: values.host ?? DEFAULT_HOST });
    } catch (cause) {
      error(`could not start: ${cause instanceof Error ? cause.message : String(cause)}`);
      return EXIT.rejected;
    }
    io.stdout(values.json ? `${JSON.stringify({ url: server.url })}\n` : `formgate playground: ${server.url}\n`);
    io.signal?.addEventListener("abort", () => void server.close(), { once: true });
    await server.closed;
    return EXIT.ok;
  },
};

/** A running playground server. */
export interface PlaygroundServer {
  /** The page's address, e.g. `http://127.0.0.1:7802/`. */
  url: string;
  close(): Promise<void>;
  /** Settles when the server has stopped. */
  closed: Promise<void>;
}

/**
 * Serves the files of a built page folder (read once, at start: nothing else on the disk can
 * be asked for). node:http is loaded only here, so the CLI's other commands never load it.
 */
export async function servePlayground(options: { dir: string; port: number; host: string }): Promise<PlaygroundServer> {
  const { createServer } = await import("node:http");
  const files = new Map<string, { body: Buffer; type: string }>();
  for (const name of await readdir(options.dir))
    files.set(name, { body: await readFile(`${options.dir}/${name}`), type: contentType(name) });
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    const file = files.get(path === "/" ? "index.html" : path.slice(1));
    if (request.method !== "GET" && request.method !== "HEAD") response.writeHead(405, { allow: "GET, HEAD" }).end();
    else if (file === undefined)
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found\n");
    else
      response
        .writeHead(200, { "content-type": file.type, "x-content-type-options": "nosniff", "cache-control": "no-cache" })
        .end(request.method === "HEAD" ? undefined : file.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const closed = new Promise<void>((resolve) => server.once("close", () => resolve()));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : options.port;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}/`,
    closed,
    close: () => {
      server.closeAllConnections();
      server.close();
      return closed;
    },
  };
}

/** The built page: beside the bundled CLI (dist/cli.js), or in dist/ when run from the sources. */
function pageDir(): string | undefined {
  const candidates = [new URL("./playground/", import.meta.url), new URL("../../../dist/playground/", import.meta.url)];
  return candidates.map((url) => fileURLToPath(url)).find((dir) => existsSync(`${dir}/index.html`));
}

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
};

function contentType(name: string): string {
  return TYPES[name.slice(name.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}
