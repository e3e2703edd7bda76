import type { Field, FormModel, Issue } from "../../model/index.js";
import { named, problem, quoted, warning } from "../../model/index.js";
import { aboutFirst, sentence } from "../report/words.js";
import * as answerText from "./answer-text.js";

// Where each answer of an answer message is (docs/question-form.md, "Answers"): its lines are classified once
// (`AnswerLines`), then folded into entries (`findEntries`) and each entry's lines (`answerLines`);
// read-answers.ts reads the header and each answer's text.

/**
 * An issue about the line at `index` (0-based) of the message, said as a sentence by the one wording rule
 * (src/protocols/report/words.ts), led by the question `field` when it is about one.
 */
export function onLine(issue: Issue, index: number, field?: Field): Issue {
  const message = aboutFirst(sentence(issue.message), field && { question: field.id });
  return { ...issue, message, ...(field && { question: field.id }), line: index + 1, column: 1 };
}

/**
 * A bracketed line (`[uploaded design files]`, `[attached: 2 files]`): after a blank line, a block the host appended.
 */
const APPENDIX = /^\[[^\]]*\]\s*$/;

/**
 * What a line is: blank; another form's header or a bracketed line (where the answers may end); a bullet (`- x`), one
 * shaped as an entry whatever its label (`shaped`); indented as formgate writes an answer's later lines; other text.
 */
type Line =
  | { kind: "blank" | "header" | "appendix" | "indented" | "text" }
  | { kind: "bullet"; bullet: string; after: string; shaped: boolean };

/**
 * The lines of a message, each classified once, with two running indices, so that for any run of lines where its
 * text ends and whether formgate indented it are known without looking at its lines again.
 */
export class AnswerLines {
  readonly kinds: Line[];
  /** Where the answers end: the message's end, or where `endAnswers` found another header or an appendix. */
  end: number;
  /** `lastText[i]`: the last line at or before `i` with text (-1: none). */
  private readonly lastText: Int32Array;
  /** `lastFlush[i]`: the last line at or before `i` neither empty nor indented (-1: none). */
  private readonly lastFlush: Int32Array;

  constructor(readonly text: string[]) {
    this.end = text.length;
    this.lastText = new Int32Array(text.length);
    this.lastFlush = new Int32Array(text.length);
    this.kinds = text.map((line, i) => {
      const kind = classify(line);
      this.lastText[i] = kind.kind === "blank" ? (this.lastText[i - 1] ?? -1) : i;
      this.lastFlush[i] = line === "" || line.startsWith(answerText.INDENT) ? (this.lastFlush[i - 1] ?? -1) : i;
      return kind;
    });
  }

  /** The first line with text (-1: none). */
  get first(): number {
    return this.kinds.findIndex((line) => line.kind !== "blank");
  }

  isBlank = (i: number): boolean => this.kinds[i]?.kind === "blank";
  isIndented = (i: number): boolean => (this.text[i] as string).startsWith(answerText.INDENT);

  /** Where the lines after `entry`, up to `end`, end without their trailing blank ones. */
  laterEnd(entry: number, end: number): number {
    return end > entry + 1 ? Math.max(entry + 1, (this.lastText[end - 1] as number) + 1) : entry + 1;
  }

  /** Whether lines [from, to) are formgate's writing of an answer's later lines: some, each indented or empty. */
  writtenIndented(from: number, to: number): boolean {
    return to > from && (this.lastFlush[to - 1] as number) < from;
  }

  /**
   * Where the answers end, after the header at `first`: at another header (another form's answers, in a message that
   * mimics one) or at a bracketed line after a blank line (a block the host appended); neither is read.
   */
  endAnswers(first: number, warnings: Issue[]): void {
    for (let i = first + 1; i < this.text.length; i++) {
      const { kind } = this.kinds[i] as Line;
      if (kind !== "header" && !(kind === "appendix" && this.isBlank(i - 1))) continue;
      const message =
        kind === "header"
          ? "another `[form answers — …]` header begins here, and what follows is not part of these answers"
          : "a block the host appended begins here, and it is not part of the answers";
      warnings.push(onLine(warning("ignored_text", [], message), i));
      this.end = i;
      return;
    }
  }
}

function classify(line: string): Line {
  if (line.trim() === "") return { kind: "blank" };
  if (answerText.HEADER.test(line) && !/^\s/.test(line)) return { kind: "header" };
  if (APPENDIX.test(line)) return { kind: "appendix" };
  const bullet = answerText.BULLET.exec(line);
  if (bullet !== null) {
    const after = line.slice(bullet[0].length);
    return { kind: "bullet", bullet: bullet[1] as string, after, shaped: answerText.ENTRY_SHAPE.test(line) };
  }
  return { kind: line.startsWith(answerText.INDENT) ? "indented" : "text" };
}

