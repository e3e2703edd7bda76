import type { FormModel } from "../../src/model/index.js";
import { questionFormProtocol } from "../../src/protocols/question-form/index.js";

/** The model of a test's own `<question-form>` block: one that does not read is the test's mistake, so it throws. */
export function readTestForm(block: string): FormModel {
  const read = questionFormProtocol.readForm(block);
  if (!read.ok) throw new Error(read.error.message);
  return read.value;
}
