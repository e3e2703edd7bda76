import type { Field } from "../../../model/index.js";
import { jsonString } from "../../../text/json-text.js";
import { DEFAULT_FORM_ID, MAX_ARRIVING } from "../limits.js";
import { readAttributes } from "./attributes.js";
import { BareReport } from "../../report/index.js";
import { readQuestion } from "./read-block.js";
import { BODY_TEXT_KEYS } from "./schema.js";

/** The form keys a view shows once their string has arrived whole. */
const HEAD_KEYS = ["id", "title", ...BODY_TEXT_KEYS] as const;
type Head = Partial<Record<(typeof HEAD_KEYS)[number], string>>;

/**
 * The view of a form still arriving: the open tag's id and title (else the body's, once each
 * string is whole; the id is "discovery" until then, so it changes at most once), each question
 * of the `questions` array once complete, and the question still arriving, read from what has
 * arrived of it (`arriving`), once it has an id and a label. Fed the body's structure characters
 * (outside strings) and the strings' ends by the body scan, at offsets of the block's text (which
 * `text` slices), and `look`ed at after each chunk.
 */
export class PartialView {
  fields: Field[] = [];
  arriving: Field | undefined;
  /** The form's keys shown: the open tag's, else the body's first of each once its string has arrived whole. */
  readonly head: Head;
  private depth = 0;
  /** The depth inside the questions' array, once it has opened. */
  private questionsDepth: number | undefined;
  private stringStart = 0;
  private key = ""; // the body's key last read
  private afterColon = false; // in the body's object, between a key's colon and the next comma
  /** Where the question arriving starts, while one is. */
  private questionStart: number | undefined;
  private questionCount = 0;
  private looked = 0; // how much of the arriving question the last look read
  // Undefined until the body's first character: shown when it opens JSON (or a fence), never for
  // a body of prose (an open tag the model narrated into, which never becomes a form).
  private shown: boolean | undefined;

  /** `onChange` is called when the view shows something new. */
  constructor(
    attributes: string,
    private readonly text: (from: number, to: number) => string,
    private readonly onChange: () => void,
  ) {
    this.head = readAttributes(attributes, 0, () => BareReport.start());
  }

  /** The form's id as the view shows it: stable until the body's id has arrived whole. */
  get id(): string {
    return this.head.id ?? DEFAULT_FORM_ID;
  }

  /** A string opens at offset `at`. */
  stringOpened(at: number): void {
    this.stringStart = at;
  }

  /** A string closed by the quote at `at`: in the body's object, a key, or a value shown if its key's first. */
  stringClosed(at: number): void {
    if (this.depth !== 1) return;
    const value = jsonString(`"${this.text(this.stringStart, at)}"`);
    const key = this.key as keyof Head;
    if (!this.afterColon) this.key = value ?? "";
    else if (value !== undefined && HEAD_KEYS.includes(key) && this.head[key] === undefined) {
      this.head[key] = value;
      if (this.shown) this.onChange();
    }
  }

  /** `c`, outside strings, at `at` (of the block text, as every offset here). */
  structure(c: string, at: number): void {
    if (this.shown === undefined && !" \t\n\r".includes(c)) {
      this.shown = c === "{" || c === "[" || c === "`";
      if (this.shown) this.onChange();
    }
    if (c === "{" || c === "[") {
      // The questions are the body's `questions` array, or the body when it is an array.
      const questions =
        this.depth === 0 ? this.questionsDepth === undefined : this.afterColon && this.key === "questions";
      if (c === "[" && questions) this.questionsDepth = this.depth + 1;
      else if (c === "{" && this.depth === this.questionsDepth) {
        this.questionStart = at;
        this.looked = 0;
      }
      this.depth++;
      this.afterColon = false;
    } else if (c === "}" || c === "]") {
      this.depth--;
      if (c === "}" && this.depth === this.questionsDepth && this.questionStart !== undefined) {
        const field = readQuestion(this.text(this.questionStart, at + 1), this.questionCount++);
        const had = this.arriving !== undefined;
        this.arriving = undefined;
        this.questionStart = undefined;
        if (field !== undefined) this.fields = [...this.fields, field];
        if (this.shown && (field !== undefined || had)) this.onChange();
      }
    } else if ((c === ":" || c === ",") && this.depth === 1) this.afterColon = c === ":";
  }

  /**
   * After a chunk: the question still arriving, as far as it has arrived (`end`: where the block so
   * far ends). Each look reads it whole, so it looks again only once it has grown by a quarter (and
   * 16 characters) since: over a stream of tiny chunks, the reads add up to a few times its size.
   */
  look(end: number): void {
    const start = this.questionStart;
    if (start === undefined) return;
    const length = end - start;
    if (length > MAX_ARRIVING || length - this.looked < Math.max(16, this.looked / 4)) return;
    this.looked = length;
    const field = readQuestion(this.text(start, end), this.questionCount, true);
    if (field === undefined || JSON.stringify(field) === JSON.stringify(this.arriving)) return;
    this.arriving = field;
    if (this.shown) this.onChange();
  }
}
