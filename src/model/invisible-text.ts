import type { ChoiceOption, Field, FormModel, Resource } from "./index.js";
import { type Issue, type PathSegment, named, warning } from "./issue.js";

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

/**
 * Warnings for every text of `form` a person reads, at the path `locate` gives for each model
 * path (the reader's own wire path; the model path when not given), each said of its key: "Its
 * `title` holds …", "The form's `title` holds …", "Reference 2 of its direction card holds …".
 */
export function invisibleTextWarnings(
  form: FormModel,
  locate: (path: PathSegment[]) => PathSegment[] = (path) => path,
): Issue[] {
  return hiddenTextFindings(form).map(({ code, path, said }) => {
    const key = path.at(-1) as PathSegment;
    const what =
      typeof key === "number"
        ? `Reference ${key + 1} of its direction card`
        : `${path.length === 1 ? "The form's" : "Its"} ${named(key)}`;
    return warning(code, locate(path), `${what} ${said}.`);
  });
}

/** What is hidden in one text of a form: at its model path, said of nothing yet ("holds …"). */
export interface HiddenTextFinding {
  code: "invisible_characters" | "malformed_text";
  path: PathSegment[];
  said: string;
}

/**
 * Every text of `form` a person reads (titles, labels, descriptions, placeholders, options,
 * cards, resources) that hides something, for a reader that names what it is said of itself
 * (`<question-form>`'s blocks, by the keys their author wrote).
 */
export function hiddenTextFindings(form: FormModel): HiddenTextFinding[] {
  const found: HiddenTextFinding[] = [];
  // Loops, not callbacks, and each parent path a literal: a block's reader asks this of every question.
  for (const key of ["title", "description", "submitLabel"] as const) check(found, form[key], [], key);
  for (let i = 0; i < form.fields.length; i++) {
    const field = form.fields[i] as Field;
    const at: PathSegment[] = ["fields", i];
    // Without a label, renderers show the id.
    check(found, field.label ?? field.id, at, field.label === undefined ? "id" : "label");
    check(found, field.description, at, "description");
    if ("placeholder" in field) check(found, field.placeholder, at, "placeholder");
    if (field.kind === "choice") {
      for (let j = 0; j < field.options.length; j++) {
        const option = field.options[j] as ChoiceOption;
        const where: PathSegment[] = ["fields", i, "options", j];
        check(found, option.label ?? option.value, where, option.label === undefined ? "value" : "label");
        check(found, option.description, where, "description");
        if (option.card === undefined) continue;
        check(found, option.card.mood, [...where, "card"], "mood");
        const references = option.card.references ?? [];
        for (let k = 0; k < references.length; k++) check(found, references[k], [...where, "card", "references"], k);
      }
      if (field.custom !== undefined) {
        check(found, field.custom.label, ["fields", i, "custom"], "label");
        check(found, field.custom.placeholder, ["fields", i, "custom"], "placeholder");
      }
    } else if (field.kind === "resource" || field.kind === "file") {
      for (let j = 0; j < field.options.length; j++) {
        const resource = field.options[j] as Resource;
        const where: PathSegment[] = ["fields", i, "options", j];
        for (const key of ["name", "title", "description"] as const) check(found, resource[key], where, key);
      }
    }
  }
  return found;
}

/** Adds a finding, at `[...parent, key]`, for `text` when it is a text that hides something. */
function check(found: HiddenTextFinding[], text: unknown, parent: PathSegment[], key: PathSegment): void {
  if (typeof text !== "string") return;
  const hidden = hiddenText(text);
  if (hidden !== undefined) found.push({ code: hidden.code, path: [...parent, key], said: hidden.message });
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
