import type { BaseIssue } from "valibot";
import { type Issue, type PathSegment, problem } from "../model/index.js";

/**
 * Turns valibot's issues into formgate issues: the path as plain keys and indexes, and a
 * message written for a person rather than valibot's `Expected … but received …`.
 * A schema's own custom messages (already written for people) are kept as they are.
 */
export function fromValibot(issues: readonly BaseIssue<unknown>[], at: readonly PathSegment[] = []): Issue[] {
  return issues.map((issue) => {
    const path = [...at, ...(issue.path ?? []).map((item) => item.key as PathSegment)];
    return problem(codeFor(issue), path, humanMessage(issue));
  });
}

/** formgate's codes for valibot's issue types; unlisted types keep valibot's name. */
const CODES: Record<string, string> = {
  regex: "pattern_mismatch",
  check: "invalid_value",
  raw_check: "invalid_value",
  min_length: "too_short",
  max_length: "too_long",
  min_value: "too_small",
  max_value: "too_big",
  integer: "not_integer",
  variant: "invalid_type",
  union: "invalid_type",
  literal: "invalid_value",
  picklist: "invalid_value",
};

function codeFor(issue: BaseIssue<unknown>): string {
  if (issue.type === "strict_object" && issue.expected === "never") return "unknown_property";
  if (issue.received === "undefined") return "missing_property";
  return CODES[issue.type] ?? (issue.kind === "schema" ? "invalid_type" : issue.type);
}

function humanMessage(issue: BaseIssue<unknown>): string {
  if (!issue.message.startsWith("Invalid ")) return issue.message;
  const received = issue.received;
  if (issue.type === "strict_object" && issue.expected === "never") return "is not an allowed property";
  if (received === "undefined") return `is required (expected ${plain(issue.expected)})`;
  if (issue.type === "variant" || issue.type === "picklist" || issue.type === "literal") {
    return `must be ${plain(issue.expected)}, got ${received}`;
  }
  return `must be ${plain(issue.expected)}, got ${describeReceived(received)}`;
}

function plain(expected: string | null): string {
  if (expected === null) return "a valid value";
  return expected.replace(/\bObject\b/g, "an object").replace(/\bArray\b/g, "an array");
}

function describeReceived(received: string): string {
  return received.replace(/^Object$/, "an object").replace(/^Array$/, "an array");
}
