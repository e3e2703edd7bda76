/* eslint-disable */
/**
 * Generated from schemas/ by `npm run gen` (json-schema-to-typescript).
 * Do not edit by hand: change the schema and regenerate.
 */

/**
 * The client's answer to a standard form elicitation (`ElicitResult`, MCP 2025-11-25), as formgate writes it. Only `accept` carries content; a skipped field has no key. Content sent with `decline` or `cancel` is read with a warning and never applied (docs/mcp.md).
 */
export type McpResult = McpAcceptResult | McpDeclineResult;

export interface McpAcceptResult {
  action: "accept";
  content: {
    [k: string]: string | number | boolean | string[];
  };
}
export interface McpDeclineResult {
  action: "decline" | "cancel";
}
