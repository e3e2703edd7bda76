import type { BaseIssue } from "valibot";
import {
  type FailureCode,
  type FormModel,
  type Issue,
  type IssueCode,
  type PathSegment,
  type Result,
  failure,
  hiddenText,
  named,
  pathSubject,
  success,
} from "../../model/index.js";
import { type Layout, reportValibot } from "./valibot.js";
import { type About, inWords } from "./words.js";

/** Where an issue is in a text input (a chat message), for a text protocol: 1-based line and column. */
export type Place = (path: readonly PathSegment[]) => { line: number; column: number } | undefined;

/** The issues one read or write found, shared by every `Report` made from its `start`. */
interface Found {
  readonly errors: Issue[];
  readonly warnings: Issue[];
}

/** A kind of report, made by its `start`. */
type Kind<R> = new (found: Found, path: readonly PathSegment[], about: About, place?: Place) => R;

/**
 * Where readers and writers say what they find (src/protocols/report/README.md): a report
 * stands at a wire path (`at`), knows the question and option it is in (`question`,
 * `option`), and makes every issue there, in words, at once: `error`, `warn`, and `text`
 * for a string a person will see. Reports made from one `start` add to the same lists.
 * `Report` adds valibot's converter and the answers' and result's helpers; a reader that needs
 * none of them (`<question-form>`'s block reader) starts a `BareReport`, so that a page reading
 * messages does not bundle them (a class's methods are never tree-shaken).
 */
export class BareReport {
  /** Made by `start`. */
  constructor(
    private readonly found: Found,
    /** The wire path (or, for a writer, the model path) this report stands at. */
    readonly path: readonly PathSegment[],
    /** The question and option its issues are about. */
    readonly about: About,
    private readonly place?: Place,
  ) {}

  /** A new report at `path` (the input's root by default); `place` gives a text input's issues a line and column. */
  static start<R extends BareReport>(this: Kind<R>, path: readonly PathSegment[] = [], place?: Place): R {
    return new this({ errors: [], warnings: [] }, path, {}, place);
  }

  /** A report of this kind, adding to the same lists. */
  private with(path: readonly PathSegment[], about: About, place: Place | undefined): this {
    return new (this.constructor as Kind<this>)(this.found, path, about, place);
  }

  /**
   * This report with its issues placed by `place`: a text protocol reads each part of its input
   * (an open tag, a fence, a JSON body) knowing where that part is in the message.
   */
  placed(place: Place): this {
    return this.with(this.path, this.about, place);
  }

  /** Every error found so far. */
  get errors(): Issue[] {
    return this.found.errors;
  }

  /** Every warning found so far. */
  get warnings(): Issue[] {
    return this.found.warnings;
  }

  /** True while nothing reported is an error. */
  get ok(): boolean {
    return this.found.errors.length === 0;
  }

  /** The report at `keys` below this one, about the same question and option. */
  at(...keys: PathSegment[]): this {
    return keys.length === 0 ? this : this.with([...this.path, ...keys], this.about, this.place);
  }

  /**
   * The report about the question `id` (its `index` in the form names it when it has no usable
   * id), at this report's path: `report.at("questions", 2).question(id, 2)`.
   */
  question(id: string | undefined, index?: number): this {
    const about = { ...(id !== undefined && { question: id }), ...(index !== undefined && { index }) };
    return this.with(this.path, about, this.place);
  }

  /** The report about one option of this report's question, by its id or value (a resource's URI). */
  option(value: string | undefined): this {
    const { option: _, ...question } = this.about;
    const about = value === undefined ? question : { ...question, option: value };
    return this.with(this.path, about, this.place);
  }

  /** Records an error here; returns undefined, so a reader can `return report.error(…)`. */
  error(code: IssueCode, message: string): undefined {
    this.found.errors.push(this.issue(code, message, "error"));
    return undefined;
  }

  /** Records a warning here. */
  warn(code: IssueCode, message: string): void {
    this.found.warnings.push(this.issue(code, message, "warning"));
  }

  /**
   * Reads a string a person will see, at `key`: returns it when it is one, and warns there when it
   * holds characters a person cannot see, or is not valid Unicode (src/model/invisible-text.ts),
   * said of `subject` ("Its id") or else of the key ("Its `title`").
   */
  text(key: PathSegment, value: unknown, subject?: string): string | undefined {
    if (typeof value !== "string") return undefined;
    const hidden = hiddenText(value);
    if (hidden !== undefined) {
      const at = this.at(key);
      at.warn(hidden.code, `${subject ?? at.textSubject()} ${hidden.message}.`);
    }
    return value;
  }

  /** What a hidden-text warning is said of: "Its `title`", "The form's `message`", "Item 2 of `enum`". */
  private textSubject(): string {
    const key = this.path.at(-1);
    if (typeof key === "number") return pathSubject(this.path);
    const owner = this.about.question === undefined && this.about.index === undefined ? "The form's" : "Its";
    return `${owner} ${named(String(key))}`;
  }

  private issue(code: IssueCode, message: string, severity: Issue["severity"]): Issue {
    const path = [...this.path];
    const issue: Issue = { code, path, message: inWords(message, path, this.about), severity };
    if (this.about.question !== undefined) issue.question = this.about.question;
    if (this.about.option !== undefined) issue.option = this.about.option;
    const place = this.place?.(path);
    if (place !== undefined) Object.assign(issue, place);
    return issue;
  }
}

/** A `BareReport` with valibot's converter and the answers' and result's helpers: what the protocols report into. */
export class Report extends BareReport {
  /**
   * Reports valibot's issues here, each naming the question and option `layout` finds in its path
   * (./valibot.ts); returns this report (`report.valibot(issues).fail(code)`).
   */
  valibot(issues: readonly BaseIssue<unknown>[], layout?: Layout): this {
    reportValibot(this, issues, layout);
    return this;
  }

  /**
   * Takes issues made elsewhere (the model's answer checks) into this report: each path put
   * below this one, each message said in words for the question it names or this report's.
   */
  adopt(issues: readonly Issue[]): void {
    for (const { code, path, message, severity, question, option } of issues) {
      const about = question === undefined ? this : this.question(question).option(option);
      about.at(...path)[severity === "error" ? "error" : "warn"](code, message);
    }
  }

  /**
   * Takes the model's answer check (`validateAnswers`, each path starting at a question's id)
   * below this report: each issue at the key its question's answer is at (`keyOf`, the id by
   * default), about that question; an answer naming no question stays where it is.
   */
  answers(issues: readonly Issue[], form: FormModel, keyOf: (id: string) => PathSegment = (id) => id): void {
    const ids = new Set(form.fields.map((field) => field.id));
    for (const issue of issues) {
      const [id, ...rest] = issue.path;
      if (typeof id === "string" && ids.has(id))
        this.at(keyOf(id))
          .question(id)
          .adopt([{ ...issue, path: rest }]);
      else this.adopt([issue]);
    }
  }

  /** The failure `code` with every error found (and a summary of its own, where given). */
  fail<T = never>(code: FailureCode, summary?: string): Result<T> {
    return failure(code, this.errors, summary);
  }

  /** `value` with the warnings found, or `code` with every error when one was found (or there is no value). */
  result<T>(code: FailureCode, value: T | undefined): Result<T> {
    if (!this.ok || value === undefined) return failure(code, this.errors);
    return success(value, this.warnings);
  }
}
