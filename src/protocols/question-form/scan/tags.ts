/** The tag names of a block, lower case: the protocol's and the alias models drift to. */
export const TAG_NAMES = ["question-form", "ask-question"] as const;

/**
 * open-design's card element: its payload (JSON) may quote a form as text, which is not a live
 * form. Everything up to its closing tag is prose.
 */
export const CARD_TAG = "od-card";

const FIRST_LETTERS = new Set(
  [...TAG_NAMES, CARD_TAG].flatMap((name) => [name.charCodeAt(0), name.toUpperCase().charCodeAt(0)]),
);

/** Whether a character (code) can start a tag name or the card's: after a `<`, anything else is prose. */
export const mayStartName = (code: number): boolean => FIRST_LETTERS.has(code);

/** Whether `text` (lower case) may still grow into a tag name. */
export const mayBeTagName = (text: string): boolean => TAG_NAMES.some((name) => name.startsWith(text));

/** Whether `text` (lower case) is a tag name. */
export const isTagName = (text: string): boolean => (TAG_NAMES as readonly string[]).includes(text);

/** What may follow a tag name: a space, `>` or `/`. */
export const endsTagName = (c: string): boolean =>
  c === " " || c === "\n" || c === "\t" || c === "\r" || c === "\f" || c === ">" || c === "/";

/**
 * What a `<` met inside an element named `name` (outside its JSON strings) and what follows it
 * (`probe`, lower case) are: still possibly a tag (`more`), the element's closing tag
 * (`</name>`, spaces allowed before `>`), a block's open tag (its name and the character
 * after it), or text after all.
 */
export function readProbe(probe: string, name: string): "more" | "closes" | "opens" | "text" {
  const close = `</${name}`;
  if (close.startsWith(probe)) return "more";
  if (probe.startsWith(close) && /^\s*>?$/.test(probe.slice(close.length)))
    return probe.endsWith(">") ? "closes" : "more";
  if (mayBeTagName(probe.slice(1))) return "more";
  return isTagName(probe.slice(1, -1)) && endsTagName(probe.slice(-1)) ? "opens" : "text";
}
