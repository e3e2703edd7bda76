// Serves the chat host example: `npm run chat-host` (PORT=… to choose the port), then open the
// URL it prints. It bundles app.ts with esbuild, importing formgate and formgate/dom as a host's
// page does (the built package: `npm ci` builds it), and serves the page on 127.0.0.1 only.
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";

const here = (name) => fileURLToPath(new URL(name, import.meta.url));
const TYPES = { html: "text/html", css: "text/css", js: "text/javascript", json: "application/json" };

/** Builds the page and serves it; resolves once it listens. */
export async function serveChatHost({ port = 5180, host = "127.0.0.1" } = {}) {
  const bundled = await build({
    entryPoints: [here("app.ts")],
    bundle: true,
    platform: "browser",
    format: "iife",
    target: "es2022",
    minify: true,
    write: false,
    logLevel: "warning",
  });
  const files = new Map([
    ["/", readFileSync(here("index.html"))],
    ["/app.js", Buffer.from(bundled.outputFiles[0].contents)],
    ["/chat.css", readFileSync(here("chat.css"))],
    ["/stream.json", readFileSync(here("stream.json"))],
    // formgate/dom's default stylesheet, from the package.
    ["/form.css", readFileSync(fileURLToPath(import.meta.resolve("formgate/dom/style.css")))],
  ]);
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    const body = files.get(path === "/index.html" ? "/" : path);
    if (body === undefined) return void response.writeHead(404).end("not found\n");
    const type = TYPES[path === "/" ? "html" : path.split(".").pop()];
    response.writeHead(200, { "content-type": `${type}; charset=utf-8`, "cache-control": "no-cache" }).end(body);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const { port: listening } = server.address();
  return {
    url: `http://${host}:${listening}/`,
    close: () => new Promise((resolve) => server.close(resolve).closeAllConnections()),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const served = await serveChatHost({ port: Number(process.env.PORT ?? 5180) });
  console.log(`The chat host example: ${served.url} (Ctrl-C stops it)`);
}
