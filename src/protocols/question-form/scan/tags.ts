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

const mayBeTagName = (text: string): boolean => TAG_NAMES.some((name) => name.startsWith(text));

/** The spaces of a tag, between its name and attributes. */
export const isTagSpace = (c: string): boolean => c === " " || c === "\n" || c === "\t" || c === "\r" || c === "\f";

/**
 * What a `<` and what follows it (`probe`, lower case) are, in the element `inside` (in prose: ""):
 * still possibly a tag (`more`), the element's closing tag (`</name>`, spaces allowed before `>`),
 * a block's open tag or, in prose, the card's (a name and the space, `>` or `/` after it), or text.
 */
export function readTag(probe: string, inside: string): "more" | "closes" | "opens" | "card" | "text" {
  const close = `</${inside}`;
  if (inside !== "" && close.startsWith(probe)) return "more";
  if (inside !== "" && probe.startsWith(close) && /^\s*>?$/.test(probe.slice(close.length)))
    return probe.endsWith(">") ? "closes" : "more";
  const name = probe.slice(1);
  if (mayBeTagName(name) || (inside === "" && CARD_TAG.startsWith(name))) return "more";
  const last = probe.slice(-1);
  if (!isTagSpace(last) && last !== ">" && last !== "/") return "text";
  if ((TAG_NAMES as readonly string[]).includes(name.slice(0, -1))) return "opens";
  return inside === "" && name.slice(0, -1) === CARD_TAG ? "card" : "text";
}

/**
 * Whether a line that begins with `prefix` starts fresh Markdown, as open-design's chat renderer
 * reads its lines (`isChatProtocolStandaloneLine`, packages/contracts/src/artifacts/
 * chat-protocol-context.ts): a heading, a list item or a numbered item; or may still.
 */
export function readLineStart(prefix: string): "more" | "fresh" | "text" {
  if (/^(?:#{1,4}|[ \t]*(?:[-*+]|\d+\.))[ \t]/.test(prefix)) return "fresh";
  return /^(?:#{0,4}|[ \t]*(?:[-*+]|\d+\.?)?)$/.test(prefix) ? "more" : "text";
}
