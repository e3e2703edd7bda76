import type { Protocol } from "../protocol.js";
import { readAskUserQuestionAnswers, writeAskUserQuestionAnswers } from "./answers.js";
import { readAskUserQuestionForm } from "./read-form.js";
import { detectAskUserQuestion } from "./detect.js";
import { writeAskUserQuestionForm } from "./write-form.js";
import { PROTOCOL, TOOL_NAME } from "./limits.js";
import type { AskUserQuestionForm, AskUserQuestionResult } from "./wire.js";

/**
 * Claude's built-in tool AskUserQuestion (`@anthropic-ai/claude-agent-sdk`): the agent asks 1
 * to 4 choice questions (the tool input), the host answers from its `canUseTool` callback
 * (`{ behavior: "allow", updatedInput: { questions, answers } }` or `deny`). See
 * docs/ask-user-question.md.
 */
export const askUserQuestionProtocol: Protocol<AskUserQuestionForm, AskUserQuestionResult> = {
  name: PROTOCOL,
  title: TOOL_NAME,
  carriesNotes: true,
  detect: detectAskUserQuestion,
  readForm: readAskUserQuestionForm,
  writeForm: writeAskUserQuestionForm,
  readAnswers: readAskUserQuestionAnswers,
  writeAnswers: writeAskUserQuestionAnswers,
};

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
