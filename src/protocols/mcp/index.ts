import type { Protocol } from "../protocol.js";
import { standardLayer } from "./layer.js";
import type { McpRequestParams } from "../../../generated/mcp-request.js";
import type { McpResult } from "../../../generated/mcp-result.js";
import { readMcpAnswers, writeMcpAnswers } from "./answers.js";
import { readMcpForm } from "./read-form.js";
import { detectMcp } from "./detect.js";
import { writeMcpForm } from "./write-form.js";

/**
 * Standard MCP form elicitation: `elicitation/create` with `{ mode?: "form", message,
 * requestedSchema }` (MCP 2025-06-18 and 2025-11-25, and the same params in a 2026-07-28
 * input request), its results `{ action, content? }`. See docs/mcp.md.
 */
export const mcpProtocol: Protocol<McpRequestParams, McpResult> = {
  name: standardLayer.name,
  title: standardLayer.title,
  detect: detectMcp,
  readForm: readMcpForm,
  writeForm: writeMcpForm,
  readAnswers: readMcpAnswers,
  writeAnswers: writeMcpAnswers,
};

export { readMcpForm } from "./read-form.js";
export { ELICITATION_METHOD } from "../json-schema/index.js";
export { writeMcpForm } from "./write-form.js";
export { readMcpAnswers, writeMcpAnswers } from "./answers.js";
export { detectMcp } from "./detect.js";
export type { McpFormExtension } from "./extensions.js";
export type { McpRequestParams, McpForm, McpProperty, McpOption } from "../../../generated/mcp-request.js";
export type { McpResult } from "../../../generated/mcp-result.js";
