import type { DataToolInput } from "../../../generated/data-tool-input.js";
import type { DataToolResult } from "../../../generated/data-tool-result.js";
import type { PathSegment, QuestionRef } from "../../model/index.js";
import type { Protocol } from "../protocol.js";
import { withQuestionIds } from "../question-ids.js";
import { readDataResult, writeDataResult } from "./answers.js";
import { detectData } from "./detect.js";
import { readDataForm } from "./read-form.js";
import { writeDataForm } from "./write-form.js";
export type { DataIssueCodes } from "./codes.js";

/** The Data tool's name (a host may prefix it with a namespace of its own). */
export const FORM_TOOL_NAME = "form_elicitation_v2_request";

/** The model-facing MCP tool contract `form_elicitation_v2_request` (`FORM_TOOL_NAME`). */
export const dataProtocol: Protocol<DataToolInput, DataToolResult> = /* @__PURE__ */ withQuestionIds({
  name: "data",
  title: "Data tool",
  questionAt,
  detect: detectData,
  readForm: readDataForm,
  writeForm: writeDataForm,
  readAnswers: readDataResult,
  writeAnswers: writeDataResult,
});

/** The question of a path in Data arguments: `questions[i]` by its id, `options[j]` by its id (or a resource's URI). */
function questionAt(input: unknown, path: PathSegment[]): QuestionRef | undefined {
  if (path[0] !== "questions" || typeof path[1] !== "number") return undefined;
  const question = record(record(input)?.questions, path[1]);
  if (typeof question?.id !== "string") return undefined;
  if (path[2] === "options" && typeof path[3] === "number") {
    const option = record(question.options, path[3]);
    const name = typeof option?.id === "string" ? option.id : option?.uri;
    if (typeof name === "string") return { question: question.id, option: name };
  }
  return { question: question.id };
}

/** `value[key]` when it is a plain object (or `value` itself without a key). */
function record(value: unknown, key?: number): Record<string, unknown> | undefined {
  const item = key === undefined ? value : Array.isArray(value) ? value[key] : undefined;
  return typeof item === "object" && item !== null && !Array.isArray(item)
    ? (item as Record<string, unknown>)
    : undefined;
}

export { detectData } from "./detect.js";
export { validateDataInput } from "./validate.js";
export { MAX_ARGUMENTS_LENGTH, DEFAULT_TEXT_MAX_LENGTH, DEFAULT_FILES_MAX_ITEMS } from "./limits.js";
export { readDataForm } from "./read-form.js";
export { writeDataForm } from "./write-form.js";
export { readDataResult, writeDataResult } from "./answers.js";
