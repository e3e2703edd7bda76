import type { BaseIssue } from "valibot";
import { type Issue, type IssueCode, type PathSegment, named, pathSubject, problem } from "../model/index.js";

/**
 * Turns valibot's issues into formgate issues, the one converter every protocol uses: the
 * path as plain keys and indexes, an `IssueCode`, and a whole sentence for a person rather
 * than valibot's `Expected … but received …`, said of what its path names: "The `required`
 * must be true or false.", "Item 2 of `accept` must be a string, not the number 4.", "The key
 * `maxSelections` is not allowed here." A schema's own message says what a value must be
 * ("must be true or false"); one that is a sentence already is kept.
 */
export function fromValibot(issues: readonly BaseIssue<unknown>[], at: readonly PathSegment[] = []): Issue[] {
  return issues.map((issue) => {
    const path = [...at, ...(issue.path ?? []).map((item) => item.key as PathSegment)];
    if (isUnknownKey(issue))
      return problem("unknown_key", path, `The key ${named(String(path.at(-1)))} is not allowed here.`);
    const said = humanMessage(issue);
    return problem(codeFor(issue), path, /^[A-Z`]/.test(said) ? said : `${pathSubject(path)} ${said}.`);
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
  // valibot names the missing key as what it expected: the path says that already.
  if (received === "undefined") return "is required but missing";
  const said = RULE_MESSAGES[issue.type]?.(issue);
  if (said !== undefined) return said;
  return `must be ${plain(issue.expected)}, not ${describeReceived(received)}`;
}

/** valibot's validation messages (`Invalid length: Expected >=2 but received 1`), said for a person. */
const RULE_MESSAGES: Partial<Record<string, (issue: BaseIssue<unknown>) => string>> = {
  min_length: (issue) => `must have at least ${String(issue.requirement)} ${unit(issue)}`,
  max_length: (issue) => `must have at most ${String(issue.requirement)} ${unit(issue)}`,
  min_value: (issue) => `must be at least ${String(issue.requirement)}, not ${issue.received}`,
  max_value: (issue) => `must be at most ${String(issue.requirement)}, not ${issue.received}`,
  integer: (issue) => `must be a whole number, not ${issue.received}`,
  regex: (issue) => `must match the pattern ${issue.expected ?? ""}`,
};

function unit(issue: BaseIssue<unknown>): string {
  return typeof issue.input === "string" ? "characters" : "items";
}

/** valibot's `("a" | "b")`, `string`, `Object` as a person says them: `"a" or "b"`, `a string`, `an object`. */
function plain(expected: string | null): string {
  if (expected === null) return "a valid value";
  const choices = expected
    .replace(/^\((.*)\)$/, "$1")
    .split(" | ")
    .map(describeReceived);
  return choices.length === 1 ? (choices[0] as string) : `${choices.slice(0, -1).join(", ")} or ${choices.at(-1)}`;
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  Object: "an object",
  Array: "an array",
  string: "a string",
  number: "a number",
  boolean: "true or false",
  bigint: "a bigint",
  Map: "a Map",
  Set: "a Set",
};

/** What valibot says it received, for a person: a type by its name, a long string as only a string. */
function describeReceived(received: string): string {
  if (Object.hasOwn(TYPE_NAMES, received)) return TYPE_NAMES[received] as string;
  return received.startsWith('"') && received.length > 42 ? "a long string" : received;
}
