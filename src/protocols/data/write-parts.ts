import type { Question } from "../../../generated/data-tool-input.js";
import { quoted } from "../../model/index.js";
import type { Report } from "../report/index.js";
import { codePointLength } from "../../text/text-length.js";
import { formatCount } from "../../text/count.js";
import { DEFAULT_TEXT_MAX_LENGTH, MAX_TEXT_MAX_LENGTH, MAX_TITLE_LENGTH } from "./limits.js";

// The pieces every Data question writer uses (write-form.ts, write-resource.ts): a title or text fitted to its limit,
// a text question's length, and the part every question has.

/** What every Data question has. */
export type Common = Pick<Question, "id" | "title" | "description" | "required">;

export function textMaxLength(maxLength: number | undefined, report: Report) {
  if (maxLength === undefined) {
    report
      .at("maxLength")
      .warn(
        "approximated",
        `It sets no length limit, and Data limits text answers to ${formatCount(DEFAULT_TEXT_MAX_LENGTH)} characters.`,
      );
    return { maxLength: DEFAULT_TEXT_MAX_LENGTH };
  }
  const clamped = Math.min(Math.max(maxLength, 1), MAX_TEXT_MAX_LENGTH);
  if (clamped !== maxLength)
    report
      .at("maxLength")
      .warn("approximated", `Its maxLength ${maxLength} becomes ${clamped}, the nearest a Data text question allows.`);
  return { maxLength: clamped };
}

/**
 * A Data title or name: trimmed and non-empty, at most `max` characters. A blank one is
 * written as `fallback`, with a warning; so is a missing one, warned only when `missing`
 * says why its absence matters. Trimming or shortening the text given is warned too.
 */
export function dataTitle(
  text: string | undefined,
  fallback: string,
  max: number,
  report: Report,
  missing?: string,
): string {
  const trimmed = text?.trim() ?? "";
  if (trimmed === "") {
    const why = text === undefined ? missing : "The text is blank";
    const written = truncate(fallback.trim(), max);
    if (why !== undefined)
      report.warn(
        "approximated",
        `${why}, and Data needs one, so it is written ${quoted(truncate(written, MAX_TITLE_LENGTH))}.`,
      );
    return written;
  }
  if (trimmed !== text)
    report.warn("approximated", "It is written without its surrounding spaces, which Data titles do not have.");
  return fit(trimmed, max, report);
}

export function fit(text: string, max: number, report: Report): string {
  if (codePointLength(text) <= max) return text;
  report.warn("approximated", `The text is longer than ${max} characters, so it is shortened.`);
  return truncate(text, max);
}

/** At most `max` code points (as Data counts), ending in an ellipsis when shortened. */
export function truncate(text: string, max: number): string {
  if (codePointLength(text) <= max) return text;
  return `${Array.from(text)
    .slice(0, max - 1)
    .join("")
    .trimEnd()}…`;
}
