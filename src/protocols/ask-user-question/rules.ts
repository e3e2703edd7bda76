import { named, quoted } from "../../model/index.js";
import type { Layout, Report } from "../report/index.js";
import { codePointLength } from "../../text/text-length.js";
import { fieldIds } from "./ids.js";
import { HEADER_WIDTH } from "./limits.js";
import type { WireQuestion } from "./schema.js";

/**
 * AskUserQuestion's rules beyond its shapes: question texts are unique and labels unique
 * within a question (Claude Code's own check: answers are keyed by text and carry labels),
 * and what the runtime tolerates but does not show is read with a warning (a header wider
 * than its chip, keys it strips).
 */
export function checkQuestions(questions: readonly WireQuestion[], report: Report): void {
  const ids = fieldIds(questions.map((question) => question.header));
  const texts = new Map<string, number>();
  questions.forEach((question, i) => {
    const at = report.at(i).question(ids[i], i);
    const first = texts.get(question.question);
    if (first !== undefined)
      at.at("question").error(
        "duplicate_id",
        `Its text is that of question ${first + 1} (${quoted(question.question)}): answers are keyed by the ` +
          `question's text, so each must be unique.`,
      );
    else texts.set(question.question, i);
    const labels = new Map<string, number>();
    question.options.forEach((option, j) => {
      const optionAt = at.at("options", j).option(option.label);
      const seen = labels.get(option.label);
      if (seen !== undefined)
        optionAt
          .at("label")
          .error(
            "duplicate_option",
            `Its label is that of option ${seen + 1} (${quoted(option.label)}): an answer carries the label, so each ` +
              `must be unique.`,
          );
      else labels.set(option.label, j);
      unknownKeys(option, ["label", "description", "preview"], optionAt);
    });
    unknownKeys(question, ["question", "header", "options", "multiSelect"], at);
    if (codePointLength(question.header) > HEADER_WIDTH)
      at.at("header").warn(
        "too_long",
        `Its header ${quoted(question.header)} is longer than the ${HEADER_WIDTH} characters its chip shows; it is ` +
          `read as it is.`,
      );
  });
}

/** Keys the runtime strips from a question or an option: read as not there, with a warning. */
function unknownKeys(value: object, known: readonly string[], at: Report): void {
  for (const key of Object.keys(value))
    if (!known.includes(key))
      at.at(key).warn(
        "unknown_key",
        `The key ${named(key)} is not one AskUserQuestion has; Claude Code ignores it, and so does formgate.`,
      );
}

/** Where a tool input keeps its questions and options, so that valibot's issues name them (by the ids headers give). */
export const ASK_LAYOUT: Layout = {
  questions: "questions",
  id: (_question, key, list) => {
    if (!Array.isArray(list) || typeof key !== "number") return undefined;
    const headers = list.map((item: unknown) => {
      const header = typeof item === "object" && item !== null ? (item as { header?: unknown }).header : undefined;
      return typeof header === "string" ? header : "";
    });
    return fieldIds(headers)[key];
  },
  options: "options",
  option: (option) => {
    const label = typeof option === "object" && option !== null ? (option as { label?: unknown }).label : undefined;
    return typeof label === "string" ? label : undefined;
  },
};
