/**
 * The host bridge: JSON-protocol forms (native by default) for a text-protocol model, and text forms for a
 * JSON-protocol server. See docs/bridge.md.
 */
export { bridgeAssistantMessage, createAssistantMessageBridge, replyToModel } from "./text-to-json.js";
export type {
  AssistantMessageBridge,
  BridgeOptions,
  BridgedForm,
  BridgedMessage,
  BridgeEvent,
  BridgePart,
  BrokenForm,
  ModelReply,
  ReplyOptions,
} from "./text-to-json.js";
export { bridgeFormToText, bridgeAnswersFromText } from "./json-to-text.js";
export type { TextForm, TextFormOptions } from "./json-to-text.js";
