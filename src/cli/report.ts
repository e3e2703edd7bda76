import { type Failure, type Issue, type Result, formatIssue } from "../model/index.js";
import { type LogThreshold, logs } from "./flags.js";
import { type CliIo, EXIT } from "./io.js";

/**
 * How many problems or warnings a person is shown of one list; the rest are counted. A
 * hostile message can carry tens of thousands (60,000 unclosed tags printed 8 MB);
 * `--json` keeps every one.
 */
export const MAX_PRINTED_ISSUES = 100;

/** How a command prints: a JSON document, or lines for a person at a log level. */
export interface PrintOptions {
  json?: boolean | undefined;
  logLevel: LogThreshold;
}

/** Writes a failure for a person: the code, then one located line per problem. */
function printFailure(io: CliIo, failure: Failure, logLevel: LogThreshold): void {
  if (!logs(logLevel, "error")) return;
  io.stderr(`error ${failure.code}: ${failure.message}\n`);
  printIssues(io, failure.issues, "  ", "problem");
}

/**
 * Writes located problems or warnings for a person, one line each (the first
 * MAX_PRINTED_ISSUES), then how many were left out.
 */
export function printIssues(
  io: CliIo,
  issues: readonly Issue[],
  prefix: string | ((issue: Issue) => string),
  noun: string,
): void {
  const shown = Math.min(issues.length, MAX_PRINTED_ISSUES);
  for (let i = 0; i < shown; i++) {
    const issue = issues[i] as Issue;
    io.stderr(`${typeof prefix === "function" ? prefix(issue) : prefix}${formatIssue(issue)}\n`);
  }
  const rest = issues.length - shown;
  if (rest > 0) io.stderr(`… and ${rest} more ${noun}${rest === 1 ? "" : "s"} (--json lists them all)\n`);
}

/** Writes a JSON document to standard output. */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Prints a command's result: the value on standard output (text as it is, anything else as
 * JSON), warnings and errors on standard error as the log level allows; or everything as one
 * JSON document.
 */
export function printResult(io: CliIo, result: Result<unknown>, options: PrintOptions): number {
  if (options.json) printJson(io, result);
  else if (!result.ok) printFailure(io, result.error, options.logLevel);
  else {
    if (logs(options.logLevel, "warn")) printIssues(io, result.warnings, "warning ", "warning");
    if (typeof result.value === "string") io.stdout(result.value.endsWith("\n") ? result.value : `${result.value}\n`);
    else printJson(io, result.value);
  }
  return result.ok ? EXIT.ok : EXIT.rejected;
}
