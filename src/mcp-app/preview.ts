import type { PartialForm } from "../model/types.js";
import { readPartialDataInput } from "../protocols/data/partial-input.js";

/**
 * A Data input still arriving (`tool-input-partial`: JSON with its unclosed structures closed) as
 * a preview: its message once whole and its whole questions. A Data form has no id: the heading
 * falls back to the message, or to the renderer's own word while the message is arriving.
 */
export function dataPreview(input: unknown): PartialForm {
  return readPartialDataInput(undefined, input, "").partial;
}
