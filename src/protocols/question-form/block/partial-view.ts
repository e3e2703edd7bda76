import type { Field } from "../../../model/index.js";
import { JsonString, jsonString } from "../../../model/json-text.js";
import { MAX_ARRIVING } from "../limits.js";
import { DEFAULT_FORM_ID } from "../types.js";
import { readAttributes } from "./attributes.js";
import { Findings } from "./findings.js";
import { readQuestion } from "./read-block.js";

/** The form keys a view shows once their string has arrived whole. */
const HEAD_KEYS = ["id", "title", "description", "submitLabel", "lang"] as const;
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
    private readonly text: (from: number, to: number) => string,
    private readonly onChange: () => void,
  ) {
    this.tag = readAttributes(attributes, 0, new Findings());
  }

  /** The form's id as the view shows it: stable until the body's id has arrived whole. */
  get id(): string {
    return this.tag.id ?? this.body.id ?? DEFAULT_FORM_ID;
  }

  /** What the view shows of the form's keys (`id` aside). */
  get head(): Omit<Head, "id"> {
    // Both hold only the keys that were written.
    const head = { ...this.body, ...this.tag };
    delete head.id;
    return head;
  }

  /** A string opens at offset `at` of the block text. */
  stringOpened(at: number): void {
    this.stringStart = at;
    this.stringIsHeadValue =
      this.depth === 1 && this.afterColon && (HEAD_KEYS as readonly string[]).includes(this.pendingKey ?? "");
  }

  /** A string closed by the quote at `at`. */
  stringClosed(at: number): void {
    this.lastString = this.text(this.stringStart, at);
    if (!this.stringIsHeadValue) return;
    this.stringIsHeadValue = false;
    const value = jsonString(`"${this.lastString}"`);
    const key = this.pendingKey as (typeof HEAD_KEYS)[number];
    if (value !== undefined && this.body[key] === undefined) {
      this.body[key] = value;
      if (this.tag[key] === undefined) this.changed();
    }
  }

  /** `c`, outside strings, at `at`. */
  structure(c: string, at: number): void {
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
        this.questionStart = at;
        this.looked = 0;
      }
      this.depth++;
      this.pendingKey = undefined;
      this.afterColon = false;
    } else if (c === "}" || c === "]") {
      this.depth--;
      if (c === "}" && this.depth === this.questionsDepth && this.questionStart >= 0) {
        this.completeQuestion(this.text(this.questionStart, at + 1));
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
   * After a chunk: the question still arriving, as far as it has arrived (`end`: where the block so
   * far ends). Each look reads it whole, so it looks again only once it has grown by a quarter (and
   * 16 characters) since: over a stream of tiny chunks, the reads add up to a few times its size.
   */
  look(end: number): void {
    const length = end - this.questionStart;
    if (this.questionStart < 0 || length > MAX_ARRIVING || length - this.looked < Math.max(16, this.looked / 4)) return;
    this.looked = length;
    const closed = closeJsonPrefix(this.text(this.questionStart, end));
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

const SCALAR = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)$/;

/**
 * A JSON text cut anywhere, closed into valid JSON: what has arrived of it, as far as it can
 * be read. An unterminated string value is closed where it stops (a key is dropped, with its
 * member); a number or literal is kept when complete; containers are closed. Undefined when
 * nothing of it can be read.
 */
function closeJsonPrefix(text: string): string | undefined {
  const closers: string[] = [];
  const string = new JsonString();
  let inString = false;
  let expectKey = false; // in an object, before a member's name
  let stringIsKey = false;
  let token = -1; // start of a number or literal being read
  let safe = -1; // the longest prefix that, closed, is valid
  let safeClosers = "";
  const mark = (at: number): void => {
    safe = at;
    safeClosers = closers.slice().reverse().join("");
  };
  for (let i = 0; i < text.length; i++) {
    if (inString) {
      i = string.end(text, i);
      if (i === text.length) break;
      inString = false;
      if (text[i] === '"' && !stringIsKey) mark(i + 1);
      continue;
    }
    const c = text[i] as string;
    if (token >= 0) {
      if (/[\w.+-]/.test(c)) continue;
      if (!SCALAR.test(text.slice(token, i))) break;
      token = -1;
      mark(i);
    }
    if (c === '"') {
      inString = true;
      stringIsKey = expectKey && closers[closers.length - 1] === "}";
      expectKey = false;
    } else if (c === "{" || c === "[") {
      closers.push(c === "{" ? "}" : "]");
      expectKey = c === "{";
      mark(i + 1);
    } else if (c === "}" || c === "]") {
      closers.pop();
      expectKey = false;
      mark(i + 1);
    } else if (c === ",") expectKey = closers[closers.length - 1] === "}";
    else if (c === ":") expectKey = false;
    else if (/[-0-9tfn]/.test(c)) token = i;
  }
  const end = closers.slice().reverse().join("");
  const candidates: string[] = [];
  if (inString && !stringIsKey)
    candidates.push(`${text.slice(0, string.escaped ? -1 : text.length).replace(/\\u[0-9a-fA-F]{0,3}$/, "")}"${end}`);
  else if (!inString && token >= 0 && SCALAR.test(text.slice(token))) candidates.push(text + end);
  if (safe >= 0) candidates.push(text.slice(0, safe) + safeClosers);
  for (const candidate of candidates) {
    try {
      JSON.parse(candidate);
      return candidate;
    } catch {
      // the next, shorter reading
    }
  }
  return undefined;
}
