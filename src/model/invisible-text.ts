/**
 * Text a person reads in a form but cannot fully see: bidirectional controls that reorder
 * what is shown, zero-width and other default-ignorable code points, control characters,
 * tag characters and runs of variation selectors that smuggle text past the eye (the MCP
 * elicitation security guidance: a form must not mislead the person). Also text that is
 * not valid Unicode: unpaired surrogates, and U+FFFD where bytes were not valid UTF-8.
 * These are warnings, not errors: some have honest uses, and the host decides what to show.
 */

/** Code points nobody sees: default ignorables (bidi, zero-width, tags, …) and controls. */
const HIDDEN = /[\p{Default_Ignorable_Code_Point}\p{Cc}]/u;
const EMOJI_BEFORE_JOINER = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]/u;
const EMOJI = /\p{Extended_Pictographic}/u;
/** Letters and marks of scripts that join with ZWJ/ZWNJ (Arabic, Persian, Indic, …), not Latin, Greek or Cyrillic. */
const JOINING_SCRIPT = /(?=[\p{L}\p{M}])[^\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}]/u;
const LETTER = /[\p{L}\p{M}]/u;
const VARIATION_SELECTOR = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is hidden in `text`, as an issue code and a description; undefined for plain text. */
export function hiddenText(
  text: string,
): { code: "invisible_characters" | "malformed_text"; message: string } | undefined {
  // Cheap scans first: most text is well formed and has no hidden code point but line breaks.
  const surrogate = text.isWellFormed() ? null : UNPAIRED_SURROGATE.exec(text);
  if (surrogate !== null)
    return {
      code: "malformed_text",
      message: `holds an unpaired surrogate (${hex(surrogate[0].charCodeAt(0))}): it is not valid Unicode text`,
    };
  if (text.includes("\uFFFD"))
    return {
      code: "malformed_text",
      message: "holds U+FFFD, the mark of bytes that were not valid UTF-8: part of the text is lost",
    };
  // Every code point reported below is in HIDDEN: most text needs this one scan only.
  if (!HIDDEN.test(text) || !HIDDEN.test(text.replace(/[\t\n\r]/g, ""))) return undefined;
  const points = Array.from(text);
  const found: string[] = [];
  points.forEach((point, i) => {
    if (found.length < 3 && isHidden(points, i))
      found.push(`${hex(point.codePointAt(0) as number)} (${kind(point)}) at character ${i + 1}`);
  });
  if (found.length === 0) return undefined;
  return {
    code: "invisible_characters",
    message:
      `holds characters a person cannot see, which can make the form read differently from what it says: ` +
      `${found.join(", ")}`,
  };
}

function isHidden(points: string[], i: number): boolean {
  const point = points[i] as string;
  const before = points[i - 1] ?? "";
  const after = points[i + 1] ?? "";
  if (point === "\t" || point === "\n" || point === "\r") return false;
  if (VARIATION_SELECTOR.test(point)) {
    // One selector picks the look of the character before it; a run of them can encode hidden data.
    return before === "" || /\s/u.test(before) || HIDDEN.test(before) || VARIATION_SELECTOR.test(before);
  }
  if (!HIDDEN.test(point)) return false;
  if (point === "\u200D" && EMOJI_BEFORE_JOINER.test(before) && EMOJI.test(after)) return false;
  if ((point === "\u200C" || point === "\u200D") && JOINING_SCRIPT.test(before) && LETTER.test(after)) return false;
  return !isEmojiFlagTag(points, i);
}

/** Subdivision flags (🏴 + tag letters + cancel tag) are the one honest use of tag characters. */
function isEmojiFlagTag(points: string[], i: number): boolean {
  const isTag = (p: string | undefined) => p !== undefined && /[\u{E0020}-\u{E007E}]/u.test(p);
  if (!isTag(points[i]) && points[i] !== "\u{E007F}") return false;
  let start = i;
  while (start > 0 && isTag(points[start - 1])) start--;
  let end = i;
  while (isTag(points[end])) end++;
  return points[start - 1] === "\u{1F3F4}" && points[end] === "\u{E007F}" && end - start >= 1 && end - start <= 8;
}

function kind(point: string): string {
  const code = point.codePointAt(0) as number;
  if (/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/.test(point)) return "bidirectional control";
  if (/[\u200B-\u200D\u2060\uFEFF]/.test(point)) return "zero-width character";
  if (code >= 0xe0000 && code <= 0xe007f) return "tag character";
  if (VARIATION_SELECTOR.test(point)) return "variation selector";
  if (/\p{Cc}/u.test(point)) return "control character";
  return "invisible character";
}

function hex(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}
