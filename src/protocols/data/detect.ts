import { NONE, OWN, type Specificity } from "../protocol.js";

/** A Data tool input has `message` and `questions`, never a `requestedSchema` (OWN); anything else is not one. */
export function detectData(input: unknown): Specificity {
  return typeof input === "object" &&
    input !== null &&
    "questions" in input &&
    "message" in input &&
    !("requestedSchema" in input)
    ? OWN
    : NONE;
}
