import type { FormResponse } from "../../generated/form-answers.js";
import type { FormModel, Issue, PartialForm } from "../model/index.js";

/** The name of formgate's data parts in a UI message (the chunk type is `data-formgate-form`). */
export const FORM_DATA_NAME = "formgate-form";

/**
 * A form in a UI message, as a `data-formgate-form` part whose `id` is the form's: written by
 * `questionFormChunkTransform` for a `<question-form>` block and by `elicitationBridge` for an
 * MCP elicitation, and replaced in place as it changes.
 */
export interface FormgateFormData {
  /**
   * `streaming`: arriving (`partial`); `ready`: complete (`form`); `invalid`: broken (`issues`);
   * `answered`: answered through the bridge (`form`, `response`).
   */
  state: "streaming" | "ready" | "invalid" | "answered";
  form?: FormModel;
  partial?: PartialForm;
  response?: FormResponse;
  /** Errors of an invalid form; what was read leniently or lost in the others. */
  issues: Issue[];
  /** `mcp` for a form of an MCP server, through `elicitationBridge`; absent for a `<question-form>` block. */
  source?: "mcp";
}

/**
 * The data parts of a UI message carrying formgate's forms: `UIMessage<unknown, FormgateDataTypes>`
 * (with a host's own: `FormgateDataTypes & MyDataTypes`).
 */
export type FormgateDataTypes = { [FORM_DATA_NAME]: FormgateFormData };

/** The chunk that writes or replaces a form's data part. */
export interface FormgateFormChunk {
  type: `data-${typeof FORM_DATA_NAME}`;
  id: string;
  data: FormgateFormData;
}

export function formChunk(id: string, data: FormgateFormData): FormgateFormChunk {
  return { type: `data-${FORM_DATA_NAME}`, id, data };
}