export interface Entry {
  /** The question it answers; none for a stray entry (shaped as one, naming no question): it is not read. */
  field?: Field;
  line: number;
  rest: string;
  /** A second answer to a question: it ends the answer above, and is not read. */
  repeated?: boolean;
}

/**
 * Whether a question's answer can span lines as they were typed: only a long text's input (a
 * textarea) takes a second line, and open-design writes its lines as typed, unindented.
 */
const takesLines = (field: Field): boolean => field.kind === "text" && field.multiline === true;

/**
 * Entry lines: `- <label>:` (or `* <label>:`) of a question, by preference the first one not
 * yet answered at or after the previous entry's question (so two questions with one label are
 * told apart by position), else an earlier one (lines out of order), else the label in another
 * letter case. An indented line always continues the answer above (formgate indents them), so
 * a person's text cannot start an answer to another question. A line shaped as an entry whose
 * label names no question (a stray entry) ends the answer above unless it can be one of its
 * lines: only a long text's can span lines unindented (`takesLines`), and not one formgate wrote.
 */
export function findEntries(lines: AnswerLines, form: FormModel, issues: Issue[], warnings: Issue[]): Entry[] {
  const entries: Entry[] = [];
  const labels = new EntryLabels(form);
  const answeredAt = new Map<number, number>();
  /** The entry whose answer a stray entry was found to be part of. */
  let continued: Entry | null = null;
  let next = 0;
  for (let i = lines.first + 1; i < lines.end; i++) {
    const line = lines.kinds[i] as Line;
    if (line.kind !== "bullet") continue;
    const found = labels.find(line.after, next, answeredAt);
    if (found === undefined) {
      const above = entries.at(-1);
      // Once a stray entry is part of an answer, so is every later one (its lines are no longer formgate's alone).
      if (above === continued || !line.shaped) continue;
      const more = lines.laterEnd(above?.line ?? 0, i);
      if (above?.field !== undefined && takesLines(above.field) && !lines.writtenIndented(above.line + 1, more))
        continued = above;
      else entries.push({ line: i, rest: "" });
      continue;
    }
    const field = form.fields[found.index] as Field;
    const rest = line.after.slice(found.length).replace(/^ /, "");
    const first = answeredAt.get(found.index);
    if (first !== undefined) {
      const message = `it is answered again (first on line ${first + 1}), so which answer was meant is not known`;
      issues.push(onLine(problem("repeated_answer", [field.id], message), i, field));
      entries.push({ field, line: i, rest, repeated: true });
      continue;
    }
    const warn = (code: "paraphrased_entry" | "out_of_order_answer", message: string) =>
      warnings.push(onLine(warning(code, [field.id], message), i, field));
    if (line.bullet === "*") warn("paraphrased_entry", "a `*` bullet is read as `-`");
    if (found.folded)
      warn(
        "paraphrased_entry",
        `its label is written in another letter case, and read as "${answerText.lineLabel(field)}"`,
      );
    if (found.index < next) warn("out_of_order_answer", "it is answered after a later question, and read by its label");
    entries.push({ field, line: i, rest });
    answeredAt.set(found.index, i);
    next = Math.max(next, found.index + 1);
  }
  return entries;
}

/**
 * The lines of entry `index` after its own (up to the next entry's, or the text after the last answer), and the
 * warnings about the lines it does not read; undefined for an entry that is not read (a repeat, a stray entry).
 */
export function answerLines(lines: AnswerLines, entries: Entry[], index: number, warnings: Issue[]) {
  const entry = entries[index] as Entry;
  if (entry.repeated) return undefined;
  const next = entries[index + 1]?.line ?? trailingEnd(lines, entry.line, warnings);
  const { field } = entry;
  if (field === undefined) {
    const above = entries[index - 1]?.field;
    const ends = above === undefined ? "" : `; the answer to ${named(above.id)} ends above it`;
    const message =
      `the line ${quoted(lines.text[entry.line])} names no question of the form, so it is not read as an answer` +
      `${norAfter(lines, entry.line, next)}${ends}`;
    return void warnings.push(onLine(warning("unknown_field", [], message), entry.line));
  }
  const to = lines.laterEnd(entry.line, oneLineEnd(lines, field, entry, next, warnings));
  for (let i = entry.line + 1; i < to; i++) {
    const line = lines.kinds[i] as Line;
    if (line.kind !== "bullet" || !line.shaped) continue;
    const message =
      `the line ${quoted(lines.text[i])} names no question of the form, so it is read as part of this answer, ` +
      "whose lines may be written unindented (open-design writes a long answer as typed)";
    warnings.push(onLine(warning("unknown_field", [field.id], message), i, field));
  }
  const indented = lines.writtenIndented(entry.line + 1, to);
  const more = lines.text.slice(entry.line + 1, to);
  return { field, more: indented ? more.map((line) => line.slice(answerText.INDENT.length)) : more };
}

