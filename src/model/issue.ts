import type { DataToolErrorCode } from "../../generated/data-tool-result.js";

/** A step from a document's root to a value: a property name or an array index. */
export type PathSegment = string | number;

/** One problem found in an input, or one thing a translation dropped or approximated. */
export interface Issue {
  /** Stable machine-readable code (docs/issue-codes.md), e.g. `invalid_type`, `duplicate_id`, `dropped`. */
  code: IssueCode;
  /** Path from the input's root to the offending value; empty for the input as a whole. */
  path: PathSegment[];
  /**
   * What is wrong, or what was lost: one whole sentence a person can act on without the path,
   * naming the question (and the option) it is about, e.g. "Question `audience`, option
   * `exec`: its `thumbnail` has no place in a standard MCP form, so it is dropped."
   */
  message: string;
  /** The id of the question the issue is about, where it is about one (as the form's author wrote it). */
  question?: string;
  /** The option the issue is about, by its id or value (a resource's URI), where it is about one. */
  option?: string;
  /** `error` rejects the input; `warning` reports a loss or an approximation and lets it through. */
  severity: "error" | "warning";
  /** 1-based line in a text input (a chat message), where the problem is. */
  line?: number;
  /** 1-based column (in UTF-16 code units) in a text input, where the problem is. */
  column?: number;
}

/**
 * The codes an `Issue` carries, as the keys of this interface. The model declares here the codes
 * that protocols share; a protocol (and the gateway, the bridge, the CLI and the server) declares
 * its own in its folder's `codes.ts`, which adds them to this interface, so a new protocol's codes
 * touch nothing outside its folder (docs/issue-codes.md lists every owner's). A code names what is
 * wrong or lost; the severity says whether it rejects the input, so one code may be an error in
 * one protocol and a warning in another.
 */
