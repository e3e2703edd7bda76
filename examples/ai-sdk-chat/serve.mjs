// The AI SDK chat example: `npm run ai-sdk-chat` (PORT=… to choose the port, DELAY=… the ms between
// streamed pieces), then open the URL it prints. A server route runs `streamText` on the AI SDK's
// mock model (model.mjs) with formgate's Data tool, its UI message stream piped through
// `questionFormChunkTransform`; the page (app.tsx, bundled here by esbuild) is a `useChat` app that
// shows both kinds of form with formgate/react. It imports formgate as a host does (the built package).
import { convertToModelMessages, pipeUIMessageStreamToResponse, streamText } from "ai";
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { DATA_TOOL_NAME, dataTool, questionFormChunkTransform } from "formgate/ai-sdk";
import { exampleModel } from "./model.mjs";

const here = (name) => fileURLToPath(new URL(name, import.meta.url));

/** The chat route: the conversation so far in, the assistant's next message out as a UI message stream. */
async function chat(request, response, model) {
  const { messages } = JSON.parse(await body(request));
  const result = streamText({
    model,
    messages: await convertToModelMessages(messages),
    tools: { [DATA_TOOL_NAME]: dataTool() },
  });
  pipeUIMessageStreamToResponse({
    response,
    stream: result.toUIMessageStream().pipeThrough(questionFormChunkTransform()),
  });
}

/** Bundles the page and serves it and the chat route on 127.0.0.1; resolves once it listens. */
export async function serveAiSdkChat({ port = 5181, host = "127.0.0.1", delay = 30 } = {}) {
  const bundled = await build({
    entryPoints: [here("app.tsx")],
    bundle: true,
    platform: "browser",
    format: "iife",
    target: "es2022",
    jsx: "automatic",
    minify: true,
    define: { "process.env.NODE_ENV": '"production"' },
    write: false,
    logLevel: "warning",
  });
  const files = new Map([
    ["/", ["text/html", readFileSync(here("index.html"))]],
    ["/app.js", ["text/javascript", Buffer.from(bundled.outputFiles[0].contents)]],
    ["/chat.css", ["text/css", readFileSync(here("chat.css"))]],
    // formgate/dom's default stylesheet, from the package.
    ["/form.css", ["text/css", readFileSync(fileURLToPath(import.meta.resolve("formgate/dom/style.css")))]],
  ]);
  const model = exampleModel({ delay });
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (path === "/api/chat" && request.method === "POST")
      return void chat(request, response, model).catch((error) => {
        if (!response.headersSent) response.writeHead(400, { "content-type": "text/plain" });
        response.end(`${error instanceof Error ? error.message : String(error)}\n`);
      });
    const file = files.get(path === "/index.html" ? "/" : path);
    if (file === undefined) return void response.writeHead(404).end("not found\n");
    response.writeHead(200, { "content-type": `${file[0]}; charset=utf-8`, "cache-control": "no-cache" }).end(file[1]);
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

/** A request's body as text, at most 1 MB. */
function body(request) {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => {
      text += chunk;
      if (text.length > 1_000_000) request.destroy(new Error("the request is over 1 MB"));
    });
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const served = await serveAiSdkChat({
    port: Number(process.env.PORT ?? 5181),
    delay: Number(process.env.DELAY ?? 30),
  });
  console.log(`The AI SDK chat example: ${served.url} (Ctrl-C stops it)`);
}
