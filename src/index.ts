/**
 * formgate: one form model, and a reader and writer for each form protocol, the message
 * readers and the host bridge. Runs anywhere JavaScript does (browsers, edge runtimes,
 * Node): nothing here imports `node:` modules or the MCP SDK; the MCP server is
 * `formgate/server`.
 */
// The model's types, results and answer check; its other helpers stay internal.
export type * from "./model/types.js";
export { success, failure, problem, warning, formatPath, formatIssue } from "./model/issue.js";
export { validateAnswers } from "./model/validate-answers.js";
export { protocols, protocolNames, isProtocolName, jsonProtocolNames, isJsonProtocol } from "./protocols/index.js";
export type {
  Protocol,
  ProtocolName,
  JsonProtocolName,
  Specificity,
  WireForm,
  WireAnswers,
  WriteOptions,
  WriteOption,
  ReadAnswersOptions,
  FormSelection,
  FormSummary,
  TextSummary,
} from "./protocols/index.js";
export { dataProtocol, validateDataInput, MAX_ARGUMENTS_LENGTH, FORM_TOOL_NAME } from "./protocols/data/index.js";
export type { DataToolInput, Question as DataQuestion } from "../generated/data-tool-input.js";
export type { DataToolResult, DataToolErrorCode } from "../generated/data-tool-result.js";
export {
  nativeProtocol,
  NATIVE_METHOD,
  NATIVE_EXTENSION,
  RESOURCE_THUMBNAIL_KEY,
  RESOURCE_PREVIEW_KEY,
  RESOURCE_TARGET_KEY,
} from "./protocols/native/index.js";
export type { NativeRequestParams, NativeResult } from "./protocols/native/index.js";
export { mcpProtocol, ELICITATION_METHOD } from "./protocols/mcp/index.js";
export { acpProtocol } from "./protocols/acp/index.js";
export type { AcpRequestParams, AcpResponse, AcpWriteOptions } from "./protocols/acp/index.js";
export { agUiProtocol, interruptIdOf } from "./protocols/ag-ui/index.js";
export type { AgUiInterrupt, AgUiResumeEntry } from "./protocols/ag-ui/index.js";
export type { McpRequestParams, McpResult } from "./protocols/mcp/index.js";
export { askUserQuestionProtocol, ASK_USER_QUESTION_TOOL } from "./protocols/ask-user-question/index.js";
export type {
  AskUserQuestionForm,
  AskUserQuestionItem,
  AskUserQuestionOption,
  AskUserQuestionResult,
} from "./protocols/ask-user-question/index.js";
export {
  questionFormProtocol,
  readMessage,
  createMessageReader,
  summarizeMessage,
  formCompletion,
  readAnswerMessage,
  readReply,
  writeDismissal,
} from "./protocols/question-form/index.js";
export type {
  MessageReader,
  MessageReaderOptions,
  MessageSegment,
  ProseSegment,
  FormSegment,
  ErrorSegment,
  ReadMessageResult,
  ReaderEvent,
  PartialFormEvent,
  Completion,
  ParsedAnswers,
} from "./protocols/question-form/index.js";
export type { QuestionFormBody, Question as QuestionFormQuestion } from "../generated/question-form-body.js";
export { translate, translateAnswers, readForm, writeForm, writeAnswers, detectProtocol } from "./gateway/translate.js";
export type {
  TranslateOptions,
  TranslateBaseOptions,
  TranslateAnswersOptions,
  ReadFormOptions,
  WriteFormOptions,
  WriteFormBaseOptions,
  WriteAnswersOptions,
  DetectNames,
} from "./gateway/translate.js";
export { validate } from "./gateway/validate.js";
export type { ValidationReport, ValidateOptions } from "./gateway/validate.js";
export * from "./bridge/index.js";
