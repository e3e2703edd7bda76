import type { BaseIssue, IssuePathItem } from "valibot";
import { type IssueCode, type PathSegment, named } from "../../model/index.js";
import type { Report } from "./report.js";

/**
 * Where a wire form keeps its questions and their options, so that valibot's issues name them:
 * valibot's path items carry the values they pass through, so the question's id is read from
 * the question itself (or its key, or the list it is in) rather than found again from the path.
 */
export interface Layout {
  /** The key of the list (or object) of questions: `questions`, `properties`. */
  readonly questions: string;
  /** The id of the question at `key` of `list`: its `id`, its property name, the id its header gives it. */
  id(question: unknown, key: PathSegment, list: unknown): string | undefined;
  /** The key of a question's list of options: `options`. */
  readonly options?: string;
  /** An option's name: its id, its value, a resource's URI. */
  option?(option: unknown): string | undefined;
}

/**
 * Reports valibot's issues as errors of `report` (below its path), the one converter every
 * protocol uses: the path as plain keys and indexes, an `IssueCode`, the question and option
 * `layout` finds, and a clause for a person rather than valibot's `Expected … but received …`
 * ("must be true or false", "is required but missing"; the wording rule says it of its path).
 * A schema's own message says what a value must be; one that is a sentence already is kept.
 */
export function reportValibot(report: Report, issues: readonly BaseIssue<unknown>[], layout?: Layout): void {
  for (const issue of issues) {
    const items = issue.path ?? [];
    const at = about(report, items, layout).at(...items.map((item) => item.key as PathSegment));
    if (isUnknownKey(issue)) at.error("unknown_key", `The key ${named(String(at.path.at(-1)))} is not allowed here.`);
    else at.error(codeFor(issue), humanMessage(issue));
  }
}

/** The report about the question (and option) valibot's path goes into, by `layout`. */
function about(report: Report, items: readonly IssuePathItem[], layout: Layout | undefined): Report {
  const at = layout === undefined ? -1 : items.findIndex((item) => item.key === layout.questions);
  const question = items[at + 1];
  if (layout === undefined || at < 0 || question === undefined) return report;
  const key = question.key as PathSegment;
  const named = report.question(
    layout.id(question.value, key, question.input),
    typeof key === "number" ? key : undefined,
  );
  const option = items[at + 3];
  if (layout.options === undefined || items[at + 2]?.key !== layout.options || option === undefined) return named;
  return named.option(layout.option?.(option.value));
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
