import type { IssueCode, PathSegment } from "../../../model/index.js";
import type { JsonValue } from "../../../text/json-text.js";
import type { BareReport } from "../../report/index.js";
import { sentence } from "../../report/words.js";
import type { Rule } from "./schema.js";

export type Json = { [key: string]: JsonValue };

/**
 * The block's report placed in the message: at one offset (what the open tag, the fence or a child tag
 * says), or at the offset of the value each path names (a body's).
 */
export type AtOffset = (offset: number | ((path: readonly PathSegment[]) => number)) => BareReport;

/**
 * Reports what reading a body finds into its `BareReport` (placed where the body is in the message),
 * each problem at the wire path it names, said of what that path is below the question or option it
 * is `about` (`subject`): "its option 2 must be …", "the form's `title` must be …".
 */
export class BodyReport {
  constructor(
    readonly report: BareReport,
    /** The path of the question or option this report is about, from which `subject` names a value. */
    private readonly about?: PathSegment[],
  ) {}

  /** The report about the question at `path`, named by the id it is read with, or by its number when it has none. */
  question(path: PathSegment[], index: number, id: string | undefined): BodyReport {
    return new BodyReport(id === undefined ? this.report.question(undefined, index) : this.report.question(id), path);
  }

  /** The report about one option (a card by its id) of this report's question. */
  option(path: PathSegment[], value: string): BodyReport {
    return new BodyReport(this.report.option(value), path);
  }

  /** Checks the keys of `object` (at `path`) that `rules` name, each problem said of its value. */
  check(rules: Readonly<Record<string, Rule>>, object: Json, path: PathSegment[]): boolean {
    const before = this.report.errors.length;
    for (const key in rules) {
      const value = object[key];
      if (value !== undefined) this.test(rules[key] as Rule, value, path, key);
    }
    return this.report.errors.length === before;
  }

  /** Checks `value`, at `key` of `path`, by `rule`. */
  private test(rule: Rule, value: JsonValue, path: PathSegment[], key: PathSegment): void {
    if (!rule.is(value)) {
      const at = [...path, key];
      this.error(rule.code?.(value) ?? "invalid_type", at, `${this.subject(at)} ${rule.says}`);
    } else if (rule.each !== undefined) {
      const at = [...path, key];
      const items = value as JsonValue[];
      for (let i = 0; i < items.length; i++) this.test(rule.each, items[i] as JsonValue, at, i);
    }
  }

  unknownKeys(object: Json, known: Readonly<Record<string, Rule>>, path: PathSegment[]): void {
    for (const key of Object.keys(object)) {
      if (!Object.hasOwn(known, key))
        this.warn("unknown_key", [...path, key], `the key \`${key}\` is not part of the protocol, so it is ignored`);
    }
  }

  /**
   * What a message is said of: the value at `path` below what the report is about ("`label`",
   * "its option 2", "item 1 of its `palette`", "the form's `title`", "question 2"), or "it" for that itself
   * ("the body").
   */
  subject(path: PathSegment[]): string {
    const rest = path.slice(this.about?.length ?? 0);
    const last = rest[rest.length - 1];
    if (last === undefined) return this.about === undefined ? "the body" : "it";
    if (typeof last === "string") return this.about === undefined ? `the form's \`${last}\`` : `\`${last}\``;
    // Inside a question, "its option 2": the question's name comes first, and the clause goes on in small letters.
    const its = this.about === undefined ? "" : "its ";
    const list = rest[rest.length - 2];
    if (typeof list !== "string") return `${its}item ${last + 1}`;
    return Object.hasOwn(ITEMS, list) ? `${its}${ITEMS[list]} ${last + 1}` : `item ${last + 1} of ${its}\`${list}\``;
  }

  /** An error at `path`, `said` a sentence (its subject named by `subject`, not by the wording rule's path). */
  error(code: IssueCode, path: PathSegment[], said: string): void {
    this.report.at(...path).error(code, sentence(said));
  }

  warn(code: IssueCode, path: PathSegment[], said: string): void {
    this.report.at(...path).warn(code, sentence(said));
  }
}

/** The lists of a body whose items a message names by their kind. */
const ITEMS: Readonly<Record<string, string>> = { questions: "question", options: "option", cards: "card" };

/** A JSON value when it is a string. */
export function str(value: JsonValue | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** The `keys` of `object` that hold a string. */
export function strings<K extends string>(object: Json, keys: readonly K[]): Partial<Record<K, string>> {
  const found: Partial<Record<K, string>> = {};
  for (const key of keys) if (typeof object[key] === "string") found[key] = object[key];
  return found;
}
