import type { AnswerValue, Field, FileField } from "../../model/index.js";
import { awaitsCatalog, fileUrlFromPath } from "../../model/index.js";
import { splitItems } from "../../text/item-list.js";
import { jsonString } from "../../text/json-text.js";
import type { ReadAnswersOptions } from "../protocol.js";
import * as answerText from "./answer-text.js";

// One answer's text read as its question's value (docs/question-form.md, "Answers"): read-answers.ts finds each
// question's text, this file reads it.

/** Why an answer's text cannot be the field's value. */
export class Unreadable {
  constructor(readonly message: string) {}
}

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** One answer's text as the field's value. */
export function readValue(field: Field, text: string, options: ReadAnswersOptions): AnswerValue | Unreadable {
  switch (field.kind) {
    case "text":
      return jsonString(text) ?? text;
    case "number":
      return DECIMAL.test(text) ? Number(text) : new Unreadable(`"${text}" is not a number`);
    case "boolean": {
      const lower = text.toLowerCase();
      if (["yes", "true", "on", "1"].includes(lower)) return true;
      if (["no", "false", "off", "0"].includes(lower)) return false;
      return new Unreadable(`"${text}" is neither yes nor no`);
    }
    case "file":
      return readFiles(field, text, options.locateFile);
    default:
      return field.multiple ? readItems(field, text) : readItem(field, text, answerText.answerOptions(field));
  }
}

type AnswerOption = { label: string; value: string };

/** A chosen option by `label [value: v]`, value or label; a JSON string is typed text. */
function readItem(field: Field, text: string, options: AnswerOption[]): string {
  const quoted = jsonString(text);
  if (quoted !== undefined) return quoted;
  // A marker names an option (or any card of a question whose cards the host supplies); else it is typed text.
  const marked = valueMarker(text);
  if (marked !== undefined && (options.some((o) => o.value === marked) || awaitsCatalog(field))) return marked;
  return answerText.optionValue(options, text);
}

/** The value a trailing `[value: X]` names. */
function valueMarker(text: string): string | undefined {
  if (!text.endsWith("]")) return undefined;
  // The label itself may hold "[value:", and a quoted value may too: take the first reading that parses.
  for (let at = text.indexOf(answerText.MARKER); at !== -1; at = text.indexOf(answerText.MARKER, at + 1)) {
    const inner = text.slice(at + answerText.MARKER.length, -1).trim();
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
 * Several choices on one line, its items (`splitItems`) joined by ", ". Labels, typed text and JSON strings
 * may hold ", " too, so the line is read as pieces of one or more items where every piece is an
 * option (or a JSON string, or a marker), preferring the fewest typed pieces, then the most pieces.
 */
function readItems(field: Field, text: string): string[] {
  const items = splitItems(text, false); // a JSON string may span items: every reading is tried
  const starts = items.map((item) => item.start);
  const ends = items.map((item) => item.end);
  const options = answerText.answerOptions(field);
  const known = new Set(options.flatMap((o) => [o.label, o.value]));
  const longestKnown = options.reduce((most, o) => Math.max(most, o.label.length, o.value.length), 0);
  // A piece is free (not typed) when it is an option, a JSON string or a marker naming an option
  // by label and value. Only a piece that starts with `"`, ends with `]` or is no longer than an
  // option can be one, so longer pieces are never cut out of the text just to be looked up.
  const isFree = (from: number, to: number): boolean => {
    if (to - from > longestKnown && text[from] !== '"' && text[to - 1] !== "]") return false;
    const piece = text.slice(from, to);
    if (known.has(piece) || jsonString(piece) !== undefined) return true;
    const marked = valueMarker(piece);
    return options.some((o) => o.value === marked && piece.startsWith(`${o.label} ${answerText.MARKER}`));
  };
  // best[s]: the cheapest reading from starts[s] to the end, and where its first piece ends
  // (a piece spans at most 64 cuts).
  const best: { cost: number; count: number; next: number }[] = [];
  best[starts.length] = { cost: 0, count: 0, next: -1 };
  for (let s = starts.length - 1; s >= 0; s--) {
    for (let e = s; e < ends.length && e < s + 64; e++) {
      const rest = best[e + 1] as { cost: number; count: number };
      const cost = rest.cost + (isFree(starts[s] as number, ends[e] as number) ? 0 : 1);
      const current = best[s];
      if (current === undefined || cost < current.cost || (cost === current.cost && rest.count + 1 > current.count))
        best[s] = { cost, count: rest.count + 1, next: e + 1 };
    }
  }
  const out: string[] = [];
  for (let s = 0, next: number; s < starts.length; s = next) {
    next = (best[s] as { next: number }).next;
    const from = starts[s] as number;
    const to = ends[next - 1] as number;
    // Typed text is split on its commas, as the renderer splits the typed row into entries.
    if (isFree(from, to)) out.push(readItem(field, text.slice(from, to), options));
    else
      for (const piece of text.slice(from, to).split(","))
        if (piece.trim() !== "") out.push(readItem(field, piece.trim(), options));
  }
  return out;
}

// Where a located file item starts: a URI, an absolute POSIX or Windows path, or a JSON string.
const ITEM_START = String.raw`${answerText.FILE_URI_START}|\/|[A-Za-z]:\\|"`;
const LOCATED_FIRST = new RegExp(`^(?:${ITEM_START})`, "i");
const BEFORE_LOCATED = new RegExp(`${answerText.ITEM_SEPARATOR}(?=${ITEM_START})`, "i");
const WINDOWS_PATH = /^[A-Za-z]:\\/;

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
  for (const raw of text.split(LOCATED_FIRST.test(text) ? BEFORE_LOCATED : answerText.ITEM_SEPARATOR)) {
    const item = jsonString(raw) ?? raw.trim();
    const windows = WINDOWS_PATH.test(item);
    if (/^[a-z][a-z0-9+.-]*:/i.test(item) && !windows) out.push(item);
    else if (item.startsWith("/") || windows) out.push(fileUrlFromPath(item));
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
  if (field.multiple) return out;
  return out.length === 1
    ? (out[0] as string)
    : new Unreadable(`it takes one file, but the answer names ${out.length}`);
}
