/**
 * The `<question-form>` text protocol: forms inside assistant messages, answers as the
 * next user message `[form answers — <id>]`. See docs/question-form.md.
 */
import { withQuestionIds } from "../question-ids.js";
import type { Protocol } from "../protocol.js";
import { detectQuestionForm } from "./detect.js";
import { answersFormId, readAnswers } from "./read-answers.js";
import { readQuestionForm, summarizeMessage } from "./read-form.js";
import { writeAnswers } from "./write-answers.js";
import { writeQuestionForm } from "./write-form.js";

export { readMessage, createMessageReader } from "./scan/reader.js";
export type { MessageReader, MessageReaderOptions } from "./scan/reader.js";
export type * from "./scan/segments.js";
export { summarizeMessage } from "./read-form.js";
export { parseAnswerMessage, formCompletion, type ParsedAnswers } from "./read-answers.js";
export type { Completion } from "./read-answers.js";
export { writeDismissal } from "./write-answers.js";
export { DEFAULT_FORM_ID } from "./types.js";
export { detectQuestionForm } from "./detect.js";

export const questionFormProtocol: Protocol<string, string> = /* @__PURE__ */ withQuestionIds({
  name: "question-form",
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
});
