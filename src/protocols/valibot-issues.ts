import type { BaseIssue } from "valibot";
import { type Issue, type IssueCode, type PathSegment, problem } from "../model/index.js";

/**
 * Turns valibot's issues into formgate issues, the one converter every protocol uses: the
 * path as plain keys and indexes, an `IssueCode`, and a message written for a person rather
 * than valibot's `Expected … but received …`. A schema's own custom messages (already
 * written for people) are kept as they are.
 */
export function fromValibot(issues: readonly BaseIssue<unknown>[], at: readonly PathSegment[] = []): Issue[] {
  return issues.map((issue) => {
    const path = [...at, ...(issue.path ?? []).map((item) => item.key as PathSegment)];
    return problem(codeFor(issue), path, humanMessage(issue));
  });
}

/** formgate's codes for valibot's validation issue types; other validations are `invalid_value`. */
const CODES: Partial<Record<string, IssueCode>> = {
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

function codeFor(issue: BaseIssue<unknown>): IssueCode {
  if (isUnknownKey(issue)) return "unknown_key";
  if (issue.received === "undefined") return "missing_property";
  return CODES[issue.type] ?? (issue.kind === "schema" ? "invalid_type" : "invalid_value");
}

/** A key a strict object does not list: valibot expects `never` there. */
function isUnknownKey(issue: BaseIssue<unknown>): boolean {
  return issue.type === "strict_object" && issue.expected === "never";
}

function humanMessage(issue: BaseIssue<unknown>): string {
  if (!issue.message.startsWith("Invalid ")) return issue.message;
  const received = issue.received;
  if (isUnknownKey(issue)) return "is not a key the protocol allows here";
  // valibot names the missing key as what it expected: the path says that already.
  if (received === "undefined") return "is required";
  const said = RULE_MESSAGES[issue.type]?.(issue);
  if (said !== undefined) return said;
  if (issue.type === "variant" || issue.type === "picklist" || issue.type === "literal") {
    return `must be ${plain(issue.expected)}, got ${received}`;
  }
  return `must be ${plain(issue.expected)}, got ${describeReceived(received)}`;
}

/** valibot's validation messages (`Invalid length: Expected >=2 but received 1`), said for a person. */
const RULE_MESSAGES: Partial<Record<string, (issue: BaseIssue<unknown>) => string>> = {
  min_length: (issue) => `must have at least ${String(issue.requirement)} ${unit(issue)}`,
  max_length: (issue) => `must have at most ${String(issue.requirement)} ${unit(issue)}`,
  min_value: (issue) => `must be at least ${String(issue.requirement)}, got ${issue.received}`,
  max_value: (issue) => `must be at most ${String(issue.requirement)}, got ${issue.received}`,
  integer: (issue) => `must be a whole number, got ${issue.received}`,
  regex: (issue) => `must match the pattern ${issue.expected ?? ""}`,
};

function unit(issue: BaseIssue<unknown>): string {
  return typeof issue.input === "string" ? "characters" : "items";
}

function plain(expected: string | null): string {
  if (expected === null) return "a valid value";
  return expected.replace(/\bObject\b/g, "an object").replace(/\bArray\b/g, "an array");
}

function describeReceived(received: string): string {
  return received.replace(/^Object$/, "an object").replace(/^Array$/, "an array");
}
