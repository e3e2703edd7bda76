import { isRecord } from "../json-schema/index.js";
import { METHOD, NONE, OWN, type Specificity } from "../protocol.js";
import { RUN_FINISHED } from "./wire.js";

/**
 * How specifically `input` is an AG-UI interrupt: a `RUN_FINISHED` event (METHOD: it names
 * AG-UI's event, so reading says whether its outcome holds a form); an interrupt outcome
 * `{ type: "interrupt", interrupts }`, or one `Interrupt`, whose `id` and `reason` no other
 * protocol's form has (OWN; its `responseSchema` is what makes it a form, and reading says so
 * when it lacks one).
 */
export function detectAgUi(input: unknown): Specificity {
  if (!isRecord(input)) return NONE;
  if (input.type === RUN_FINISHED) return METHOD;
  if (input.type === "interrupt" && Array.isArray(input.interrupts)) return OWN;
  return typeof input.id === "string" && typeof input.reason === "string" ? OWN : NONE;
}
