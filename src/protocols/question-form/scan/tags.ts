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

/** The open tags a probe may grow into: a block's, and in prose the card's. */
const OPEN_TAGS = TAG_NAMES.map((name) => `<${name}`);
const OPEN_CARD = `<${CARD_TAG}`;
const IN_PROSE = [...OPEN_TAGS, OPEN_CARD];

/** The spaces of a tag, between its name and attributes. */
export const isTagSpace = (c: string): boolean => c === " " || c === "\n" || c === "\t" || c === "\r" || c === "\f";

/** How the closing tag of the element `name` starts, as `readTag` takes it. */
export const closingTag = (name: string): string => `</${name}`;

/**
 * What a `<` and what follows it (`probe`, lower case) are, in the element whose closing tag
 * starts `close` (in prose: ""): still possibly a tag (`more`), the element's closing tag (spaces
 * allowed before `>`), a block's open tag or, in prose, the card's (a name and the space, `>` or
 * `/` after it), or text.
 */
export function readTag(probe: string, close: string): "more" | "closes" | "opens" | "card" | "text" {
  if (close !== "" && close.startsWith(probe)) return "more";
  if (close !== "" && probe.startsWith(close) && /^\s*>?$/.test(probe.slice(close.length)))
    return probe.endsWith(">") ? "closes" : "more";
  for (const tag of close === "" ? IN_PROSE : OPEN_TAGS) if (tag.startsWith(probe)) return "more";
  const last = probe[probe.length - 1] as string;
  if (!isTagSpace(last) && last !== ">" && last !== "/") return "text";
  const tag = probe.slice(0, -1);
  if (OPEN_TAGS.includes(tag)) return "opens";
  return close === "" && tag === OPEN_CARD ? "card" : "text";
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
