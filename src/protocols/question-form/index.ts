/**
 * The `<question-form>` text protocol: forms inside assistant messages, answers as the
 * next user message `[form answers — <id>]`. See docs/question-form.md.
 */
import type { Protocol } from "../protocol.js";
import { failure, problem, success } from "../../model/index.js";
import { readAnswers } from "./read-answers.js";
import { readMessage } from "./reader.js";
import { summarizeMessage } from "./summary.js";
import { writeAnswers } from "./write-answers.js";
import { writeForm } from "./write-form.js";

export { readMessage, createMessageReader } from "./reader.js";
export type { MessageReader, MessageReaderOptions } from "./reader.js";
export type { MessageSegment, ProseSegment, FormSegment, ErrorSegment, ReadMessageResult, ReaderEvent, PartialForm } from "./segments.js";
export { summarizeMessage, formCompletion } from "./summary.js";
export type { MessageSummary, Completion } from "./summary.js";
export { parseAnswerMessage } from "./read-answers.js";

const OPEN_TAG = /<(question-form|ask-question)[\s>\/]/i;

export const questionFormProtocol: Protocol<string, string> = {
  name: "question-form",
  textInput: true,
  summarize: summarizeMessage,
  looksLike: (input) => typeof input === "string" && OPEN_TAG.test(input),
  readForm(input) {
    if (typeof input !== "string") return failure("invalid_form", [problem("invalid_type", [], "a <question-form> message must be text")]);
    const { segments, warnings } = readMessage(input);
    const form = segments.find((segment) => segment.kind === "form");
    if (form !== undefined && form.kind === "form") return success(form.form, [...form.warnings, ...warnings]);
    const broken = segments.flatMap((segment) => (segment.kind === "error" ? segment.issues : []));
    return failure("invalid_form", [problem("no_form", [], "the message has no readable <question-form> block"), ...broken, ...warnings]);
  },
  writeForm,
  readAnswers,
  writeAnswers,
};
