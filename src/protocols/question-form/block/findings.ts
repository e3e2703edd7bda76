import { type Issue, type IssueCode, type PathSegment, problem, warning } from "../../../model/index.js";
import type { JsonValue } from "../../../text/json-text.js";
import { type About as Question, aboutFirst, sentence } from "../../report/words.js";
import type { Rule } from "./schema.js";

export type Json = { [key: string]: JsonValue };

/** An issue still carrying its offset in the message, before it is given a line and column. */
export interface Located {
  issue: Issue;
  offset: number;
}

/** What a finding is about (the question, by its id or its number, and the option), and the path it starts at. */
interface About extends Question {
  path: PathSegment[];
}

/**
 * Collects the errors and warnings found while reading one block, at their offsets in the message.
 * Each is said as a clause ("the form has no body") and made a sentence by the one wording rule
 * (`aboutFirst`, src/protocols/report/words.ts): what it is about named first, the first letter a capital,
 * a period last.
 */
export class Findings {
  readonly errors: Located[] = [];
  readonly warnings: Located[] = [];

  error(code: IssueCode, path: PathSegment[], said: string, offset: number, about?: About): void {
    this.errors.push(located(problem(code, path, ""), said, offset, about));
  }

  warn(code: IssueCode, path: PathSegment[], said: string, offset: number, about?: About): void {
    this.warnings.push(located(warning(code, path, ""), said, offset, about));
  }
}

function located(issue: Issue, said: string, offset: number, about: About | undefined): Located {
  issue.message = aboutFirst(sentence(said), about);
  if (about?.question !== undefined) issue.question = about.question;
  if (about?.option !== undefined) issue.option = about.option;
  return { issue, offset };
}

/**
 * Reports what reading a body finds, each problem at the offset of the value its path names
 * (`at`; a body read on its own, for a partial view, passes `() => 0`), naming the question or
 * option it is `about`.
 */
export class BodyReport {
  constructor(
    readonly findings: Findings,
    private readonly at: (path: readonly PathSegment[]) => number,
    private readonly about?: About,
  ) {}

  /** The report about the question at `path`, named by the id it is read with, or by its number when it has none. */
  question(path: PathSegment[], index: number, id: string | undefined): BodyReport {
    return new BodyReport(this.findings, this.at, id === undefined ? { path, index } : { path, question: id });
  }

  /** The report about one option (a card by its id) of this report's question. */
  option(path: PathSegment[], value: string): BodyReport {
    return new BodyReport(this.findings, this.at, { ...(this.about as About), path, option: value });
  }

  /** Checks the keys of `object` (at `path`) that `rules` name, each problem said of its value. */
  check(rules: Readonly<Record<string, Rule>>, object: Json, path: PathSegment[]): boolean {
    const before = this.findings.errors.length;
    for (const key in rules) {
      const value = object[key];
      if (value !== undefined) this.test(rules[key] as Rule, value, path, key);
    }
    return this.findings.errors.length === before;
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
    const rest = path.slice(this.about?.path.length ?? 0);
    const last = rest[rest.length - 1];
    if (last === undefined) return this.about === undefined ? "the body" : "it";
    if (typeof last === "string") return this.about === undefined ? `the form's \`${last}\`` : `\`${last}\``;
    // Inside a question, "its option 2": the question's name comes first, and the clause goes on in small letters.
    const its = this.about === undefined ? "" : "its ";
    const list = rest[rest.length - 2];
    if (typeof list !== "string") return `${its}item ${last + 1}`;
    return Object.hasOwn(ITEMS, list) ? `${its}${ITEMS[list]} ${last + 1}` : `item ${last + 1} of ${its}\`${list}\``;
  }

  error(code: IssueCode, path: PathSegment[], said: string): void {
    this.findings.error(code, path, said, this.at(path), this.about);
  }

  warn(code: IssueCode, path: PathSegment[], said: string): void {
    this.findings.warn(code, path, said, this.at(path), this.about);
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
