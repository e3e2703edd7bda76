import type { AnswerValue, Field, FormModel, FormResponse, Issue, Result } from "../../model/index.js";
import type { ReadAnswersOptions } from "../protocol.js";
import {
  emptyRecord,
  failure,
  isUnanswered,
  named,
  problem,
  quoted,
  success,
  validateAnswers,
  warning,
} from "../../model/index.js";
import { jsonString } from "../../text/json-text.js";
import * as answerText from "./answer-text.js";
import { Unreadable, readValue } from "./answer-values.js";
import { DEFAULT_FORM_ID } from "./limits.js";

/**
 * A bracketed line (`[uploaded design files]`, `[attached: 2 files]`): after a blank line, a block the host appended.
 */
const APPENDIX = /^\[[^\]]*\]\s*$/;

/** An issue about the line at `index` (0-based) of the message. */
const onLine = (issue: Issue, index: number): Issue => ({ ...issue, line: index + 1, column: 1 });

/** What an answer message says, before it is checked against the form's rules. */
export interface ParsedAnswers {
  answers: Record<string, AnswerValue>;
  /** Required questions the person skipped (`(skipped)`): the stepped renderer lets them. */
  skipped: Set<string>;
  issues: Issue[];
  warnings: Issue[];
}

/**
 * Reads an answer message and checks it against the form; nothing is applied on any problem.
 * The text is read here (what it says, and whether it can say it); what the answers may be is
 * the model's one check (`validateAnswers`).
 */
export function readAnswers(input: unknown, form: FormModel, options: ReadAnswersOptions = {}): Result<FormResponse> {
  if (typeof input !== "string")
    return failure("invalid_response", [problem("invalid_type", [], "an answer message must be text")]);
  const dismissal = readDismissal(input, form);
  if (dismissal !== undefined) return dismissal;
  const parsed = parseAnswerMessage(input, form, options);
  const issues = [...parsed.issues, ...answerRuleIssues(form, parsed)];
  if (issues.length > 0) return failure("invalid_response", issues);
  const skipped = [...parsed.skipped];
  return success(
    skipped.length === 0
      ? { action: "accept", answers: parsed.answers }
      : { action: "accept", answers: parsed.answers, skipped },
    parsed.warnings,
  );
}

/**
 * The form's answer rules over what was read, so every problem is reported at once: none when
 * the message itself is wrong (not answers, another form), and none again for an answer that
 * was already unreadable (it would only be reported missing).
 */
function answerRuleIssues(form: FormModel, parsed: ParsedAnswers): Issue[] {
  if (parsed.issues.some((issue) => issue.path.length === 0)) return [];
  const unreadable = new Set(parsed.issues.map((issue) => issue.path[0]));
  return validateAnswers(form, parsed.answers, [], [...parsed.skipped]).filter(
    (issue) => !unreadable.has(issue.path[0]),
  );
}

/**
 * A decline or a cancel, when the message is the notice `writeAnswers` writes for one (`[form declined — id]`,
 * `[form cancelled — id]`); undefined for any other message.
 */
function readDismissal(text: string, form: FormModel): Result<FormResponse> | undefined {
  const { first, header, id } = readHeader(messageLines(text), answerText.DISMISSAL);
  if (header === null) return undefined;
  const expected = form.id ?? DEFAULT_FORM_ID;
  if (id !== expected) {
    const message = `the notice is for the form ${quoted(id)}, not ${quoted(expected)}`;
    return failure("invalid_response", [onLine(problem("wrong_form", [], message), first)]);
  }
  return success({ action: header[1]?.toLowerCase() === "declined" ? "decline" : "cancel" });
}

/** The form id an answer message's header names; undefined without a header or an id. */
export function answersFormId(input: unknown): string | undefined {
  return typeof input === "string" ? readHeader(messageLines(input)).id || undefined : undefined;
}

const messageLines = (text: string): string[] => text.replace(/\r\n?/g, "\n").split("\n");

