import type { Protocol } from "../protocol.js";
import { acpLayer } from "./layer.js";
import { readAcpAnswers, writeAcpAnswers } from "./answers.js";
import { readAcpForm } from "./read-form.js";
import { detectAcp } from "./detect.js";
import { writeAcpForm } from "./write-form.js";
import type { AcpRequestParams, AcpResponse, AcpWriteOptions } from "./wire.js";

/**
 * ACP (Agent Client Protocol) form elicitation: `elicitation/create` with `{ mode: "form",
 * message, requestedSchema, sessionId, toolCallId? }` or `{ …, requestId }`, and its responses
 * `{ action, content? }` (`@agentclientprotocol/sdk` 2.4.0). See docs/acp.md.
 */
export const acpProtocol: Protocol<AcpRequestParams, AcpResponse, AcpWriteOptions> = {
  name: acpLayer.name,
  title: acpLayer.title,
  writeOptions: [
    { key: "sessionId", flag: "session-id", help: "acp: the session the elicitation is tied to" },
    { key: "toolCallId", flag: "tool-call-id", help: "acp: a tool call within that session" },
    { key: "requestId", flag: "request-id", help: "acp: the request it is tied to, instead of a session" },
  ],
  detect: detectAcp,
  readForm: readAcpForm,
  writeForm: writeAcpForm,
  readAnswers: readAcpAnswers,
  writeAnswers: writeAcpAnswers,
};

export { readAcpForm } from "./read-form.js";
export { writeAcpForm } from "./write-form.js";
export { readAcpAnswers, writeAcpAnswers } from "./answers.js";
export { detectAcp } from "./detect.js";
export type { AcpFormExtension, AcpScope } from "./extensions.js";
export type { AcpRequestParams, AcpResponse, AcpWriteOptions } from "./wire.js";
