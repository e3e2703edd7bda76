// Builds dist/ when it is missing or older than what it is built from (src/, schemas/,
// build.mjs): `npm test` runs it first, since `npm ci` builds nothing (package.json has no
// install script; `npm pack` builds in prepack).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const built = join(root, "dist/cli.js");

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const sources = ["src", "schemas", "build.mjs", "scripts/build-playground.mjs"].map((path) => join(root, path));
if (!existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs) {
  const run = spawnSync(process.execPath, ["build.mjs"], { cwd: root, stdio: "inherit" });
  process.exitCode = run.status ?? 1;
}
