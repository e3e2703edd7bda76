// Builds dist/: the library (index.js), the MCP server (server.js) and the CLI (cli.js) as one
// esbuild run with code splitting, so code they share is one chunk, not a copy per entry (the
// CLI loads server.js only for `serve`); the require() notice for Node without require(esm);
// the type declarations of the two library entries; and the playground page (dist/playground/).
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { copyFileSync, readFileSync, rmSync } from "node:fs";
import { buildPlayground } from "./scripts/build-playground.mjs";

const dist = new URL("./dist/", import.meta.url);
// Dependencies stay outside the bundles (the MCP SDK: server.js imports it), except valibot,
// bundled tree-shaken (about 28 KB of it): loading its whole 206 KB module cost every CLI run
// about 7 ms of CPU (docs/performance.md, "Start-up and import"). It stays a dependency for
// the declarations, which name its types.
const { dependencies } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(dependencies)
  .filter((name) => name !== "valibot")
  .flatMap((name) => [name, `${name}/*`]);
rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: { index: "src/index.ts", server: "src/server/index.ts", cli: "src/cli/bin.ts" },
  outdir: "dist",
  chunkNames: "chunks/[name]-[hash]",
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
copyFileSync(new URL("./src/esm-only.cjs", import.meta.url), new URL("./esm-only.cjs", dist));
await buildPlayground("dist/playground");
execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json"], { stdio: "inherit" });
