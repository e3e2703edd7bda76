import type { FormModel } from "../../model/index.js";
import { type SchemaFormExtension, extensionOf } from "../json-schema/index.js";

/** The scope an ACP elicitation is tied to: a session (optionally a tool call in it), or a request. */
export type AcpScope = { sessionId: string; toolCallId?: string } | { requestId: string | number | null };

/** The `_meta` of one property of the schema: on the property, its `items`, and its titled options by value. */
export interface AcpPropertyMeta {
  meta?: Record<string, unknown>;
  items?: Record<string, unknown>;
  options?: Record<string, Record<string, unknown>>;
}

/**
 * Wire details of an ACP elicitation that the model has no place for, kept in the model's
 * `extensions.acp` so that acp → model → acp is the identity (docs/acp.md).
 */
export interface AcpFormExtension extends SchemaFormExtension {
  scope?: AcpScope;
  /** The params' `_meta`. */
  meta?: Record<string, unknown>;
  /** `requestedSchema._meta`. */
  schemaMeta?: Record<string, unknown>;
  /** Each property's `_meta` members, by property name. */
  propertyMeta?: Record<string, AcpPropertyMeta>;
  /** `requestedSchema` had no `type` (ACP: "object"). */
  typeOmitted?: true;
}

export function formExtension(form: FormModel): AcpFormExtension {
  return extensionOf<AcpFormExtension>(form, "acp");
}