/**
 * The header: the first line that is not blank, when it reads as one (`answerText.HEADER`, or `shape`), and the id it
 * names ("" for none), bare or quoted as a JSON string (as formgate writes ids that need it).
 */
function readHeader(
  lines: string[],
  shape = answerText.HEADER,
): { first: number; header: RegExpExecArray | null; id: string } {
  const first = lines.findIndex((line) => line.trim() !== "");
  const header = first === -1 ? null : shape.exec(lines[first] as string);
  const written = (header?.[2] ?? header?.[4] ?? "").trim();
  return { first, header, id: jsonString(written) ?? written };
}

/**
 * What the user message after a form says of it (docs/question-form.md, "Answers"): the answers
 * it sends, when it is the form's `[form answers — id]` message (as written, those it could not
 * read left out, its rules not applied: it was sent already); a decline or cancel, when it is the
 * form's dismissal notice (`writeDismissal`); undefined when it is anything else.
 */
export function readReply(reply: string, form: FormModel): FormResponse | undefined {
  const dismissal = readDismissal(reply, form);
  if (dismissal !== undefined) return dismissal.ok ? dismissal.value : undefined;
  const { header, id } = readHeader(messageLines(reply));
  if (header === null || (id !== "" && id !== (form.id ?? DEFAULT_FORM_ID))) return undefined;
  const { answers, skipped } = parseAnswerMessage(reply, form);
  return skipped.size === 0 ? { action: "accept", answers } : { action: "accept", answers, skipped: [...skipped] };
}

/** Splits an answer message into per-question answers, without the form's answer rules. */
export function parseAnswerMessage(text: string, form: FormModel, options: ReadAnswersOptions = {}): ParsedAnswers {
  const parsed: ParsedAnswers = { answers: emptyRecord(), skipped: new Set(), issues: [], warnings: [] };
  const { answers, issues, warnings } = parsed;
  const lines = messageLines(text);
  const { first, header, id } = readHeader(lines);
  if (header === null) {
    const message = "the message does not begin with `[form answers — <form id>]`";
    issues.push(onLine(problem("not_an_answer_message", [], message), first));
    return parsed;
  }
  if (header[3] !== undefined || header[1] === ":") {
    const message = `the header is a paraphrase ("${header[0].trim()}"), and it is read as \`[form answers — <id>]\``;
    warnings.push(onLine(warning("paraphrased_header", [], message), first));
  }
  const expected = form.id ?? DEFAULT_FORM_ID;
  if (id === "") {
    const message = `the header names no form, so it is read as answering "${expected}"`;
    warnings.push(onLine(warning("missing_form_id", [], message), first));
  } else if (id !== expected) {
    issues.push(onLine(problem("wrong_form", [], `the answers are for the form "${id}", not "${expected}"`), first));
    return parsed;
  }

  lines.length = answersEnd(lines, first, warnings);
  const entries = findEntries(lines, first + 1, form, parsed);
  const firstEntry = entries[0]?.line ?? lines.length;
  for (let i = first + 1; i < firstEntry; i++) {
    if ((lines[i] as string).trim() !== "")
      warnings.push(onLine(warning("ignored_text", [], "text before the first answer is ignored"), i));
  }

  entries.forEach((entry, index) => {
    if (entry.repeated) return;
    const next = entries[index + 1]?.line ?? trailingEnd(lines, entry.line, warnings);
    if (entry.field === undefined)
      return void warnings.push(strayWarning(lines, entry, entries[index - 1], laterLines(lines, entry.line, next)));
    const { field } = entry;
    const more = laterLines(lines, entry.line, oneLineEnd(lines, field, entry, next, warnings));
    more.forEach((line, k) => {
      if (!answerText.ENTRY_SHAPE.test(line)) return;
      const message =
        `the line ${quoted(line)} names no question of the form, so it is read as part of this answer, ` +
        "whose lines may be written unindented (open-design writes a long answer as typed)";
      warnings.push(onLine(warning("unknown_field", [field.id], message), entry.line + 1 + k));
    });
    const indented = writtenIndented(more);
    const value = [entry.rest, ...more.map((line) => (indented ? line.slice(answerText.INDENT.length) : line))]
      .join("\n")
      .trim();
    if (isUnanswered(value) || value.toLowerCase() === answerText.SKIPPED) {
      if (field.required) parsed.skipped.add(field.id);
      return;
    }
    const read = readValue(field, value, options);
    if (read instanceof Unreadable)
      issues.push(onLine(problem("unreadable_answer", [field.id], read.message), entry.line));
    else answers[field.id] = read;
  });
  return parsed;
}