export interface IssueCodes {
  // Shape of any input (valibot's issues become these in src/protocols/report/valibot.ts)
  /** A required key is absent. */
  missing_property: true;
  /** A key the protocol does not know (an error where the protocol is strict, a warning where it ignores it). */
  unknown_key: true;
  /** A value of the wrong JSON type (a string where a number belongs, an array for an object). */
  invalid_type: true;
  /**
   * A value of the right type that the rules do not allow (not one of the listed values, a failed cross-field rule).
   */
  invalid_value: true;
  /** A string or list shorter than its minimum. */
  too_short: true;
  /** A string or list longer than its maximum. */
  too_long: true;
  /** A number below its minimum. */
  too_small: true;
  /** A number above its maximum (or a single file answered with several). */
  too_big: true;
  /** A fractional number where a whole number belongs. */
  not_integer: true;
  /** A string that does not match its pattern. */
  pattern_mismatch: true;
  /** A value that is not JSON (a function, a cycle, a getter that throws). */
  not_json: true;
  /**
   * A value nested deeper than its limit (`MAX_VALUE_DEPTH` for a value passed in, `MAX_PARSED_JSON_DEPTH` for JSON
   * text formgate parses).
   */
  too_deep: true;
  /** Text that is not valid JSON. */
  invalid_json: true;
  /** An id repeated where ids must be unique. */
  duplicate_id: true;
  /** An option value or URI repeated within one question. */
  duplicate_option: true;
  /** A choice without options (an empty `enum`, `oneOf` or `anyOf`; a `<question-form>` choice question with none). */
  no_options: true;
  // Text a person reads (src/model/invisible-text.ts)
  /** Text holding characters a person cannot see (bidi controls, zero-width, tags). */
  invisible_characters: true;
  /** Text that is not valid Unicode (an unpaired surrogate, U+FFFD from bad UTF-8). */
  malformed_text: true;
  // Answers against their form (src/model/validate-answers.ts and each protocol's answers)
  /** A required field without an answer. */
  missing_answer: true;
  /** A required text answer that is empty or only whitespace. */
  blank_answer: true;
  /**
   * An answer for a field the form does not have (in a `<question-form>` answer message, a line shaped as one whose
   * label names no question).
   */
  unknown_field: true;
  /** A value that is none of the offered options or resources. */
  not_an_option: true;
  /** A value picked twice in one list answer. */
  duplicate_answer: true;
  /** A list answer with fewer items than `minItems`. */
  too_few: true;
  /** A list answer with more items than `maxItems`. */
  too_many: true;
  /** A text answer that is not a valid email, URI, date, … as its format says. */
  invalid_format: true;
  /** A file answer that is neither offered nor an acceptable local `file://` URI. */
  invalid_file_uri: true;
  /** Part of an answer that is not applied (content sent with a decline or cancel). */
  ignored: true;
  // Translation warnings (every writer)
  /** Something the target protocol cannot say, left out. */
  dropped: true;
  /** Something the target protocol says differently, written as near as it can. */
  approximated: true;
  /** Something the model leaves unsaid, written with the value the target's renderers assume. */
  defaulted: true;
  /**
   * An older or other name read as its canonical one (Data `preview`, native `file` and `x-openai-preview`, a
   * `<question-form>` type in another case or an alias, `prompt` as `label`).
   */
  alias_merged: true;
  // Writing a form or answers the target cannot hold (errors of `translate`)
  /** A form with more fields than the target holds. */
  too_many_fields: true;
  /** A choice with more or fewer options than the target holds. */
  unsupported_options: true;
  /** A response the target protocol cannot write. */
  unsupported_response: true;
  /** A field the target protocol cannot ask at all (the person's own files in a standard MCP form). */
  unsupported_field: true;
  /** A direction-cards question whose cards the host's catalog holds, written without the catalog. */
  missing_direction_catalog: true;
  /** A host's direction catalog that cannot be used. */
  invalid_direction_catalog: true;
  // Requests and their rules (several protocols: the JSON-Schema ones, AskUserQuestion, <question-form>)
  /** A request whose method is not a form elicitation method formgate reads. */
  unsupported_method: true;
  /** A request whose `mode` is not `form`. */
  unsupported_mode: true;
  /** A field `type` the native protocol does not have. */
  unsupported_type: true;
  /** A keyword that is not allowed where it stands (`enum` with `oneOf`, option keywords on a resource field). */
  forbidden_keyword: true;
  /** A default that is not one of the offered resources. */
  default_not_offered: true;
  /**
   * A minimum above its maximum (`minLength`, `minimum`, `minItems`, a `<question-form>` `min` and `max`): no answer
   * could satisfy both.
   */
  invalid_range: true;
  // Which form an input holds, and keys read past (several protocols)
  /** A known key that does not apply where it stands, ignored. */
  ignored_key: true;
  /** A message holding no form. */
  no_form: true;
  /** A message holding several forms where one was expected. */
  several_forms: true;
  /** An answer message for another form. */
  wrong_form: true;
  /** A form id that no form of the input has. */
  form_not_found: true;
}

/** Every code an `Issue` carries: the model's, each folder's (`IssueCodes`), and a Data tool error's. */
export type IssueCode = keyof IssueCodes | DataToolErrorCode;

/**
 * Every code a `Failure` carries: what rejected the input as a whole. Its issues say what
 * is wrong in detail (docs/issue-codes.md).
 */
export type FailureCode =
  /** Data tool arguments that break the contract. */
  | "invalid_arguments"
  /** A native or `<question-form>` form that breaks its protocol's rules. */
  | "invalid_form"
  /** Answers that do not satisfy their form, or a result of the wrong shape: nothing applied. */
  | "invalid_response"
  /** A model form the target protocol cannot hold at all. */
  | "unsupported_form"
  /** A response the target protocol cannot write. */
  | "unsupported_response"
  /** An input of a protocol this path does not take (the text bridge takes JSON forms only). */
  | "unsupported_input"
  /** Writer options that cannot be used together (an ACP session and a request scope). */
  | "invalid_options"
  /** A strict translation that would drop or approximate something. */
  | "lossy_translation"
  /** A protocol that is not known, or an input no single protocol reads. */
  | "unknown_protocol"
  /** An input that two protocols read equally well. */
  | "ambiguous_protocol"
  /** A form id that no form of the input has. */
  | "form_not_found"
  /** Input text that is not JSON. */
  | "invalid_json"
  /** A server configuration that cannot be used. */
  | "invalid_config"
  /** A direction-cards form written without the host's catalog its cards are in. */
  | "missing_direction_catalog"
  /** A host's direction catalog that cannot be used. */
  | "invalid_direction_catalog"
  /** A CLI input that is empty. */
  | "empty_input"
  /** A CLI input file that cannot be read. */
  | "unreadable_input"
  /** A CLI command line that cannot be used. */
  | "usage_error"
  /** A bug in formgate: an exception no reader should throw, caught at the CLI's edge. */
  | "internal_error"
  /** A Data tool error result, carried with its own code. */
  | DataToolErrorCode;

