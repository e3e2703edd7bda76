/** The tag names of a block, lower case: the protocol's and the alias models drift to. */
export const TAG_NAMES = ["question-form", "ask-question"] as const;

/** Whether `text` (lower case) may still grow into a tag name. */
export const mayBeTagName = (text: string): boolean => TAG_NAMES.some((name) => name.startsWith(text));

/** Whether `text` (lower case) is a tag name. */
export const isTagName = (text: string): boolean => (TAG_NAMES as readonly string[]).includes(text);

/** What may follow a tag name: a space, `>` or `/`. */
export const endsTagName = (c: string): boolean =>
  c === " " || c === "\n" || c === "\t" || c === "\r" || c === "\f" || c === ">" || c === "/";

/**
 * open-design's card element: its payload (JSON) may quote a form as text, which is not a live
 * form. Everything up to its closing tag is prose.
 */
export const CARD_TAG = "od-card";
