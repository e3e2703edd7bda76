import type { TextFormat } from "../../model/index.js";

/** The string formats of MCP's `StringSchema` (2025-11-25), the only ones an elicitation host knows. */
export const MCP_FORMATS: readonly string[] = ["email", "uri", "date", "date-time"];

/**
 * Formats the model knows that MCP's string schema does not: where a layer admits `pattern`,
 * written as a pattern matching what formgate accepts for them.
 */
export const FORMAT_PATTERNS: Partial<Record<TextFormat, string>> = {
  time: "^([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d+)?)?(Z|[+-]([01]\\d|2[0-3]):[0-5]\\d)?$",
  color: "^#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$",
  tel: "^\\+?[0-9 ()./-]{3,32}$",
};
