// Builds formgate's MCP App (ui://formgate/form, docs/mcp-apps.md): one self-contained HTML
// document, the page's script (formgate/mcp-app, formgate/dom and the ext-apps App, minified) and
// formgate/dom's stylesheet inline, loading nothing from any URL.
import { build } from "esbuild";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** The host's style variables (SEP-1865's names) over formgate/dom's own, where the host sets them. */
const HOST_LOOK = `:root { color-scheme: light dark; background: var(--color-background-primary, Canvas); }
body { margin: 0; padding: 12px; font-family: var(--font-sans, system-ui, sans-serif); }
.fg-form {
  --fg-text: var(--color-text-primary, light-dark(#1b1d21, #e6e8eb));
  --fg-muted: var(--color-text-secondary, light-dark(#5b6068, #a4a9b1));
  --fg-background: var(--color-background-primary, light-dark(#fff, #1d2024));
  --fg-border: var(--color-border-primary, light-dark(#c9ccd1, #4a4f57));
  --fg-radius: var(--border-radius-md, 5px);
}
.fg-app-notice:empty { display: none; }`;

export async function buildMcpApp(outfile) {
  const script = await build({
    entryPoints: ["src/mcp-app/page/main.ts"],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "warning",
  });
  const js = script.outputFiles[0].text.replaceAll("</script", "<\\/script");
  const css = readFileSync("src/dom/style.css", "utf8").replaceAll("</style", "<\\/style");
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>Form</title>` +
    `<style>${css}\n${HOST_LOOK}</style></head><body><main></main>` +
    `<script type="module">${js}</script></body></html>`;
  mkdirSync(dirname(outfile), { recursive: true });
  writeFileSync(outfile, html);
  return html;
}
