import type { CallToolResult } from "@modelcontextprotocol/server";
import type { DataToolErrorCode, DataToolError, DataToolResult } from "../../generated/data-tool-result.js";
import type { Failure } from "../model/index.js";
import { quoted } from "./log.js";

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
 * The most characters of one value a result quotes from what a client sent (an error message, a
 * key in a path), and the most problems it lists: whatever a client sends, a result stays small.
 */
export const MAX_QUOTED_VALUE = 1000;
export const MAX_PATH_SEGMENT = 200;
export const MAX_LISTED_ISSUES = 50;

/**
 * An error result from a rejected input: the failure's summary and the problems it found, each
 * with its path (only path and message: the result schema's problem detail), the first
 * `MAX_LISTED_ISSUES` of them and a last one counting the rest.
 */
export function failureResult(code: DataToolErrorCode, failure: Failure): DataToolError {
  const errors = failure.issues.filter((issue) => issue.severity === "error");
  const issues = errors.slice(0, MAX_LISTED_ISSUES).map(({ path, message }) => ({
    path: path.map((segment) => (typeof segment === "string" ? quoted(segment, MAX_PATH_SEGMENT) : segment)),
    message: quoted(message, MAX_QUOTED_VALUE),
  }));
  if (errors.length > MAX_LISTED_ISSUES)
    issues.push({ path: [], message: `and ${errors.length - MAX_LISTED_ISSUES} more problems, not listed` });
  return { error: { code, message: quoted(failure.message, MAX_QUOTED_VALUE), issues } };
}
