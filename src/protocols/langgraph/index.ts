import type { Protocol } from "../protocol.js";
import { readLangGraphAnswers, writeLangGraphAnswers } from "./answers.js";
import { detectLangGraph } from "./detect.js";
import { readLangGraphForm } from "./read-form.js";
import { langGraphLayer } from "./layer.js";
import { writeLangGraphForm } from "./write-form.js";
import type { LangGraphHitlInterrupt, LangGraphInterrupt, LangGraphResumes } from "./wire.js";

/**
 * LangGraph interrupts (`@langchain/langgraph` 1.7.3): a graph pauses with
 * `interrupt(value, { responseSchema })`, whose `response_schema` describes the answer, and is
 * resumed with `new Command({ resume })`. See docs/langgraph.md.
 */
export const langGraphProtocol: Protocol<LangGraphInterrupt | LangGraphHitlInterrupt, LangGraphResumes> = {
  name: langGraphLayer.name,
  title: langGraphLayer.title,
  detect: detectLangGraph,
  readForm: readLangGraphForm,
  writeForm: writeLangGraphForm,
  readAnswers: readLangGraphAnswers,
  writeAnswers: writeLangGraphAnswers,
};

export { readLangGraphForm } from "./read-form.js";
export { writeLangGraphForm } from "./write-form.js";
export { readLangGraphAnswers, writeLangGraphAnswers, resumeCommand, type AnsweredInterrupt } from "./answers.js";
export { detectLangGraph } from "./detect.js";
export type { LangGraphFormExtension } from "./extensions.js";
export type {
  LangGraphInterrupt,
  LangGraphHitlInterrupt,
  LangGraphResumeValue,
  LangGraphResumes,
  LangGraphCommandParams,
  LangGraphAnswer,
  HitlRequest,
  HitlResponse,
  HitlDecision,
  HitlActionRequest,
  HitlReviewConfig,
  HitlDecisionType,
} from "./wire.js";
export { INTERRUPT_KEY } from "./wire.js";
