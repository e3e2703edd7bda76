import { readFile } from "node:fs/promises";
import { main } from "../../src/cli/main.js";

/** Runs the CLI in-process with captured output; `stdin` stands in for standard input. */
export async function runCli(args: string[], stdin = "", env: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  const status = await main(args, {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    readInput: (path) => (path === "-" ? Promise.resolve(stdin) : readFile(path, "utf8")),
    env,
  });
  return { status, stdout, stderr };
}
