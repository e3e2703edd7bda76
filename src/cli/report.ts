import { type Failure, type Issue, formatPath } from "../model/index.js";
import type { CliIo } from "./io.js";

/** Writes a failure for a person: the code, then one located line per problem. */
export function printFailure(io: CliIo, failure: Failure): void {
  io.stderr(`error ${failure.code}: ${failure.message}\n`);
  for (const issue of failure.issues) io.stderr(`  ${describeIssue(issue)}\n`);
}

/** Writes warnings for a person, one located line each. */
export function printWarnings(io: CliIo, warnings: readonly Issue[]): void {
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
