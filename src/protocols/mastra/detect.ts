import { isRecord } from "../json-schema/index.js";
import { METHOD, NONE, type Specificity } from "../protocol.js";
import { TOOL_CALL_APPROVAL, TOOL_CALL_SUSPENDED } from "./wire.js";

/**
 * How specifically `input` is a Mastra form: a chunk whose `type` is `tool-call-suspended` or
 * `tool-call-approval` names Mastra's own stream event (METHOD; reading says whether its
 * `resumeSchema` makes it a form). Nothing else is Mastra's.
 */
export function detectMastra(input: unknown): Specificity {
  if (!isRecord(input)) return NONE;
  return input.type === TOOL_CALL_SUSPENDED || input.type === TOOL_CALL_APPROVAL ? METHOD : NONE;
}
