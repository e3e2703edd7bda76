import type { Protocol } from "../protocol.js";
import { mastraLayer } from "./schema-layer.js";
import { withQuestionIds } from "../question-ids.js";
import { readMastraAnswers, writeMastraAnswers } from "./answers.js";
import { readMastraForm } from "./read-form.js";
import { detectMastra } from "./detect.js";
import { writeMastraForm } from "./write-form.js";
import { schemaQuestionAt } from "../json-schema/index.js";
import type { MastraResumeData, MastraSuspendedChunk, MastraWriteOptions } from "./wire.js";

/**
 * Mastra suspend/resume (`@mastra/core` 1.71.0): an agent's tool suspends with a
 * `tool-call-suspended` chunk whose `resumeSchema` describes the answer, and the run resumes
 * with `agent.resumeStream(resumeData, { runId, toolCallId })`. See docs/mastra.md.
 */
export const mastraProtocol: Protocol<MastraSuspendedChunk, MastraResumeData, MastraWriteOptions> =
  /* @__PURE__ */ withQuestionIds({
    questionAt: (input, path) => schemaQuestionAt(parsedChunk(input), path),
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
  });

/** The chunk with its `resumeSchema` parsed, so that a path into it finds its question. */
function parsedChunk(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return input;
  const payload = (input as { payload?: { resumeSchema?: unknown } }).payload;
  if (typeof payload?.resumeSchema !== "string") return input;
  try {
    return { ...input, payload: { ...payload, resumeSchema: JSON.parse(payload.resumeSchema) } };
  } catch {
    return input;
  }
}

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
