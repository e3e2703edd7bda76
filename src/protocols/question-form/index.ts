/**
 * The `<question-form>` text protocol: forms inside assistant messages, answers as the
 * next user message `[form answers — <id>]`. See docs/question-form.md.
 */
import type { Protocol } from "../protocol.js";
import { detectQuestionForm } from "./detect.js";
import { answersFormId, readAnswers } from "./read-answers.js";
import { readForm } from "./decode.js";
import { summarizeMessage } from "./summary.js";
import { writeAnswers } from "./write-answers.js";
import { writeForm } from "./encode.js";

export { readMessage, createMessageReader } from "./reader.js";
export type { MessageReader, MessageReaderOptions } from "./reader.js";
export type {
  MessageSegment,
  ProseSegment,
  FormSegment,
  ErrorSegment,
  ReadMessageResult,
  ReaderEvent,
  PartialForm,
} from "./segments.js";
export { summarizeMessage, formCompletion } from "./summary.js";
export type { Completion } from "./summary.js";
export { parseAnswerMessage, type ParsedAnswers } from "./read-answers.js";
export { writeDismissal } from "./write-answers.js";
export { DEFAULT_FORM_ID } from "./types.js";
export { detectQuestionForm } from "./detect.js";

export const questionFormProtocol: Protocol<string, string> = {
  name: "question-form",
  textInput: true,
  hostCatalog: true,
  skipsRequired: true,
  summarize: summarizeMessage,
  detect: detectQuestionForm,
  readForm,
  writeForm,
  answersFormId,
  readAnswers,
  writeAnswers,
};
