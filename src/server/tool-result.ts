import type { CallToolResult } from "@modelcontextprotocol/server";
import type { DataToolErrorCode, DataToolError, DataToolResult } from "../../generated/data-tool-result.js";
import type { Failure } from "../model/index.js";

/**
 * The MCP tool result for a Data tool result: the same object as `structuredContent` and
 * as JSON text in `content[0].text`, so hosts that only read text see what the others see;
 * error results also set `isError`.
 */
export function toCallToolResult(result: DataToolResult): CallToolResult {
  const text = JSON.stringify(result);
  const structuredContent = result as unknown as Record<string, unknown>;
  const content = [{ type: "text" as const, text }];
  return isToolError(result) ? { content, structuredContent, isError: true } : { content, structuredContent };
}

/** True for `{ error: … }` results. */
export function isToolError(result: DataToolResult): result is DataToolError {
  return "error" in result;
}

/** An error result without located problems. */
export function toolError(code: DataToolErrorCode, message: string): DataToolError {
  return { error: { code, message } };
}

/**
 * An error result from a rejected input: the failure's summary and every problem it found,
 * each with its path (only path and message: the result schema's problem detail).
 */
export function failureResult(code: DataToolErrorCode, failure: Failure): DataToolError {
  const issues = failure.issues
    .filter((issue) => issue.severity === "error")
    .map(({ path, message }) => ({ path, message }));
  return { error: { code, message: failure.message, issues } };
}
