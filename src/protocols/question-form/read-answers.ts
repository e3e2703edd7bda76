import type {
  AnswerValue,
  Field,
  FileField,
  FormModel,
  FormResponse,
  Issue,
  IssueCode,
  PathSegment,
  Result,
} from "../../model/index.js";
import type { ReadAnswersOptions } from "../protocol.js";
import {
  awaitsCatalog,
  emptyRecord,
  failure,
  fileUrlFromPath,
  ownValue,
  problem,
  success,
  validateAnswers,
  warning,
} from "../../model/index.js";
import { jsonString } from "../../model/json-text.js";
import { FILE_URI_START, SKIPPED, answerOptions, lineLabel } from "./answer-text.js";
import { DEFAULT_FORM_ID } from "./types.js";

// `[form answers — id]` (em dash, en dash or hyphen), and the paraphrases the renderer accepts
// and its replay tests write: `[form answers for id]`, `[form answers: id]`.
const HEADER = /^\s*\[form answers(?:\s*([\u2014\u2013-]+|:)\s*(.*)|\s+(for)\s+(.*))?\]\s*$/i;
/**
 * A bracketed line (`[uploaded design files]`, `[attached: 2 files]`): after a blank line, a block the host appended.
 */
const APPENDIX = /^\[[^\]]*\]\s*$/;

/** An issue (`problem` or `warning`) about the line at `index` (0-based) of the message. */
function onLine(make: typeof problem, code: IssueCode, path: PathSegment[], message: string, index: number): Issue {
  return { ...make(code, path, message), line: index + 1, column: 1 };
}

/** What an answer message says, before it is checked against the form's rules. */
export interface ParsedAnswers {
  answers: Record<string, AnswerValue>;
  /** Required questions the person skipped (`(skipped)`): the stepped renderer lets them. */
  skipped: Set<string>;
  issues: Issue[];
  warnings: Issue[];
}

/** Reads an answer message and checks it against the form; nothing is applied on any problem. */
export function readAnswers(input: unknown, form: FormModel, options: ReadAnswersOptions = {}): Result<FormResponse> {
  if (typeof input !== "string")
    return failure("invalid_response", [problem("invalid_type", [], "an answer message must be text")]);
  const parsed = parseAnswerMessage(input, form, options);
  const issues = [...parsed.issues, ...answerRuleIssues(form, parsed)];
  if (issues.length > 0) return failure("invalid_response", issues);
  return success({ action: "accept", answers: parsed.answers }, parsed.warnings);
}

/**
 * The form's answer rules over what was read, so every problem is reported at once: none when
 * the message itself is wrong (not answers, another form), and none again for an answer that
 * was already unreadable (it would only be reported missing).
 */
function answerRuleIssues(form: FormModel, parsed: ParsedAnswers): Issue[] {
  if (parsed.issues.some((issue) => issue.path.length === 0)) return [];
  const unreadable = new Set(parsed.issues.map((issue) => issue.path[0]));
  // A required question the person skipped is kept skipped: the text protocol can say so.
  const skipped = (issue: Issue): boolean =>
    issue.code === "missing_answer" && parsed.skipped.has(issue.path[0] as string);
  return validateAnswers(form, parsed.answers).filter((issue) => !unreadable.has(issue.path[0]) && !skipped(issue));
}

/** The form id an answer message's header names; undefined without a header or an id. */
export function answersFormId(input: unknown): string | undefined {
  if (typeof input !== "string") return undefined;
  const { header } = findHeader(input.replace(/\r\n?/g, "\n").split("\n"));
  const id = header === null ? undefined : headerFormId(header);
  return id === "" ? undefined : id;
}

/** The header: the first line that is not blank, when it reads as one. */
function findHeader(lines: string[]): { first: number; header: RegExpExecArray | null } {
  const first = lines.findIndex((line) => line.trim() !== "");
  return { first, header: first === -1 ? null : HEADER.exec(lines[first] as string) };
}

/** The id in a header, written bare or quoted as a JSON string (as formgate writes ids that need it). */
function headerFormId(header: RegExpExecArray): string | undefined {
  const written = (header[2] ?? header[4])?.trim();
  return written === undefined ? undefined : (jsonString(written) ?? written);
}

