import { type Issue, type PathSegment, problem, warning, quoted, named } from "../../model/index.js";
import { codePointLength } from "../../text/text-length.js";
import { HEADER_WIDTH } from "./limits.js";
import type { WireQuestion } from "./schema.js";

/**
 * AskUserQuestion's rules beyond its shapes: question texts are unique and labels unique
 * within a question (Claude Code's own check: answers are keyed by text and carry labels),
 * and what the runtime tolerates but does not show is read with a warning (a header wider
 * than its chip, keys it strips).
 */
export function checkQuestions(
  questions: readonly WireQuestion[],
  at: PathSegment[],
): { errors: Issue[]; warnings: Issue[] } {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const texts = new Map<string, number>();
  questions.forEach((question, i) => {
    const path = [...at, i];
    const first = texts.get(question.question);
    if (first !== undefined)
      errors.push(
        problem(
          "duplicate_id",
          [...path, "question"],
          `Its text is that of question ${first + 1} (${quoted(question.question)}): answers are keyed by the ` +
            `question's text, so each must be unique.`,
        ),
      );
    else texts.set(question.question, i);
    const labels = new Map<string, number>();
    question.options.forEach((option, j) => {
      const seen = labels.get(option.label);
      if (seen !== undefined)
        errors.push(
          problem(
            "duplicate_option",
            [...path, "options", j, "label"],
            `Its label is that of option ${seen + 1} (${quoted(option.label)}): an answer carries the label, so each ` +
              `must be unique.`,
          ),
        );
      else labels.set(option.label, j);
      unknownKeys(option, ["label", "description", "preview"], [...path, "options", j], warnings);
    });
    unknownKeys(question, ["question", "header", "options", "multiSelect"], path, warnings);
    if (codePointLength(question.header) > HEADER_WIDTH)
      warnings.push(
        warning(
          "too_long",
          [...path, "header"],
          `Its header ${quoted(question.header)} is longer than the ${HEADER_WIDTH} characters its chip shows; it is ` +
            `read as it is.`,
        ),
      );
  });
  return { errors, warnings };
}

/** Keys the runtime strips from a question or an option: read as not there, with a warning. */
function unknownKeys(value: object, known: readonly string[], at: PathSegment[], warnings: Issue[]): void {
  for (const key of Object.keys(value))
    if (!known.includes(key))
      warnings.push(
        warning(
          "unknown_key",
          [...at, key],
          `The key ${named(key)} is not one AskUserQuestion has; Claude Code ignores it, and so does formgate.`,
        ),
      );
}