/**
 * Where the answers end: at another header (another form's answers, in a message that mimics
 * one) or at a bracketed line after a blank line (a block the host appended); neither is read.
 */
function answersEnd(lines: string[], first: number, warnings: Issue[]): number {
  const end = lines.findIndex(
    (line, i) =>
      i > first &&
      ((answerText.HEADER.test(line) && !/^\s/.test(line)) ||
        (APPENDIX.test(line) && (lines[i - 1] as string).trim() === "")),
  );
  if (end === -1) return lines.length;
  const message = answerText.HEADER.test(lines[end] as string)
    ? "another `[form answers — …]` header begins here, and what follows is not part of these answers"
    : "a block the host appended begins here, and it is not part of the answers";
  warnings.push(onLine(warning("ignored_text", [], message), end));
  return end;
}

interface Entry {
  /** The question it answers; none for a stray entry (shaped as one, naming no question): it is not read. */
  field?: Field;
  line: number;
  rest: string;
  /** A second answer to a question: it ends the answer above, and is not read. */
  repeated?: boolean;
}

/** An answer's lines after its entry's, up to `end`, without trailing blank ones. */
function laterLines(lines: string[], entry: number, end: number): string[] {
  const more = lines.slice(entry + 1, end);
  while (more.length > 0 && (more[more.length - 1] as string).trim() === "") more.pop();
  return more;
}

/** Whether a line is indented as formgate writes every line of an answer after its first. */
const indented = (line: string): boolean => line.startsWith(answerText.INDENT);

/** Whether an answer's later lines are formgate's writing: each indented (a blank one empty). */
function writtenIndented(more: string[]): boolean {
  return more.length > 0 && more.every((line) => line === "" || indented(line));
}

/**
 * Whether a question's answer can span lines as they were typed: only a long text's input (a
 * textarea) takes a second line, and open-design writes its lines as typed, unindented.
 */
function takesLines(field: Field): boolean {
  return field.kind === "text" && field.multiline === true;
}

/**
 * Whether a stray entry can be a line of the answer above it: only a long text's can span lines
 * unindented (`takesLines`), and not one formgate wrote (it indents every line after the first,
 * so an unindented line is not among them).
 */
function continuesAnswer(field: Field, more: string[]): boolean {
  return takesLines(field) && !writtenIndented(more);
}

/**
 * Where an answer that can only be one line (any but a long text's, `takesLines`) ends, before
 * `end`: at an unindented line after its first line (the entry's, or the next with text when the
 * entry's has none). Its input takes no second line and formgate indents every line after the
 * first, so such a line is not part of it: it and the lines after it up to `end` are not read
 * (an `ignored_text` warning at its line, naming the question). Indented lines still continue it.
 */
function oneLineEnd(lines: string[], field: Field, entry: Entry, end: number, warnings: Issue[]): number {
  if (takesLines(field)) return end;
  let started = entry.rest.trim() !== "";
  for (let i = entry.line + 1; i < end; i++) {
    const line = lines[i] as string;
    if (line.trim() === "") continue;
    if (!started) started = true;
    else if (!indented(line)) {
      const message =
        `the line ${quoted(line)} is not read${norAfter(laterLines(lines, i, end))}: the answer to ` +
        `${named(field.id)} above it can only be one line`;
      warnings.push(onLine(warning("ignored_text", [], message), i));
      return i;
    }
  }
  return end;
}

