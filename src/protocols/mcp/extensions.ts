import type { FormModel } from "../../model/index.js";
import { type SchemaFormExtension, extensionOf } from "../json-schema/index.js";

/**
 * Wire details of a standard elicitation form that the model has no place for, kept in the
 * model's `extensions.mcp` (beside the codec's own) so that mcp → model → mcp is the identity.
 */
export interface McpFormExtension extends SchemaFormExtension {
  /** The params had no `mode` (MCP: "form"). */
  modeOmitted?: true;
  /** The params' `_meta` (MCP request metadata, e.g. a progress token), carried as given. */
  meta?: Record<string, unknown>;
}

export function formExtension(form: FormModel): McpFormExtension {
  return extensionOf<McpFormExtension>(form, "mcp");
}
