import type { Protocol } from "../protocol.js";
import { mastraLayer } from "./layer.js";
import { readMastraAnswers, writeMastraAnswers } from "./answers.js";
import { readMastraForm } from "./read-form.js";
import { detectMastra } from "./detect.js";
import { writeMastraForm } from "./write-form.js";
import type { MastraResumeData, MastraSuspendedChunk, MastraWriteOptions } from "./wire.js";

/**
 * Mastra suspend/resume (`@mastra/core` 1.71.0): an agent's tool suspends with a
 * `tool-call-suspended` chunk whose `resumeSchema` describes the answer, and the run resumes
 * with `agent.resumeStream(resumeData, { runId, toolCallId })`. See docs/mastra.md.
 */
export const mastraProtocol: Protocol<MastraSuspendedChunk, MastraResumeData, MastraWriteOptions> = {
  name: mastraLayer.name,
  title: mastraLayer.title,
  writeOptions: [
    { key: "runId", flag: "run-id", help: "mastra: the agent run that suspended (resumeStream's runId)" },
    { key: "toolCallId", flag: "tool-call-id", help: "mastra: the suspended tool call" },
    { key: "toolName", flag: "tool-name", help: "mastra: the suspended tool (default formgate_form)" },
  ],
  detect: detectMastra,
  readForm: readMastraForm,
  writeForm: writeMastraForm,
  readAnswers: readMastraAnswers,
  writeAnswers: writeMastraAnswers,
};

export { readMastraForm } from "./read-form.js";
export { writeMastraForm } from "./write-form.js";
export { readMastraAnswers, writeMastraAnswers } from "./answers.js";
export { detectMastra } from "./detect.js";
export type { MastraFormExtension } from "./extensions.js";
export {
  type MastraSuspendedChunk,
  type MastraSuspendedPayload,
  type MastraApprovalPayload,
  type MastraSuspendPayload,
  type MastraResumeData,
  type MastraWriteOptions,
  TOOL_CALL_SUSPENDED,
  TOOL_CALL_APPROVAL,
  DEFAULT_TOOL_NAME,
} from "./wire.js";