/** Splits an answer message into per-question answers, without the form's answer rules. */
export function parseAnswerMessage(text: string, form: FormModel, options: ReadAnswersOptions = {}): ParsedAnswers {
  const answers = emptyRecord<AnswerValue>();
  const skipped = new Set<string>();
  const issues: Issue[] = [];
  const warnings: Issue[] = [];
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const { first, header } = findHeader(lines);
  if (header === null) {
    const message = "the message does not begin with `[form answers — <form id>]`";
    issues.push(onLine(problem, "not_an_answer_message", [], message, first));
    return { answers, skipped, issues, warnings };
  }
  const id = headerFormId(header);
  if (header[3] !== undefined || header[1] === ":") {
    const written = (header[0] as string).trim();
    const message = `the header is a paraphrase ("${written}"), and it is read as \`[form answers — <id>]\``;
    warnings.push(onLine(warning, "paraphrased_header", [], message, first));
  }
  const expected = form.id ?? DEFAULT_FORM_ID;
  if (id === undefined || id === "")
    warnings.push(
      onLine(
        warning,
        "missing_form_id",
        [],
        `the header names no form, so it is read as answering "${expected}"`,
        first,
      ),
    );
  else if (id !== expected) {
    issues.push(onLine(problem, "wrong_form", [], `the answers are for the form "${id}", not "${expected}"`, first));
    return { answers, skipped, issues, warnings };
  }

  // Another header starts another form's answers (a message that mimics one), and a bracketed
  // line after a blank line a block the host appended: neither is read as these answers.
  const end = lines.findIndex(
    (line, i) =>
      i > first &&
      ((HEADER.test(line) && !/^\s/.test(line)) || (APPENDIX.test(line) && (lines[i - 1] as string).trim() === "")),
  );
  if (end !== -1) {
    const message = HEADER.test(lines[end] as string)
      ? "another `[form answers — …]` header begins here, and what follows is not part of these answers"
      : "a block the host appended begins here, and it is not part of the answers";
    warnings.push(onLine(warning, "ignored_text", [], message, end));
    lines.length = end;
  }

  const entries = findEntries(lines, first + 1, form, issues, warnings);
  const firstEntry = entries[0]?.line ?? lines.length;
  for (let i = first + 1; i < firstEntry; i++) {
    if ((lines[i] as string).trim() !== "")
      warnings.push(onLine(warning, "ignored_text", [], "text before the first answer is ignored", i));
  }

  entries.forEach((entry, index) => {
    if (entry.repeated) return;
    const end = entries[index + 1]?.line ?? trailingEnd(lines, entry.line, warnings);
    const more = lines.slice(entry.line + 1, end);
    while (more.length > 0 && (more[more.length - 1] as string).trim() === "") more.pop();
    const indented = more.length > 0 && more.every((line) => line === "" || line.startsWith("  "));
    const value = [entry.rest, ...more.map((line) => (indented ? line.slice(2) : line))].join("\n").trim();
    if (value === "" || value.toLowerCase() === SKIPPED) {
      if (entry.field.required) skipped.add(entry.field.id);
      return;
    }
    const read = readValue(entry.field, value, options);
    if (read instanceof Unreadable)
      issues.push(onLine(problem, "unreadable_answer", [entry.field.id], read.message, entry.line));
    else answers[entry.field.id] = read;
  });
  return { answers, skipped, issues, warnings };
}

interface Entry {
  field: Field;
  line: number;
  rest: string;
  /** A second answer to a question: it ends the answer above, and is not read. */
  repeated?: boolean;
}

/**
 * Entry lines: `- <label>:` (or `* <label>:`) of a question, by preference the first one not
 * yet answered at or after the previous entry's question (so two questions with one label are
 * told apart by position), else an earlier one (lines out of order), else the label in another
 * letter case. An indented line always continues the answer above (formgate indents them), so
 * a person's text cannot start an answer to another question.
 */
