import { NONE, OWN, type Specificity } from "../protocol.js";
import { TAG_NAMES } from "./scan/tags.js";

const OPEN_TAG = new RegExp(`<(${TAG_NAMES.join("|")})[\\s>/]`, "i");

/** Chat text holding a block's open tag (`<question-form>` or `<ask-question>`) is this protocol's (OWN). */
export function detectQuestionForm(input: unknown): Specificity {
  return typeof input === "string" && OPEN_TAG.test(input) ? OWN : NONE;
}
