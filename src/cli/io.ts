import { readFile } from "node:fs/promises";

/** What a command may touch of the outside world; tests pass their own. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Reads a file argument, or standard input for `-`. */
  readInput(path: string): Promise<string>;
  env: Readonly<Record<string, string | undefined>>;
}

export const processIo: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  readInput: (path) => (path === "-" ? readStdin() : readFile(path, "utf8")),
  env: process.env,
};

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Exit statuses: 0 success, 1 input rejected, 2 usage error. */
export const EXIT = { ok: 0, rejected: 1, usage: 2 } as const;

/** A usage error: wrong flags or arguments. */
export class UsageError extends Error {}
