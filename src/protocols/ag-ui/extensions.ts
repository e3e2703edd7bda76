import type { FormModel } from "../../model/index.js";
import { type SchemaFormExtension, extensionOf } from "../json-schema/index.js";

/**
 * Wire details of an AG-UI interrupt that the model has no place for, kept in the model's
 * `extensions["ag-ui"]` so that ag-ui → model → ag-ui is the identity (docs/ag-ui.md). The
 * interrupt's `id` is the form's `id`, its `message` the form's title.
 */
export interface AgUiFormExtension extends SchemaFormExtension {
  reason?: string;
  toolCallId?: string;
  subagentRunId?: string;
  expiresAt?: string;
  metadata?: Record<string, unknown>;
  /** The interrupt's `message` was empty (rather than absent). */
  emptyMessage?: true;
  /** `responseSchema.additionalProperties: false` (formgate's answers never hold other keys). */
  closed?: true;
}

export function formExtension(form: FormModel): AgUiFormExtension {
  return extensionOf<AgUiFormExtension>(form, "ag-ui");
}
