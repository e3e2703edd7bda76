import type { Field } from "../../model/index.js";

/**
 * The label an answer line starts with: the question's label (or id), on one line, without surrounding spaces (a reader
 * takes them for the bullet's).
 */
export function lineLabel(field: Field): string {
  return (field.label ?? field.id).replace(/\s*\r?\n\s*/g, " ").trim();
}

/** The options an answer may name, as label/value pairs (resources by title and URI). */
export function answerOptions(field: Field): { label: string; value: string }[] {
  if (field.kind === "choice")
    return field.options.map((o) => ({ label: (o.label ?? o.value).replace(/\s*\r?\n\s*/g, " "), value: o.value }));
  if (field.kind === "resource") return field.options.map((r) => ({ label: r.title ?? r.name, value: r.uri }));
  return [];
}

export const SKIPPED = "(skipped)";

/** How a file URI starts in an answer (`file:` or `scheme://`): the reader splits such an item off a list. */
export const FILE_URI_START = String.raw`file:|[a-z][a-z0-9+.-]*:\/\/`;