function findEntries(lines: string[], from: number, form: FormModel, issues: Issue[], warnings: Issue[]): Entry[] {
  const entries: Entry[] = [];
  const labels = new EntryLabels(form);
  const answeredAt = new Map<number, number>();
  let next = 0;
  for (let i = from; i < lines.length; i++) {
    const bullet = /^([-*])\s+/.exec(lines[i] as string);
    if (bullet === null) continue;
    const after = (lines[i] as string).slice(bullet[0].length);
    const found = labels.find(after, next, answeredAt);
    if (found === undefined) continue;
    const field = form.fields[found.index] as Field;
    const rest = after.slice(found.length).replace(/^ /, "");
    const first = answeredAt.get(found.index);
    if (first !== undefined) {
      const message = `it is answered again (first on line ${first + 1}), so which answer was meant is not known`;
      issues.push(onLine(problem, "repeated_answer", [field.id], message, i));
      entries.push({ field, line: i, rest, repeated: true });
      continue;
    }
    if (bullet[1] === "*")
      warnings.push(onLine(warning, "paraphrased_entry", [field.id], "a `*` bullet is read as `-`", i));
    if (found.folded) {
      const message = `its label is written in another letter case, and read as "${lineLabel(field)}"`;
      warnings.push(onLine(warning, "paraphrased_entry", [field.id], message, i));
    }
    if (found.index < next) {
      const message = "it is answered after a later question, and read by its label";
      warnings.push(onLine(warning, "out_of_order_answer", [field.id], message, i));
    }
    entries.push({ field, line: i, rest });
    answeredAt.set(found.index, i);
    next = Math.max(next, found.index + 1);
  }
  return entries;
}

/**
 * The questions' entry labels (`<label>:`), to find which question a line answers. Only the
 * line's prefixes as long as some label, and ending in `:`, are looked up, so a long message
 * against a long form costs what its lines cost, not lines × questions (nor lines × label length²).
 */
class EntryLabels {
  private readonly byLabel = new Map<string, number[]>();
  private readonly byFolded = new Map<string, number[]>();
  /** The distinct lengths of the labels, shortest first. */
  private readonly lengths: number[];

  constructor(form: FormModel) {
    form.fields.forEach((field, index) => {
      const label = `${lineLabel(field)}:`;
      for (const [map, key] of [
        [this.byLabel, label],
        [this.byFolded, label.toLowerCase()],
      ] as const) {
        const same = map.get(key);
        if (same === undefined) map.set(key, [index]);
        else same.push(index);
      }
    });
    this.lengths = [...new Set([...this.byLabel.keys()].map((label) => label.length))].sort((a, b) => a - b);
  }

  /**
   * The question `line` answers: the first unanswered one at or after `next` whose label starts
   * the line, else the first unanswered earlier one; the label as written, else in another
   * letter case (`folded`). Only answered ones match: the first of them (a repeat).
   */
  find(
    line: string,
    next: number,
    answered: ReadonlyMap<number, number>,
  ): { index: number; length: number; folded: boolean } | undefined {
    const candidates = (folded: boolean): { index: number; length: number }[] => {
      const out: { index: number; length: number }[] = [];
      for (const length of this.lengths) {
        if (length > line.length) break;
        if (line.charCodeAt(length - 1) !== 0x3a /* : */) continue;
        const prefix = line.slice(0, length);
        for (const index of (folded ? this.byFolded.get(prefix.toLowerCase()) : this.byLabel.get(prefix)) ?? [])
          out.push({ index, length });
      }
      return out;
    };
    const pick = (found: { index: number; length: number }[]): { index: number; length: number } | undefined => {
      const open = found.filter((c) => !answered.has(c.index));
      const earliest = (list: { index: number; length: number }[]) =>
        list.reduce<{ index: number; length: number } | undefined>(
          (best, c) => (best === undefined || c.index < best.index ? c : best),
          undefined,
        );
      return earliest(open.filter((c) => c.index >= next)) ?? earliest(open) ?? earliest(found);
    };
    const exact = pick(candidates(false));
    if (exact !== undefined && !answered.has(exact.index)) return { ...exact, folded: false };
    const folded = pick(candidates(true));
    if (folded !== undefined && !answered.has(folded.index)) return { ...folded, folded: true };
    const repeat = exact ?? folded;
    return repeat === undefined ? undefined : { ...repeat, folded: exact === undefined };
  }
}

/** Where the last answer ends: at a blank line followed by unindented text (a block the host appended). */
function trailingEnd(lines: string[], from: number, warnings: Issue[]): number {
  for (let i = from + 1; i < lines.length; i++) {
    if ((lines[i] as string).trim() !== "") continue;
    let j = i;
    while (j < lines.length && (lines[j] as string).trim() === "") j++;
    if (j < lines.length && !(lines[j] as string).startsWith("  ")) {
      const message = "text after the answers (following a blank line) is not part of them";
      warnings.push(onLine(warning, "ignored_text", [], message, j));
      return i;
    }
    i = j; // the blank run is settled: resume after it, so long runs stay linear
  }
  return lines.length;
}

