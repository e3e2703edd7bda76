import type { FormModel, FormResponse, Result } from "../../model/index.js";
import type { McpResult } from "../../../generated/mcp-result.js";
import { readElicitResult, writeElicitResult } from "../json-schema/answers.js";
import { standardLayer } from "./layer.js";

/**
 * Reads an elicitation result (`ElicitResult`: `{ action, content? }`, or the JSON-RPC response
 * carrying it in `result`) against the form it answers, with the model's answer check only.
 * Content sent with `decline` or `cancel` is ignored with a warning (docs/mcp.md, decision 6);
 * an undeclared key is dropped and a repeated selection read once, with a warning each
 * (decision 11).
 */
export function readMcpAnswers(input: unknown, form: FormModel): Result<FormResponse> {
  return readElicitResult(input, form, standardLayer, undefined, true);
}

/** Writes a model response as an elicitation result, after checking it against the form. */
export function writeMcpAnswers(response: FormResponse, form: FormModel): Result<McpResult> {
  return writeElicitResult(response, form);
}
