import type { FormModel } from "../../model/index.js";
import { type SchemaFormExtension, extensionOf } from "../json-schema/index.js";

/**
 * Wire details of a Mastra chunk that the model has no place for, kept in the model's
 * `extensions.mastra` so that mastra → model → mastra is the identity (docs/mastra.md). The
 * tool call's id is the form's `id`, `suspendPayload.message` its title.
 */
export interface MastraFormExtension extends SchemaFormExtension {
  /** A `tool-call-approval` chunk (written back as one). */
  approval?: true;
  runId?: string;
  /** The chunk's `from`, when not `"AGENT"`. */
  from?: string;
  metadata?: Record<string, unknown>;
  toolName?: string;
  args?: Record<string, unknown>;
  /** The other keys of `suspendPayload` (its `message` is the title). */
  suspendPayload?: Record<string, unknown>;
  /** `suspendPayload` was not an object: written back as read. */
  rawSuspendPayload?: unknown;
  /** `resumeSchema.additionalProperties: false` (what zod writes; formgate's answers never hold other keys). */
  closed?: true;
}

export function formExtension(form: FormModel): MastraFormExtension {
  return extensionOf<MastraFormExtension>(form, "mastra");
}