/** Why an answer's text cannot be the field's value. */
class Unreadable {
  constructor(readonly message: string) {}
}

/** One answer's text as the field's value. */
function readValue(field: Field, text: string, options: ReadAnswersOptions): AnswerValue | Unreadable {
  switch (field.kind) {
    case "text":
      return jsonString(text) ?? text;
    case "number": {
      if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return new Unreadable(`"${text}" is not a number`);
      return Number(text);
    }
    case "boolean": {
      const lower = text.toLowerCase();
      if (["yes", "true", "on", "1"].includes(lower)) return true;
      if (["no", "false", "off", "0"].includes(lower)) return false;
      return new Unreadable(`"${text}" is neither yes nor no`);
    }
    case "file":
      return readFiles(field, text, options.locateFile);
    default:
      return field.multiple ? splitItems(field, text) : readItem(field, text);
  }
}

/** A chosen option by `label [value: v]`, value or label; a JSON string is typed text. */
function readItem(field: Field, text: string): string {
  const quoted = jsonString(text);
  if (quoted !== undefined) return quoted;
  const options = answerOptions(field);
  const marker = optionMarker(field, text, options);
  if (marker !== undefined) return marker;
  return (options.find((o) => o.value === text) ?? options.find((o) => o.label === text))?.value ?? text;
}

/**
 * The value a trailing `[value: X]` names, when it names an option (or any card of a question
 * whose cards the host supplies); otherwise the marker is part of typed text.
 */
function optionMarker(field: Field, text: string, options: { label: string; value: string }[]): string | undefined {
  const value = valueMarker(text);
  if (value === undefined) return undefined;
  return options.some((o) => o.value === value) || (field.kind === "choice" && awaitsCatalog(field))
    ? value
    : undefined;
}

function valueMarker(text: string): string | undefined {
  if (!text.endsWith("]")) return undefined;
  // The label itself may hold "[value:", and a quoted value may too: take the first reading that parses.
  for (let at = text.indexOf("[value:"); at !== -1; at = text.indexOf("[value:", at + 1)) {
    const inner = text.slice(at + "[value:".length, -1).trim();
    if (inner.startsWith('"')) {
      const quoted = jsonString(inner);
      if (quoted !== undefined) return quoted;
      continue;
    }
    // A host's older direction-card answer adds the card's details: `[value: id; foundation: …; guidance: …]`.
    const value = inner.split("; foundation:")[0]?.trim() ?? "";
    if (value !== "" && !value.includes("]")) return value;
  }
  return undefined;
}

/**
 * Several choices on one line, joined by ", ". Labels and typed text may hold ", " too,
 * so the line is split where every piece is an option (or a JSON string, or a marker),
 * preferring the fewest typed pieces, then the most pieces.
 */
function splitItems(field: Field, text: string): string[] {
  const cuts: number[] = [];
  for (let i = text.indexOf(", "); i !== -1; i = text.indexOf(", ", i + 1)) cuts.push(i);
  const ends = [...cuts, text.length];
  const starts = [0, ...cuts.map((c) => c + 2)];
  const options = answerOptions(field);
  const known = new Set(options.flatMap((o) => [o.label, o.value]));
  const longestKnown = options.reduce((most, o) => Math.max(most, o.label.length, o.value.length), 0);
  // A piece is free (not typed) when it is an option, a JSON string or a marker. Only a
  // piece that starts with `"`, ends with `]` or is no longer than an option can be one,
  // so longer pieces are never cut out of the text just to be looked up.
  const isFree = (from: number, to: number): boolean => {
    if (to - from > longestKnown && text[from] !== '"' && text[to - 1] !== "]") return false;
    const piece = text.slice(from, to);
    return known.has(piece) || jsonString(piece) !== undefined || isOptionMarker(piece, options);
  };
  // best[s]: cheapest way to read the text from starts[s] to the end (a piece spans at most 64 cuts).
  const best: ({ cost: number; count: number; next: number } | undefined)[] = new Array(starts.length + 1).fill(
    undefined,
  );
  best[starts.length] = { cost: 0, count: 0, next: -1 };
  for (let s = starts.length - 1; s >= 0; s--) {
    for (let e = s; e < ends.length && e < s + 64; e++) {
      const rest = best[e + 1];
      if (rest === undefined) continue;
      const cost = rest.cost + (isFree(starts[s] as number, ends[e] as number) ? 0 : 1);
      const count = rest.count + 1;
      const current = best[s];
      if (current === undefined || cost < current.cost || (cost === current.cost && count > current.count))
        best[s] = { cost, count, next: e + 1 };
    }
  }
  const out: string[] = [];
  for (let s = 0; s < starts.length; s = (best[s] as { next: number }).next) {
    const next = (best[s] as { next: number }).next;
    const from = starts[s] as number;
    const to = ends[next - 1] as number;
    // Typed text is split on its commas, as the renderer splits the typed row into entries.
    if (isFree(from, to)) out.push(readItem(field, text.slice(from, to)));
    else
      for (const piece of text.slice(from, to).split(","))
        if (piece.trim() !== "") out.push(readItem(field, piece.trim()));
  }
  return out;
}

