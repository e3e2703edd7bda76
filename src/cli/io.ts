import { readFileSync } from "node:fs";

/** What a command may touch of the outside world; tests pass their own. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Reads a file argument, or standard input for `-`. */
  readInput(path: string): Promise<string>;
  env: Readonly<Record<string, string | undefined>>;
  /** Stops a command that runs until stopped (`serve`); without it, SIGINT and SIGTERM do. */
  signal?: AbortSignal;
}

export const processIo: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  // node:fs, loaded at Node's start, rather than node:fs/promises, which costs milliseconds to load.
  readInput: async (path) => (path === "-" ? readStdin() : readFileSync(path, "utf8")),
  env: process.env,
};

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Exit statuses: 0 success, 1 input rejected, 2 usage error. */
export const EXIT = { ok: 0, rejected: 1, usage: 2 } as const;

/** A usage or configuration error: wrong flags, arguments or settings. */
export class UsageError extends Error {
  /** Whether the command's help follows the message (not for a bad setting that the help does not explain). */
  readonly showHelp: boolean;
  constructor(message: string, options: { showHelp?: boolean } = {}) {
    super(message);
    this.showHelp = options.showHelp ?? true;
  }
}

/** One CLI command. */
export interface Command {
  /** One line for the command list of `formgate --help`. */
  summary: string;
  /** `formgate <command> --help`. */
  help: string;
  /** Whether it takes `--json` (then its usage errors are JSON too); `serve` does not: its standard output is MCP's. */
  json: boolean;
  /** Runs the command on its arguments (those after its name); resolves with the exit status. */
  run(args: string[], io: CliIo): Promise<number>;
}
