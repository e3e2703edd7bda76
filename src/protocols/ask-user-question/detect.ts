import { METHOD, NONE, OWN, type Specificity } from "../protocol.js";
import { TOOL_NAME } from "./limits.js";

/**
 * How specifically `input` is an AskUserQuestion form: the `tool_use` block calling the tool
 * (METHOD); a tool input `{ questions }` without a Data `message` whose questions carry a
 * `question` text and `options` (OWN). Data inputs have a `message` and typed questions, so
 * neither claims the other's.
 */
export function detectAskUserQuestion(input: unknown): Specificity {
  if (!isRecord(input)) return NONE;
  if (input.type === "tool_use") return input.name === TOOL_NAME ? METHOD : NONE;
  if (Object.hasOwn(input, "message") || !Array.isArray(input.questions) || input.questions.length === 0) return NONE;
  return input.questions.every(
    (question) => isRecord(question) && typeof question.question === "string" && Array.isArray(question.options),
  )
    ? OWN
    : NONE;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
