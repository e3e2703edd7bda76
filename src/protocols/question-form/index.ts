/**
 * The `<question-form>` text protocol: forms inside assistant messages, answers as the
 * next user message `[form answers — <id>]`. See docs/question-form.md.
 */
import type { Protocol } from "../protocol.js";
import { detectQuestionForm } from "./detect.js";
import { PROTOCOL } from "./limits.js";
import { answersFormId, readAnswers } from "./read-answers.js";
import { readQuestionForm, summarizeMessage } from "./read-form.js";
import { writeAnswers } from "./write-answers.js";
import { writeQuestionForm } from "./write-form.js";
export type { QuestionFormIssueCodes } from "./codes.js";

export { readMessage, createMessageReader, type MessageReader, type MessageReaderOptions } from "./scan/reader.js";
export type * from "./scan/segments.js";
export { readAnswerMessage, readReply, type ParsedAnswers } from "./read-answers.js";
/** @deprecated `readAnswerMessage`, its name since issue 29 (one verb per job: a message is read). */
export { readAnswerMessage as parseAnswerMessage } from "./read-answers.js";
export { formCompletion, type Completion } from "./completion.js";
export { writeDismissal } from "./write-answers.js";
export { DEFAULT_FORM_ID } from "./limits.js";
export { detectQuestionForm, summarizeMessage };

export const questionFormProtocol: Protocol<string, string> = {
  name: PROTOCOL,
  title: "<question-form>",
  textInput: true,
  hostCatalog: true,
  skipsRequired: true,
  summarize: summarizeMessage,
  detect: detectQuestionForm,
  readForm: readQuestionForm,
  writeForm: writeQuestionForm,
  answersFormId,
  readAnswers,
  writeAnswers,
};
