import { type JSONSchema7, type Tool, jsonSchema, tool } from "ai";
import type { DataToolInput } from "../../generated/data-tool-input.js";
import type { DataToolResult } from "../../generated/data-tool-result.js";
import { formatIssue } from "../model/issue.js";
import { dataProtocol, FORM_TOOL_NAME } from "../protocols/data/index.js";
import { DATA_TOOL_INPUT_SCHEMA, DATA_TOOL_RESULT_SCHEMA, FORM_TOOL_DESCRIPTION } from "../protocols/data/tool.js";

/** The Data tool's name, the key it takes in `streamText`'s `tools`: `form_elicitation_v2_request`. */
export const DATA_TOOL_NAME = FORM_TOOL_NAME;

/** What a host may change of the Data tool: its description (the contract's by default) and title. */
export interface DataToolOptions {
  /** What the model reads about the tool; the Data tool's own description unless given. */
  description?: string;
  /** A title for the tool, where a provider shows one. */
  title?: string;
}

/**
 * The Data tool as an AI SDK tool, without `execute`: the person answers it in the browser
 * (`readToolPart`, `answerToolPart`, then `addToolOutput`). Its input schema is the contract's,
 * checked by formgate's Data validator, so an input that breaks the contract is an invalid tool
 * input to the AI SDK, and the model is told every problem.
 */
export function dataTool(options: DataToolOptions = {}): Tool<DataToolInput, DataToolResult> {
  return tool({
    description: options.description ?? FORM_TOOL_DESCRIPTION,
    ...(options.title !== undefined && { title: options.title }),
    inputSchema: jsonSchema<DataToolInput>(DATA_TOOL_INPUT_SCHEMA as JSONSchema7, { validate: validateInput }),
    outputSchema: jsonSchema<DataToolResult>(DATA_TOOL_RESULT_SCHEMA as JSONSchema7),
  });
}

/** The AI SDK's validation result for a Data input: the input, or an error listing every problem by question. */
function validateInput(value: unknown): { success: true; value: DataToolInput } | { success: false; error: Error } {
  const read = dataProtocol.readForm(value);
  if (read.ok) return { success: true, value: value as DataToolInput };
  const lines = read.error.issues
    .filter((issue) => issue.severity === "error")
    .map((issue) => `- ${formatIssue(issue)}`);
  return { success: false, error: new Error([read.error.message, ...lines].join("\n")) };
}
