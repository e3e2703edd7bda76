/**
 * The host bridge the other way: a native-only MCP server (a native request, or a Data tool
 * input) talking to a chat that only has the `<question-form>` text protocol. The form is
 * shown as a block; the person's answer message becomes the native result or tool result.
 */
import type { DataToolResult } from "../../generated/data-tool-result.js";
import type { FormModel, Issue, Result } from "../model/index.js";
import { failure, problem, success } from "../model/index.js";
import { readForm } from "../gateway/translate.js";
import { dataProtocol } from "../protocols/data/index.js";
import { type McpResult, mcpProtocol } from "../protocols/mcp/index.js";
import { type NativeResult, nativeProtocol } from "../protocols/native/index.js";
import type { ReadAnswersOptions } from "../protocols/protocol.js";
import { DEFAULT_FORM_ID, questionFormProtocol } from "../protocols/question-form/index.js";

/** A native or Data form, ready to post in a text-only chat. */
export interface TextForm {
  /** The protocol the form came in, and the one its answers go back in. */
  protocol: "native" | "data" | "mcp";
  /** The form, with the id its answer message must name. */
  form: FormModel;
  /** The `<question-form>` block to post in the chat. */
  block: string;
  /** What the text protocol cannot show (thumbnails, icons, …), each with its path. */
  warnings: Issue[];
}

export interface TextFormOptions {
  /** The input's protocol; detected when omitted. */
  from?: "native" | "data" | "mcp";
  /** The block's id, which the answer message names; give each form open in a chat its own. Default "discovery". */
  formId?: string;
}

/** Writes a native request or Data tool input as a `<question-form>` block. */
export function bridgeFormToText(input: unknown, options: TextFormOptions = {}): Result<TextForm> {
  const read = readForm(input, { from: options.from });
  if (!read.ok) return read;
  const protocol = read.value.protocol;
  if (protocol !== "native" && protocol !== "data" && protocol !== "mcp") {
    return failure("unsupported_input", [problem("unsupported_input", [], `is a ${protocol} form; the text bridge takes a native or standard elicitation request or a Data tool input`)]);
  }
  const form: FormModel = { ...read.value.form, id: options.formId ?? read.value.form.id ?? DEFAULT_FORM_ID };
  const block = questionFormProtocol.writeForm(form);
  if (!block.ok) return block;
  return success({ protocol, form, block: block.value, warnings: [...read.warnings, ...block.warnings] });
}

/**
 * Reads the person's answer message for a form posted with `bridgeFormToText` and returns
 * the result for the server that asked: a native result or a Data tool result. A message
 * that is not the answers to this form is an error; the host decides whether the person
 * meant to skip it (then send `{action: "cancel"}`).
 */
export function bridgeAnswersFromText(message: string, posted: TextForm, options: ReadAnswersOptions = {}): Result<NativeResult | McpResult | DataToolResult> {
  const response = questionFormProtocol.readAnswers(message, posted.form, options);
  if (!response.ok) return response;
  const result = (posted.protocol === "data" ? dataProtocol : posted.protocol === "mcp" ? mcpProtocol : nativeProtocol).writeAnswers(response.value, posted.form);
  if (!result.ok) return result;
  return success(result.value, [...response.warnings, ...result.warnings]);
}