/** Where the last answer ends: at a blank line followed by unindented text (a block the host appended). */
function trailingEnd(lines: AnswerLines, from: number, warnings: Issue[]): number {
  for (let i = from + 1; i < lines.end; i++) {
    if (!lines.isBlank(i)) continue;
    let j = i;
    while (j < lines.end && lines.isBlank(j)) j++;
    if (j < lines.end && !lines.isIndented(j)) {
      const message = "text after the answers (following a blank line) is not part of them";
      warnings.push(onLine(warning("ignored_text", [], message), j));
      return i;
    }
    i = j; // the blank run is settled: resume after it, so long runs stay linear
  }
  return lines.end;
}

/**
 * Where an answer that can only be one line (any but a long text's, `takesLines`) ends, before
 * `end`: at an unindented line after its first line (the entry's, or the next with text when the
 * entry's has none). Its input takes no second line and formgate indents every line after the
 * first, so such a line is not part of it: it and the lines after it up to `end` are not read
 * (an `ignored_text` warning at its line, naming the question). Indented lines still continue it.
 */
function oneLineEnd(lines: AnswerLines, field: Field, entry: Entry, end: number, warnings: Issue[]): number {
  if (takesLines(field)) return end;
  let started = entry.rest.trim() !== "";
  for (let i = entry.line + 1; i < end; i++) {
    if (lines.isBlank(i)) continue;
    if (!started) started = true;
    else if (!lines.isIndented(i)) {
      const message =
        `the line ${quoted(lines.text[i])} is not read${norAfter(lines, i, end)}: the answer to ` +
        `${named(field.id)} above it can only be one line`;
      warnings.push(onLine(warning("ignored_text", [], message), i));
      return i;
    }
  }
  return end;
}

/** What the line at `at`, not read, takes with it up to `end`, for its warning: ` (nor the line after it)`, or "". */
function norAfter(lines: AnswerLines, at: number, end: number): string {
  const more = lines.laterEnd(at, end) - at - 1;
  return more === 0 ? "" : ` (nor ${more === 1 ? "the line" : `the ${more} lines`} after it)`;
}

/** A question whose label starts a line: its index, the label's length, and whether its letter case differs. */
interface Found {
  index: number;
  length: number;
  folded: boolean;
}

/**
 * The questions' entry labels (`<label>:`), to find which question a line answers. Only the
 * line's prefixes as long as some label, and ending in `:`, are looked up, so a long message
 * against a long form costs what its lines cost, not lines × questions (nor lines × label length²).
 */
class EntryLabels {
  private readonly labels: string[];
  /** The questions by their label in lower case. */
  private readonly byFolded = new Map<string, number[]>();
  /** The distinct lengths of the labels, shortest first. */
  private readonly lengths: number[];

  constructor(form: FormModel) {
    this.labels = form.fields.map((field) => `${answerText.lineLabel(field)}:`);
    this.labels.forEach((label, index) => {
      const same = this.byFolded.get(label.toLowerCase());
      if (same === undefined) this.byFolded.set(label.toLowerCase(), [index]);
      else same.push(index);
    });
    this.lengths = [...new Set(this.labels.map((label) => label.length))].sort((a, b) => a - b);
  }

  /**
   * The question `line` answers: the first unanswered one at or after `next` whose label starts
   * the line, else the first unanswered earlier one; the label as written, else in another
   * letter case (`folded`). Only answered ones match: the first of them (a repeat).
   */
  find(line: string, next: number, answered: ReadonlyMap<number, number>): Found | undefined {
    const found: Found[] = [];
    for (const length of this.lengths) {
      if (length > line.length) break;
      if (line.charCodeAt(length - 1) !== 0x3a /* : */) continue;
      const prefix = line.slice(0, length);
      for (const index of this.byFolded.get(prefix.toLowerCase()) ?? [])
        found.push({ index, length, folded: this.labels[index] !== prefix });
    }
    found.sort((a, b) => a.index - b.index);
    const open = found.filter((c) => !answered.has(c.index));
    const exact = (c: Found) => !c.folded;
    const atOrAfter = (c: Found) => c.index >= next;
    return (
      open.find((c) => exact(c) && atOrAfter(c)) ??
      open.find(exact) ??
      open.find(atOrAfter) ??
      open[0] ??
      found.find(exact) ??
      found[0]
    );
  }
}