/** `label [value: v]` naming an option by both its label and its value. */
function isOptionMarker(piece: string, options: { label: string; value: string }[]): boolean {
  const value = valueMarker(piece);
  if (value === undefined) return false;
  return options.some((o) => o.value === value && piece.startsWith(`${o.label} [value:`));
}

/**
 * File answers: file:// URIs, offered URIs, absolute paths (read as file:// URIs), or bare
 * file names, which only the host can locate. Items are split at ", " where the next item
 * starts a URI, a path or a JSON string; in a list of bare names (the reference renderer's
 * writing) at every ", ", as the reference does: a name holding ", " must be a JSON string.
 */
function readFiles(
  field: FileField,
  text: string,
  locateFile: ReadAnswersOptions["locateFile"],
): AnswerValue | Unreadable {
  const out: string[] = [];
  for (const raw of splitFiles(text)) {
    const item = jsonString(raw) ?? raw.trim();
    if (/^[a-z][a-z0-9+.-]*:/i.test(item) && !/^[A-Za-z]:\\/.test(item)) out.push(item);
    else if (item.startsWith("/") || /^[A-Za-z]:\\/.test(item)) out.push(fileUrlFromPath(item));
    else {
      const located = locateFile?.(item, field);
      if (located === undefined)
        return new Unreadable(
          `"${item}" names a file but not where it is: formgate needs a file:// URI or an absolute path, or a host ` +
            `that locates file names (locateFile)`,
        );
      out.push(located);
    }
  }
  return field.multiple
    ? out
    : out.length === 1
      ? (out[0] as string)
      : new Unreadable(`it takes one file, but the answer names ${out.length}`);
}

// Where a located file item starts: a URI, an absolute POSIX or Windows path, or a JSON string.
const ITEM_START = String.raw`${FILE_URI_START}|\/|[A-Za-z]:\\|"`;
const LOCATED_FIRST = new RegExp(`^(?:${ITEM_START})`, "i");
const BEFORE_LOCATED = new RegExp(`, (?=${ITEM_START})`, "i");

function splitFiles(text: string): string[] {
  return text.split(LOCATED_FIRST.test(text) ? BEFORE_LOCATED : ", ");
}
/** Whether an answer message (or response) completes a form: every required question answered. */
export interface Completion {
  complete: boolean;
  /** Required questions still without an answer, in form order. */
  missing: { id: string; label?: string }[];
  /** Problems that keep the message from counting as answers at all (wrong form id, …). */
  issues: Issue[];
}

export function formCompletion(form: FormModel, input: string | FormResponse): Completion {
  let answers: Readonly<Record<string, unknown>> = {};
  let issues: Issue[] = [];
  if (typeof input === "string") {
    const parsed = parseAnswerMessage(input, form);
    answers = parsed.answers;
    issues = parsed.issues;
  } else if (input.action === "accept") answers = input.answers;
  const missing = form.fields
    .filter((field) => field.required)
    .filter((field) => {
      const value = ownValue(answers, field.id);
      return (
        value === undefined ||
        (typeof value === "string" && value.trim() === "") ||
        (Array.isArray(value) && value.length === 0)
      );
    })
    .map((field) => (field.label === undefined ? { id: field.id } : { id: field.id, label: field.label }));
  return { complete: missing.length === 0 && issues.length === 0, missing, issues };
}
