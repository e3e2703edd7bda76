/**
 * formgate's MCP App (ui://formgate/form, docs/mcp-apps.md): the one document build.mjs writes,
 * minified and gzip, beside ext-apps' own `App` (with `PostMessageTransport`) bundled alone for the
 * browser with its dependencies, in the same run: what the app adds to what any MCP App pays.
 */
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { buildMcpApp } from "../../scripts/build-mcp-app.mjs";
import type { Row } from "../report.js";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The page's goal: at most this many bytes (gzip) more than ext-apps' App alone. */
const GZIP_BEYOND_APP = 80_000;

async function appAlone(): Promise<Uint8Array> {
  const result = await build({
    stdin: {
      contents: 'export { App, PostMessageTransport } from "@modelcontextprotocol/ext-apps";',
      resolveDir: root,
      loader: "js",
    },
    bundle: true,
    minify: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]?.contents ?? new Uint8Array();
}

export async function appSizeFigures(): Promise<Row[]> {
  const previous = process.cwd();
  process.chdir(root);
  let html: string;
  try {
    html = await buildMcpApp("dist/mcp-app/form.html");
  } finally {
    process.chdir(previous);
  }
  const page = new TextEncoder().encode(html);
  const reference = await appAlone();
  const pageGzip = gzipSync(page, { level: 9 }).byteLength;
  const referenceGzip = gzipSync(reference, { level: 9 }).byteLength;
  return [
    {
      figure: "MCP App: ui://formgate/form (minified)",
      reference: "ext-apps App alone",
      formgate: page.byteLength,
      referenceValue: reference.byteLength,
      unit: "size",
      ratio: page.byteLength / reference.byteLength,
      goal: "—",
      met: true,
    },
    {
      figure: "MCP App: ui://formgate/form (gzip)",
      reference: "ext-apps App alone",
      formgate: pageGzip,
      referenceValue: referenceGzip,
      unit: "size",
      ratio: pageGzip / referenceGzip,
      goal: `≤ App + ${GZIP_BEYOND_APP / 1000} KB`,
      met: pageGzip <= referenceGzip + GZIP_BEYOND_APP,
    },
  ];
}
