import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const CLI = "dist/cli.js";
let fresh = false;

/** Runs the built CLI (`dist/cli.js`) as a real process, rebuilding it first if src/ is newer. */
export function runBuiltCli(args: string[], input = ""): SpawnSyncReturns<string> {
  if (!fresh) {
    if (!existsSync(CLI) || newestIn("src") > statSync(CLI).mtimeMs) {
      const build = spawnSync(process.execPath, ["build.mjs"], { encoding: "utf8" });
      if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
    }
    fresh = true;
  }
  return spawnSync(process.execPath, [CLI, ...args], { input, encoding: "utf8" });
}

function newestIn(dir: string): number {
  return Math.max(...readdirSync(dir, { withFileTypes: true }).map((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs;
  }));
}
