/**
 * formgate/ai-sdk: forms in a Vercel AI SDK chat (docs/ai-sdk.md). The Data tool as an AI SDK
 * tool and its UI parts read and answered; `<question-form>` blocks of a UI message stream as
 * data parts; MCP elicitation through `@ai-sdk/mcp` answered in the browser. Runs in browsers
 * and on servers; `ai` is the host's (an optional peer dependency).
 */
export { DATA_TOOL_NAME, dataTool } from "./data-tool.js";
export type { DataToolOptions } from "./data-tool.js";
export { readToolPart, answerToolPart } from "./tool-part.js";
export type { MessagePart, ToolPartView, DataToolOutput } from "./tool-part.js";
export { questionFormChunkTransform } from "./chunk-transform.js";
export { elicitationBridge } from "./elicitation-bridge.js";
export type {
  ElicitationBridge,
  ElicitationBridgeOptions,
  ElicitationHandleOptions,
  ElicitationResult,
  FormChunkWriter,
} from "./elicitation-bridge.js";
export { FORM_DATA_NAME } from "./form-data.js";
export type { FormgateFormData, FormgateDataTypes, FormgateFormChunk } from "./form-data.js";
