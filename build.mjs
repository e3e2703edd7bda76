// Builds the library (dist/index.js), the CLI (dist/cli.js), the playground page (dist/playground/)
// and the type declarations.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { buildPlayground } from "./scripts/build-playground.mjs";

rmSync(new URL("./dist", import.meta.url), { recursive: true, force: true });
const shared = { bundle: true, platform: "node", format: "esm", target: "node20", packages: "external", sourcemap: true, logLevel: "warning" };
await build({ ...shared, entryPoints: ["src/index.ts"], outfile: "dist/index.js" });
await build({ ...shared, entryPoints: ["src/cli/bin.ts"], outfile: "dist/cli.js" });
await buildPlayground("dist/playground");
execFileSync("npx", ["tsc", "-p", "tsconfig.build.json"], { stdio: "inherit" });
