// Builds dist/ (docs/package.md, "What the tarball holds"):
// - the browser entries (formgate, formgate/dom, formgate/ai-sdk, formgate/react) as one ES module per source module
//   (esbuild, bundle: false), so a bundler keeps only the modules a page imports (dist/index.js,
//   dist/dom/, dist/ai-sdk/, dist/react/; `ai` and `react`, the host's peers, stay imports);
// - valibot's functions those modules call, as one tree-shakable module (dist/vendor/valibot.js);
// - for Node: formgate, formgate/server and the CLI bundled with code splitting (dist/node/, dist/cli.js);
// - the require() notice for Node without require(esm), formgate/dom's stylesheet, the type
//   declarations of the library entries, and the playground page (dist/playground/).
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { buildMcpApp } from "./scripts/build-mcp-app.mjs";
import { buildPlayground } from "./scripts/build-playground.mjs";

const { dependencies } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
rmSync("dist", { recursive: true, force: true });

/**
 * Every source module of the browser entries (formgate, formgate/dom, formgate/ai-sdk, formgate/react): src/ but the
 * server, the CLI and the playground.
 */
function librarySources(dir = "src") {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return ["src/server", "src/cli", "src/playground", "src/mcp-app/page"].includes(path) ? [] : librarySources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}
const sources = librarySources();

// valibot stays outside the modules but not outside the package: the functions they call, bundled
// once and tree-shaken (about 28 KB of valibot's 206 KB; loading all of it cost every import about
// 7 ms of CPU). valibot stays a dependency for the declarations, which name its types.
const valibot = await import("valibot");
const used = new Set();
for (const file of sources) {
  const text = readFileSync(file, "utf8");
  if (!/^import \* as v from "valibot";$/m.test(text)) continue;
  // Its types (v.GenericSchema) are not values: only what valibot exports at run time.
  for (const [, name] of text.matchAll(/\bv\.([A-Za-z_$][\w$]*)/g)) if (name in valibot) used.add(name);
}
await build({
  stdin: { contents: `export { ${[...used].sort().join(", ")} } from "valibot";`, resolveDir: ".", loader: "js" },
  outfile: "dist/vendor/valibot.js",
  bundle: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  logLevel: "warning",
});

const library = await build({
  entryPoints: sources,
  outdir: "dist",
  outbase: "src",
  bundle: false,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  // The Data tool's schemas (src/protocols/data/tool.ts) are imported as JSON modules, which
  // need their `with { type: "json" }` in Node and browsers alike.
  supported: { "import-attributes": true },
  write: false,
  logLevel: "warning",
});
for (const output of library.outputFiles) {
  const vendor = relative(dirname(output.path), "dist/vendor/valibot.js");
  const text = output.text.replaceAll('from "valibot"', `from "${vendor.startsWith(".") ? vendor : `./${vendor}`}"`);
  mkdirSync(dirname(output.path), { recursive: true });
  writeFileSync(output.path, text);
}

// For Node (the `node` condition), the CLI and the server: the library, the server and the CLI
// as one esbuild run with code splitting, so code they share is one chunk, not a copy per entry:
// a process reads a few files, not a hundred (importing the modules above one by one took Node
// three times as long), and the CLI loads the server's code only for `serve`. Dependencies stay
// outside (the MCP SDK), except valibot, bundled tree-shaken.
const external = Object.keys(dependencies)
  .filter((name) => name !== "valibot")
  .flatMap((name) => [name, `${name}/*`]);
await build({
  entryPoints: { "node/index": "src/index.ts", "node/server": "src/server/index.ts", cli: "src/cli/bin.ts" },
  outdir: "dist",
  chunkNames: "node/chunks/[name]-[hash]",
  splitting: true,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external,
  // Not minified and without source maps: the bundle reads as the source does, so a stack
  // trace points at code a person can follow (docs/performance.md, "The package").
  sourcemap: false,
  logLevel: "warning",
});
copyFileSync("src/esm-only.cjs", "dist/esm-only.cjs");
copyFileSync("src/dom/style.css", "dist/dom/style.css");
await buildPlayground("dist/playground");
await buildMcpApp("dist/mcp-app/form.html");
execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json"], { stdio: "inherit" });
