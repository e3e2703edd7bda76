import { type ParseArgsConfig, parseArgs } from "node:util";
import { UsageError } from "./io.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** The flags every command takes. */
const COMMON = {
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const satisfies Options;

type Config<T extends Options> = { args: string[]; options: typeof COMMON & T; allowPositionals: true; strict: true };
type Values<T extends Options> = ReturnType<typeof parseArgs<Config<T>>>["values"];

/**
 * Parses a command's arguments: its own flags plus `--json` and `--help`, and at most one
 * FILE (standard input when missing or `-`).
 */
export function parseCommand<T extends Options>(command: string, args: string[], options: T): { values: Values<T>; file: string } {
  const { values, positionals } = parseArgs<Config<T>>({ args, options: { ...COMMON, ...options }, allowPositionals: true, strict: true });
  if (positionals.length > 1) throw new UsageError(`${command} takes at most one FILE`);
  return { values, file: positionals[0] ?? "-" };
}
