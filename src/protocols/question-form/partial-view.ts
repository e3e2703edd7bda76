import type { Field } from "../../model/index.js";
import { readAttributes } from "./attributes.js";
import { readQuestion } from "./block.js";
import { jsonString } from "./answer-text.js";
import { closeJsonPrefix } from "./json-prefix.js";
import { Findings } from "./located.js";
import { DEFAULT_FORM_ID } from "./types.js";

/** The form keys a view shows once their string has arrived whole. */
const HEAD_KEYS = ["id", "title", "description", "submitLabel", "lang"] as const;
type Head = Partial<Record<(typeof HEAD_KEYS)[number], string>>;

/** Past this size a question still arriving is shown only once complete. */
const MAX_ARRIVING = 64 * 1024;

/**
 * The view of a form still arriving: the open tag's id and title (else the body's, once each
 * string is whole; the id is "discovery" until then, so it changes at most once), each question
 * of the `questions` array once complete, and the question still arriving, read from what has
 * arrived of it (`arriving`), once it has an id and a label. Fed the body's structure characters
 * (outside strings) and the strings' ends by the body scan, and `look`ed at after each chunk.
 */
export class PartialView {
  fields: Field[] = [];
  arriving: Field | undefined;
  private readonly tag: Head;
  private readonly body: Head = {};
  private depth = 0;
  private questionsDepth = -1;
  private lastString = "";
  private stringStart = 0;
  private stringIsHeadValue = false;
  private afterColon = false;
  private pendingKey: string | undefined;
  private questionStart = -1;
  private questionCount = 0;
  private looked = 0; // how much of the arriving question the last look read
  // Undefined until the body's first character: shown when it opens JSON (or a fence), never for
  // a body of prose (an open tag the model narrated into, which never becomes a form).
  private shown: boolean | undefined;

  /** `onChange` is called when the view shows something new. */
  constructor(
    attributes: string,
    private readonly onChange: () => void,
  ) {
    const head = readAttributes(attributes, 0, new Findings());
    this.tag = {
      ...(head.id !== undefined && { id: head.id }),
      ...(head.title !== undefined && { title: head.title }),
    };
  }

  /** The form's id as the view shows it: stable until the body's id has arrived whole. */
  get id(): string {
    return this.tag.id ?? this.body.id ?? DEFAULT_FORM_ID;
  }

  /** What the view shows of the form's keys (`id` aside). */
  get head(): Omit<Head, "id"> {
    const { title, description, submitLabel, lang } = { ...this.body, ...this.tag };
    return {
      ...(title !== undefined && { title }),
      ...(description !== undefined && { description }),
      ...(submitLabel !== undefined && { submitLabel }),
      ...(lang !== undefined && { lang }),
    };
  }

  /** A string opens at offset `at` of the block text. */
  stringOpened(at: number): void {
    this.stringStart = at;
    this.stringIsHeadValue =
      this.depth === 1 && this.afterColon && (HEAD_KEYS as readonly string[]).includes(this.pendingKey ?? "");
  }

  /** A string closed at the end of `text` (the block so far). */
  stringClosed(text: string): void {
    this.lastString = text.slice(this.stringStart, -1);
    if (!this.stringIsHeadValue) return;
    this.stringIsHeadValue = false;
    const value = jsonString(`"${this.lastString}"`);
    const key = this.pendingKey as (typeof HEAD_KEYS)[number];
    if (value !== undefined && this.body[key] === undefined) {
      this.body[key] = value;
      if (this.tag[key] === undefined) this.changed();
    }
  }

  /** `c`, outside strings, ends `text` (the block so far). */
  structure(c: string, text: string): void {
    if (this.shown === undefined) {
      if (c === " " || c === "\n" || c === "\t" || c === "\r") return;
      this.shown = c === "{" || c === "[" || c === "`";
      this.changed();
    }
    if (c === "{" || c === "[") {
      if (
        c === "[" &&
        ((this.depth === 0 && this.questionsDepth === -1) || (this.depth === 1 && this.pendingKey === "questions"))
      ) {
        this.questionsDepth = this.depth + 1;
      } else if (c === "{" && this.depth === this.questionsDepth) {
        this.questionStart = text.length - 1;
        this.looked = 0;
      }
      this.depth++;
      this.pendingKey = undefined;
      this.afterColon = false;
    } else if (c === "}" || c === "]") {
      this.depth--;
      if (c === "}" && this.depth === this.questionsDepth && this.questionStart >= 0) {
        this.completeQuestion(text.slice(this.questionStart));
        this.questionStart = -1;
      }
    } else if (c === ":" && this.depth === 1) {
      this.pendingKey = this.lastString;
      this.afterColon = true;
    } else if (c === "," && this.depth === 1) {
      this.pendingKey = undefined;
      this.afterColon = false;
    }
  }

  /**
   * After a chunk: the question still arriving, as far as it has arrived (`text` is the block so
   * far). Each look reads it whole, so it looks again only once it has grown by a quarter (and
   * 16 characters) since: over a stream of tiny chunks, the reads add up to a few times its size.
   */
  look(text: string): void {
    const length = text.length - this.questionStart;
    if (this.questionStart < 0 || length > MAX_ARRIVING || length - this.looked < Math.max(16, this.looked / 4)) return;
    this.looked = length;
    const closed = closeJsonPrefix(text.slice(this.questionStart));
    // Shown once it has an id (which a later key could not change) and a label, as the renderer does.
    const raw: unknown = closed === undefined ? undefined : JSON.parse(closed);
    const named = (key: string): boolean =>
      typeof (raw as Record<string, unknown>)[key] === "string" &&
      ((raw as Record<string, string>)[key] as string).trim() !== "";
    if (raw === null || typeof raw !== "object" || !named("id") || !(named("label") || named("prompt"))) return;
    const field = readQuestion(closed as string, this.questionCount, true);
    if (field === undefined || JSON.stringify(field) === JSON.stringify(this.arriving)) return;
    this.arriving = field;
    this.changed();
  }

  private changed(): void {
    if (this.shown === true) this.onChange();
  }

  private completeQuestion(text: string): void {
    const field = readQuestion(text, this.questionCount++);
    const had = this.arriving !== undefined;
    this.arriving = undefined;
    if (field !== undefined) this.fields = [...this.fields, field];
    if (field !== undefined || had) this.changed();
  }
}
