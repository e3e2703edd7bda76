import type { Protocol } from "../protocol.js";
import { agUiLayer } from "./layer.js";
import { readAgUiAnswers, writeAgUiAnswers } from "./answers.js";
import { readAgUiForm } from "./read-form.js";
import { detectAgUi } from "./detect.js";
import { writeAgUiForm } from "./write-form.js";
import { isRecord } from "../json-schema/index.js";
import type { AgUiInterrupt, AgUiResumeEntry } from "./wire.js";
export type { AgUiIssueCodes } from "./codes.js";

/**
 * AG-UI interrupts (`@ag-ui/core` 1.0.0): a run finishes with an interrupt whose
 * `responseSchema` describes the answer, and the next run resumes it with a `ResumeEntry`.
 * See docs/ag-ui.md.
 */
export const agUiProtocol: Protocol<AgUiInterrupt, AgUiResumeEntry> = {
  name: agUiLayer.name,
  title: agUiLayer.title,
  detect: detectAgUi,
  readForm: readAgUiForm,
  writeForm: writeAgUiForm,
  // A resume entry names the interrupt it answers: the form to read from an event holding several.
  answersFormId(input) {
    const entry = isRecord(input) && Array.isArray(input.resume) ? input.resume[0] : input;
    return isRecord(entry) && typeof entry.interruptId === "string" ? entry.interruptId : undefined;
  },
  readAnswers: readAgUiAnswers,
  writeAnswers: writeAgUiAnswers,
};

export { readAgUiForm } from "./read-form.js";
export { writeAgUiForm } from "./write-form.js";
export { readAgUiAnswers, writeAgUiAnswers } from "./answers.js";
export { detectAgUi } from "./detect.js";
export { interruptIdOf } from "./interrupt-id.js";
export type { AgUiFormExtension } from "./extensions.js";
export { type AgUiInterrupt, type AgUiResumeEntry, RUN_FINISHED, INPUT_REQUIRED } from "./wire.js";
