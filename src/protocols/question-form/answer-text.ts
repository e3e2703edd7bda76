import type { Field } from "../../model/index.js";

// The answer message's grammar (docs/question-form.md, "Answers"): write-answers.ts writes it
// and read-answers.ts reads it, both by the names below.

/** The header formgate writes (a dismissal's says `declined` or `cancelled`); `HEADER` reads answers'. */
export const header = (id: string, what = "answers"): string => `[form ${what} — ${id}]`;
// `[form answers — id]` (em dash, en dash or hyphen), and the paraphrases the renderer accepts
// and its replay tests write: `[form answers for id]`, `[form answers: id]`.
export const HEADER = /^\s*\[form answers(?:\s*([\u2014\u2013-]+|:)\s*(.*)|\s+(for)\s+(.*))?\]\s*$/i;

/** A dismissal's header as formgate writes it: `[form declined — id]` or `[form cancelled — id]`. */
export const DISMISSAL = /^\s*\[form (declined|cancelled)\s*[\u2014\u2013-]+\s*(.*)\]\s*$/i;

/** An entry line, `- <label>: <answer>`; `BULLET` reads a `*` bullet too. */
export const entry = (field: Field, answer: string): string => `- ${lineLabel(field)}: ${answer}`;
export const BULLET = /^([-*])\s+/;
/**
 * A line shaped as an entry, whatever its label: a bullet, text, then `: ` or `:` at the end (so `- 10:30 call` and
 * `- see https://x` are not). One whose label names no question is a stray entry (read-answers.ts).
 */
export const ENTRY_SHAPE = new RegExp(String.raw`${BULLET.source}\S.*?:(?:\s|$)`);
/** What starts each line of an answer after its first: no person's text can then start an entry. */
export const INDENT = "  ";

export const SKIPPED = "(skipped)";
/** Between the items of an answer that holds several (choices, files). */
export { ITEM_SEPARATOR } from "../../text/item-list.js";
/** `label [value: v]`: an option named by its value beside its label. */
export const marker = (label: string, value: string): string => `${label} ${MARKER} ${value}]`;
export const MARKER = "[value:";
/** Text that a reader could take for a marker: formgate writes it as a JSON string. */
export const ENDS_LIKE_MARKER = /\[value:[^\]]*\]$/i;

/** How a file URI starts in an answer (`file:` or `scheme://`): the reader splits such an item off a list. */
export const FILE_URI_START = String.raw`file:|[a-z][a-z0-9+.-]*:\/\/`;

/**
 * The label an answer line starts with: the question's label (or id), on one line, without surrounding spaces (a reader
 * takes them for the bullet's).
 */
export function lineLabel(field: Field): string {
  return (field.label ?? field.id).replace(/\s*\r?\n\s*/g, " ").trim();
}

/**
 * The value of the option a text names by its value, else by its label (an answer's item, a default); else the
 * text.
 */
export function optionValue(options: readonly { label?: string; value: string }[], text: string): string {
  return (options.find((o) => o.value === text) ?? options.find((o) => o.label === text))?.value ?? text;
}

/** The options an answer may name, as label/value pairs (resources by title and URI). */
export function answerOptions(field: Field): { label: string; value: string }[] {
  if (field.kind === "choice")
    return field.options.map((o) => ({ label: (o.label ?? o.value).replace(/\s*\r?\n\s*/g, " "), value: o.value }));
  if (field.kind === "resource") return field.options.map((r) => ({ label: r.title ?? r.name, value: r.uri }));
  return [];
}