/** What a line that is not read takes with it, for its warning: ` (nor the line after it)`, or nothing. */
function norAfter(more: string[]): string {
  return more.length === 0 ? "" : ` (nor ${more.length === 1 ? "the line" : `the ${more.length} lines`} after it)`;
}

/** The warning for a stray entry that is not read: its line, the lines after it, and the answer it ends. */
function strayWarning(lines: string[], stray: Entry, above: Entry | undefined, more: string[]): Issue {
  const ends = above?.field === undefined ? "" : `; the answer to ${named(above.field.id)} ends above it`;
  const message =
    `the line ${quoted(lines[stray.line])} names no question of the form, so it is not read as an answer` +
    `${norAfter(more)}${ends}`;
  return onLine(warning("unknown_field", [], message), stray.line);
}

/**
 * Entry lines: `- <label>:` (or `* <label>:`) of a question, by preference the first one not
 * yet answered at or after the previous entry's question (so two questions with one label are
 * told apart by position), else an earlier one (lines out of order), else the label in another
 * letter case. An indented line always continues the answer above (formgate indents them), so
 * a person's text cannot start an answer to another question. A line shaped as an entry whose
 * label names no question (a stray entry) ends the answer above unless it can be one of its
 * lines (`continuesAnswer`).
 */
function findEntries(lines: string[], from: number, form: FormModel, { issues, warnings }: ParsedAnswers): Entry[] {
  const entries: Entry[] = [];
  const labels = new EntryLabels(form);
  const answeredAt = new Map<number, number>();
  /** The entry whose answer a stray entry was found to be part of. */
  let continued: Entry | null = null;
  let next = 0;
  for (let i = from; i < lines.length; i++) {
    const bullet = answerText.BULLET.exec(lines[i] as string);
    if (bullet === null) continue;
    const after = (lines[i] as string).slice(bullet[0].length);
    const found = labels.find(after, next, answeredAt);
    if (found === undefined) {
      const above = entries.at(-1);
      // Once a stray entry is part of an answer, so is every later one (its lines are no longer formgate's alone):
      // each answer's lines are looked at once, so a long answer costs what its lines cost.
      if (above === continued || !answerText.ENTRY_SHAPE.test(lines[i] as string)) continue;
      if (above?.field !== undefined && continuesAnswer(above.field, laterLines(lines, above.line, i)))
        continued = above;
      else entries.push({ line: i, rest: "" });
      continue;
    }
    const field = form.fields[found.index] as Field;
    const rest = after.slice(found.length).replace(/^ /, "");
    const first = answeredAt.get(found.index);
    if (first !== undefined) {
      const message = `it is answered again (first on line ${first + 1}), so which answer was meant is not known`;
      issues.push(onLine(problem("repeated_answer", [field.id], message), i));
      entries.push({ field, line: i, rest, repeated: true });
      continue;
    }
    const warn = (code: "paraphrased_entry" | "out_of_order_answer", message: string) =>
      warnings.push(onLine(warning(code, [field.id], message), i));
    if (bullet[1] === "*") warn("paraphrased_entry", "a `*` bullet is read as `-`");
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

/** Where the last answer ends: at a blank line followed by unindented text (a block the host appended). */
function trailingEnd(lines: string[], from: number, warnings: Issue[]): number {
  for (let i = from + 1; i < lines.length; i++) {
    if ((lines[i] as string).trim() !== "") continue;
    let j = i;
    while (j < lines.length && (lines[j] as string).trim() === "") j++;
    if (j < lines.length && !indented(lines[j] as string)) {
      const message = "text after the answers (following a blank line) is not part of them";
      warnings.push(onLine(warning("ignored_text", [], message), j));
      return i;
    }
    i = j; // the blank run is settled: resume after it, so long runs stay linear
  }
  return lines.length;
}
