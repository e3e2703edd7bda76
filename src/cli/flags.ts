import type { LogLevel } from "../server/log.js";
import { type ParseArgsConfig, parseArgs } from "node:util";
import { type CliIo, UsageError } from "./io.js";

/**
 * One flag of a command, the one place it is defined: how it is read, and its line in the
 * command's help (`help.ts` renders the help from these tables).
 */
export interface FlagSpec {
  /** What its value is called in the help (`PROTOCOL`, `N`); absent for a switch. */
  value?: string;
  short?: string;
  /** It may be given several times. */
  multiple?: boolean;
  /** The usage line shows it bare, not in brackets (the command checks it is given). */
  required?: boolean;
  /** Its help line; absent for a deprecated name, still read but not shown. */
  help?: string;
}

/** A command's flags, in the order its help lists them. */
export type FlagTable = Readonly<Record<string, FlagSpec>>;

/** How parseArgs reads a table's flags. */
type OptionsOf<T extends FlagTable> = {
  [K in keyof T]: {
    type: T[K] extends { value: string } ? "string" : "boolean";
    short?: string;
    multiple: T[K] extends { multiple: true } ? true : false;
  };
};
type Options = NonNullable<ParseArgsConfig["options"]>;

function optionsOf<T extends FlagTable>(table: T): OptionsOf<T> {
  return Object.fromEntries(
    Object.entries(table).map(([name, spec]) => [
      name,
      {
        type: spec.value === undefined ? "boolean" : "string",
        multiple: spec.multiple === true,
        ...(spec.short !== undefined && { short: spec.short }),
      },
    ]),
  ) as OptionsOf<T>;
}

/**
 * How much a command writes to standard error (`--log-level`), least first; `--quiet` is
 * `error`. Past `silent`, each names the least a line must matter to be written: a line's
 * level is the server's `LogLevel`.
 */
export const LOG_THRESHOLDS = ["silent", "error", "warn", "info"] as const satisfies readonly ("silent" | LogLevel)[];
export type LogThreshold = (typeof LOG_THRESHOLDS)[number];

/** The flags every command takes, listed after each command's own options. */
export const COMMON_FLAGS = {
  quiet: { short: "q", help: "print errors only (--log-level error)" },
  "log-level": { value: "L", help: `what to print on standard error: ${LOG_THRESHOLDS.join(", ")} (default info)` },
  help: { short: "h", help: "show this help" },
} as const satisfies FlagTable;

type Config<T extends Options> = { args: string[]; options: T; allowPositionals: true; strict: true };
type Values<T extends FlagTable> = ReturnType<typeof parseArgs<Config<OptionsOf<typeof COMMON_FLAGS & T>>>>["values"];

export interface ParsedCommand<T extends FlagTable> {
  values: Values<T>;
  /** The FILE argument; `-` (standard input) when missing. */
  file: string;
  logLevel: LogThreshold;
}

/**
 * Parses a command's arguments: its own flags plus `--help`, `--quiet` and `--log-level`, and at
 * most one FILE (standard input when missing or `-`), or none for a command that reads no
 * input. Every mistake is a UsageError worded the same way for every command.
 */
export function parseCommand<T extends FlagTable>(
  command: string,
  args: string[],
  flags: T,
  takes: "file" | "nothing" = "file",
): ParsedCommand<T> {
  let parsed: { values: Values<T>; positionals: string[] };
  try {
    const options = optionsOf({ ...COMMON_FLAGS, ...flags });
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true }) as typeof parsed;
  } catch (error) {
    throw new UsageError(parseArgsMessage(error, args));
  }
  const { values, positionals } = parsed;
  for (const [name, value] of Object.entries(values))
    if (value === "" || (Array.isArray(value) && value.includes(""))) throw new UsageError(`--${name} needs a value`);
  const common = values as { quiet?: boolean; "log-level"?: string };
  if (takes === "nothing" && positionals.length > 0)
    throw new UsageError(`${command} takes no FILE, got "${positionals[0]}"`);
  if (positionals.length > 1) throw new UsageError(`${command} takes at most one FILE`);
  return { values, file: positionals[0] ?? "-", logLevel: logLevel(common.quiet, common["log-level"]) };
}

function logLevel(quiet: boolean | undefined, level: string | undefined): LogThreshold {
  if (quiet && level !== undefined)
    throw new UsageError("--quiet and --log-level cannot be combined (--quiet is --log-level error)");
  if (quiet) return "error";
  if (level === undefined) return "info";
  if (!(LOG_THRESHOLDS as readonly string[]).includes(level))
    throw new UsageError(`--log-level must be one of ${LOG_THRESHOLDS.join(", ")}, got "${level}"`);
  return level as LogThreshold;
}

/**
 * A flag given by its old name (`answers --form`, now `--form-file`): still read, with a
 * deprecation warning on standard error; both names at once are a usage error.
 */
export function renamedFlag(
  command: string,
  values: Readonly<Record<string, unknown>>,
  [flag, old]: readonly [flag: string, old: string],
  io: CliIo,
  logLevel: LogThreshold,
): string | undefined {
  const [value, oldValue] = [values[flag], values[old]].map((given) => (typeof given === "string" ? given : undefined));
  if (oldValue === undefined) return value;
  if (value !== undefined) throw new UsageError(`--${old} is the old name of --${flag}: give one of them`);
  if (logs(logLevel, "warn"))
    io.stderr(`warning: --${old} is deprecated in formgate ${command}; use --${flag} (--${old} still works for now)\n`);
  return oldValue;
}

/** True when a line of this level is written at the chosen level. */
export function logs(chosen: LogThreshold, line: LogLevel): boolean {
  return LOG_THRESHOLDS.indexOf(line) <= LOG_THRESHOLDS.indexOf(chosen);
}

/** node:util's parseArgs errors, reworded the one way every formgate command words them. */
function parseArgsMessage(error: unknown, args: readonly string[]): string {
  const code = error instanceof Error && "code" in error ? String(error.code) : "";
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(-[^' ]*)/.exec(message)?.[1] ?? "";
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return `unknown option ${option}`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    if (message.includes("does not take an argument")) return `${option} takes no value`;
    // parseArgs refuses a value that begins with "-" after a space, as it may be the next option.
    const next = args[args.indexOf(option) + 1];
    return next === undefined || next.startsWith("--")
      ? `${option} needs a value`
      : `${option} needs a value (one that begins with "-" is written ${option}=${next})`;
  }
  return message;
}
