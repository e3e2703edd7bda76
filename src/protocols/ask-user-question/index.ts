import type { PathSegment } from "../../model/index.js";
import type { QuestionRef } from "../question-ids.js";
import type { Protocol } from "../protocol.js";
import { withQuestionIds } from "../question-ids.js";
import { readAskUserQuestionAnswers, writeAskUserQuestionAnswers } from "./answers.js";
import { readAskUserQuestionForm } from "./read-form.js";
import { detectAskUserQuestion } from "./detect.js";
import { writeAskUserQuestionForm } from "./write-form.js";
import { fieldIds } from "./ids.js";
import { PROTOCOL, TOOL_NAME } from "./limits.js";
import type { AskUserQuestionForm, AskUserQuestionResult } from "./wire.js";

/**
 * Claude's built-in tool AskUserQuestion (`@anthropic-ai/claude-agent-sdk`): the agent asks 1
 * to 4 choice questions (the tool input), the host answers from its `canUseTool` callback
 * (`{ behavior: "allow", updatedInput: { questions, answers } }` or `deny`). See
 * docs/ask-user-question.md.
 */
export const askUserQuestionProtocol: Protocol<AskUserQuestionForm, AskUserQuestionResult> =
  /* @__PURE__ */ withQuestionIds({
    name: PROTOCOL,
    title: TOOL_NAME,
    carriesNotes: true,
    detect: detectAskUserQuestion,
    readForm: readAskUserQuestionForm,
    writeForm: writeAskUserQuestionForm,
    readAnswers: readAskUserQuestionAnswers,
    writeAnswers: writeAskUserQuestionAnswers,
    questionAt,
  });

/**
 * The question a path of a tool input is in (`questions[i]`, `input.questions[i]` in a tool_use block), by the id its
 * header gives it.
 */
function questionAt(input: unknown, path: PathSegment[]): QuestionRef | undefined {
  const record = (value: unknown) =>
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  const inBlock = path[0] === "input";
  const at = inBlock ? 1 : 0;
  const questions = record(inBlock ? record(input)?.input : input)?.questions;
  const index = path[at + 1];
  if (path[at] !== "questions" || typeof index !== "number" || !Array.isArray(questions)) return undefined;
  const headers = questions.map((question) => {
    const header = record(question)?.header;
    return typeof header === "string" ? header : "";
  });
  const id = fieldIds(headers)[index];
  if (id === undefined) return undefined;
  const option = path[at + 2] === "options" && typeof path[at + 3] === "number" ? path[at + 3] : undefined;
  const label =
    option === undefined
      ? undefined
      : record((record(questions[index])?.options as unknown[] | undefined)?.[option as number])?.label;
  return typeof label === "string" ? { question: id, option: label } : { question: id };
}

export { detectAskUserQuestion } from "./detect.js";
export { askUserQuestionHeader, askUserQuestionHeading } from "./heading.js";
export { readAskUserQuestionForm } from "./read-form.js";
export { writeAskUserQuestionForm } from "./write-form.js";
export { readAskUserQuestionAnswers, writeAskUserQuestionAnswers } from "./answers.js";
export { TOOL_NAME as ASK_USER_QUESTION_TOOL } from "./limits.js";
export type { AskUserQuestionFormExtension, AskUserQuestionFieldExtension } from "./extensions.js";
export type {
  AskUserQuestionForm,
  AskUserQuestionItem,
  AskUserQuestionOption,
  AskUserQuestionAnnotation,
  AskUserQuestionAnswered,
  AskUserQuestionResult,
} from "./wire.js";
