import { NONE, OWN, type Specificity } from "../protocol.js";

const OPEN_TAG = /<(question-form|ask-question)[\s>/]/i;

/** Chat text holding a `<question-form>` (or `<ask-question>`) tag is this protocol's (OWN). */
export function detectQuestionForm(input: unknown): Specificity {
  return typeof input === "string" && OPEN_TAG.test(input) ? OWN : NONE;
}
