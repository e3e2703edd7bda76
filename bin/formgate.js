#!/usr/bin/env node
// The `formgate` command. An installed package runs its dist/cli.js; a fresh checkout has no
// dist/ yet (formgate has no install script, so installing it runs none: `npm pack` builds in
// `prepack`), and builds it here on first use, so `npm ci && npx formgate …` works after cloning.
import { existsSync } from "node:fs";

const cli = new URL("../dist/cli.js", import.meta.url);
if (!existsSync(cli)) {
  const build = new URL("../build.mjs", import.meta.url);
  if (!existsSync(build)) {
    console.error("formgate: dist/cli.js is missing from this installation; reinstall formgate");
    process.exit(1);
  }
  const { spawnSync } = await import("node:child_process");
  const { fileURLToPath } = await import("node:url");
  console.error("formgate: building dist/ (the first run in a checkout)");
  const built = spawnSync(process.execPath, [fileURLToPath(build)], {
    cwd: fileURLToPath(new URL(".", build)),
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
await import(cli.href);