/** A rejected input: the protocol's error code, a summary, and every problem found. */
export interface Failure {
  /** The protocol's error code (docs/issue-codes.md): `invalid_arguments`, `invalid_response`, `invalid_form`, … */
  code: FailureCode;
  /** One sentence summing up the problems. */
  message: string;
  /** Every problem found, not only the first. */
  issues: Issue[];
}

/** What every formgate reader, writer and translator returns: never a thrown exception. */
export type Result<T> = { ok: true; value: T; warnings: Issue[] } | { ok: false; error: Failure };

/** A success carrying its warnings. */
export function success<T>(value: T, warnings: Issue[] = []): Result<T> {
  return { ok: true, value, warnings };
}

/** A failure whose message summarises its issues. */
export function failure<T = never>(code: FailureCode, issues: Issue[], summary?: string): Result<T> {
  return { ok: false, error: { code, message: summary ?? summarize(issues), issues } };
}

/** An issue of severity `error`. */
export function problem(code: IssueCode, path: PathSegment[], message: string): Issue {
  return { code, path, message, severity: "error" };
}

/** An issue of severity `warning`. */
export function warning(code: IssueCode, path: PathSegment[], message: string): Issue {
  return { code, path, message, severity: "warning" };
}

/**
 * A value as a message shows it: a string as JSON text (its quotes and line breaks escaped, so
 * where it ends is plain), cut at 60 characters; any other value as its JSON.
 */
export function quoted(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}…` : value);
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {}
  json ??= String(value);
  return json.length > 60 ? `${json.slice(0, 57)}…` : json;
}

/** What a value is, as a message says it was given instead: "a string", "the number 4", "null", "nothing". */
export function describedValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return value === "" ? "an empty string" : "a string";
  if (typeof value === "number") return `the number ${value}`;
  return typeof value === "object" ? "an object" : String(value);
}

/** A key or id as a message names it: in backticks, or quoted when empty, long or holding a backtick or line break. */
export function named(name: string): string {
  return name === "" || name.length > 60 || /[`\n\r]/.test(name) ? quoted(name) : `\`${name}\``;
}

/**
 * What a message is said of, by the end of its path: "The input", "The `title`", "Item 2 of
 * `accept`" (the question the path is in comes before it: src/protocols/report/words.ts).
 */
export function pathSubject(path: readonly PathSegment[]): string {
  const last = path.at(-1);
  const key = path.findLast((segment): segment is string => typeof segment === "string");
  const list = key === undefined ? "the input" : named(key);
  if (typeof last === "number") return `Item ${last + 1} of ${list}`;
  return key === undefined ? "The input" : `The ${list}`;
}

/** Formats a path the way a person reads it in JavaScript: `questions[2].options[0].id`. */
export function formatPath(path: readonly PathSegment[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) out += out === "" ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out === "" ? "(root)" : out;
}

/**
 * One line for a person: the message, then the code and where it is (the line and column of a
 * text input, or the path), e.g. "Question `name`: it is required but was not answered.
 * (missing_answer at content.name)". The CLI, the server's log and the playground print this.
 */
export function formatIssue(issue: Issue): string {
  const where =
    issue.line !== undefined
      ? ` at line ${issue.line}, column ${issue.column ?? 1}`
      : issue.path.length > 0
        ? ` at ${formatPath(issue.path)}`
        : "";
  return `${issue.message} (${issue.code}${where})`;
}

/**
 * A failure's summary: its first problem's message (after its path while the message is still a
 * fragment said of it, as some outside the protocols are), and how many more there are.
 */
export function summarize(issues: readonly Issue[]): string {
  const first = issues[0];
  if (first === undefined) return "The input was rejected.";
  const where = first.path.length > 0 && !/^[A-Z`]/.test(first.message) ? `${formatPath(first.path)}: ` : "";
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? "s" : ""})` : "";
  return `${where}${first.message}${more}`;
}
