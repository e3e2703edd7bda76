import { type Failure, type Issue, type Result, formatPath } from "../model/index.js";
import { type CliIo, EXIT } from "./io.js";

/** Writes a failure for a person: the code, then one located line per problem. */
function printFailure(io: CliIo, failure: Failure): void {
  io.stderr(`error ${failure.code}: ${failure.message}\n`);
  for (const issue of failure.issues) io.stderr(`  ${describeIssue(issue)}\n`);
}

/** Writes one located problem or warning for a person. */
export function printIssue(io: CliIo, issue: Issue): void {
  io.stderr(`${issue.severity} ${describeIssue(issue)}\n`);
}

/** Writes warnings for a person, one located line each. */
function printWarnings(io: CliIo, warnings: readonly Issue[]): void {
  for (const issue of warnings) io.stderr(`warning ${describeIssue(issue)}\n`);
}

function describeIssue(issue: Issue): string {
  const where = issue.line !== undefined ? `${issue.line}:${issue.column ?? 1}` : formatPath(issue.path);
  return `${where}  ${issue.message}  (${issue.code})`;
}

/** Writes a JSON document to standard output. */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Prints a command's result: the value on standard output (text as it is, anything else as
 * JSON), warnings and errors on standard error; or everything as one JSON document.
 */
export function printResult(io: CliIo, result: Result<unknown>, json: boolean | undefined): number {
  if (json) printJson(io, result);
  else if (!result.ok) printFailure(io, result.error);
  else {
    printWarnings(io, result.warnings);
    if (typeof result.value === "string") io.stdout(result.value.endsWith("\n") ? result.value : `${result.value}\n`);
    else printJson(io, result.value);
  }
  return result.ok ? EXIT.ok : EXIT.rejected;
}
