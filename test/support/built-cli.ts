import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("../../", import.meta.url).pathname;

/** The built CLI, as `npm run build` writes it. */
export const BUILT_CLI = join(root, "dist/cli.js");

let fresh = false;

/** Runs the built CLI (`dist/cli.js`) as a real process, rebuilding it first unless it is current. */
export function runBuiltCli(args: string[], input = ""): SpawnSyncReturns<string> {
  buildIfStale();
  return spawnSync(process.execPath, [BUILT_CLI, ...args], { input, encoding: "utf8" });
}

/** Builds dist/ (`node build.mjs`) unless it is newer than its sources; once per test run. */
export function buildIfStale(): void {
  if (fresh) return;
  if (!builtCliIsCurrent()) {
    const build = spawnSync(process.execPath, ["build.mjs"], { cwd: root, encoding: "utf8" });
    if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
  }
  fresh = true;
}

/**
 * True when dist/cli.js exists and is newer than everything it is built from: src/, and
 * schemas/ (the server bundles the Data tool's input schema).
 */
export function builtCliIsCurrent(): boolean {
  if (!existsSync(BUILT_CLI)) return false;
  const builtAt = statSync(BUILT_CLI).mtimeMs;
  return ["src", "schemas"].every((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: "utf8" }).every(
      (name) => statSync(join(root, dir, name)).mtimeMs <= builtAt,
    ),
  );
}
