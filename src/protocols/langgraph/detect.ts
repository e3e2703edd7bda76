import { isRecord } from "../json-schema/index.js";
import { NONE, OWN, type Specificity } from "../protocol.js";
import { INTERRUPT_KEY } from "./wire.js";

/**
 * How specifically `input` is a LangGraph interrupt (OWN for each: no other protocol's form has
 * these keys): a stream chunk `{ __interrupt__ }`; an `Interrupt` with a `response_schema`; a
 * `ThreadTask` `{ id, name, interrupts }`; a `Thread` `{ thread_id, interrupts }`; a `getState()`
 * snapshot `{ values, tasks }`; a `humanInTheLoopMiddleware` `HITLRequest` `{ actionRequests,
 * reviewConfigs }`. Reading says whether the interrupt found is a form.
 */
export function detectLangGraph(input: unknown): Specificity {
  if (!isRecord(input)) return NONE;
  if (Object.hasOwn(input, INTERRUPT_KEY) || Object.hasOwn(input, "response_schema")) return OWN;
  if (Array.isArray(input.interrupts) && typeof input.id === "string" && typeof input.name === "string") return OWN;
  if (typeof input.thread_id === "string" && isRecord(input.interrupts)) return OWN;
  if (Array.isArray(input.actionRequests) && Array.isArray(input.reviewConfigs)) return OWN;
  return Array.isArray(input.tasks) && Object.hasOwn(input, "values") ? OWN : NONE;
}
