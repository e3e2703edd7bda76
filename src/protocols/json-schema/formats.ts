import type { TextFormat } from "../../model/index.js";
import { TEXT_FORMAT_RULES } from "../../text/text-formats.js";

/** The string formats of MCP's `StringSchema` (2025-11-25), the only ones an elicitation host knows. */
export const MCP_FORMATS: readonly string[] = ["email", "uri", "date", "date-time"];

/**
 * Formats the model knows that MCP's string schema does not: where a layer admits `pattern`,
 * written as the pattern formgate checks their answers with (`src/model/text-formats.ts`).
 */
export const FORMAT_PATTERNS: Partial<Record<TextFormat, string>> = Object.fromEntries(
  Object.entries(TEXT_FORMAT_RULES)
    .filter(([format]) => !MCP_FORMATS.includes(format))
    .map(([format, rule]) => [format, rule.pattern]),
);
