/** The host bridge: JSON-protocol forms (native by default) for a text-protocol model, and text forms for a JSON-protocol server. See docs/bridge.md. */
export { bridgeAssistantMessage, createAssistantMessageBridge, replyToModel } from "./text-model.js";
export type {
  AssistantMessageBridge,
  BridgeOptions,
  BridgedForm,
  BridgedMessage,
  BridgeEvent,
  BridgePart,
  BrokenForm,
  ModelReply,
} from "./text-model.js";
export { bridgeFormToText, bridgeAnswersFromText } from "./text-chat.js";
export type { TextForm, TextFormOptions } from "./text-chat.js";
