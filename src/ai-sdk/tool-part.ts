import type { DataToolResult } from "../../generated/data-tool-result.js";
import type { FormResponse } from "../../generated/form-answers.js";
import {
  type FormModel,
  type Issue,
  type PartialForm,
  type Result,
  failure,
  problem,
  success,
} from "../model/index.js";
import { dataProtocol, FORM_TOOL_NAME } from "../protocols/data/index.js";
import { readPartialDataInput } from "../protocols/data/partial-input.js";

/**
 * What `readToolPart` reads: any part of a UI message (`message.parts[i]`); only a Data tool
 * part, static (`tool-form_elicitation_v2_request`) or dynamic, is read. Every AI SDK part fits.
 */
export interface MessagePart {
  type: string;
  toolName?: string;
  toolCallId?: string;
  state?: string;
  input?: unknown;
  rawInput?: unknown;
  output?: unknown;
  errorText?: string;
}

/** A Data tool part as a host shows it (docs/ai-sdk.md, "The Data tool"). */
export interface ToolPartView {
  /**
   * `streaming`: the input is arriving (`partial`); `ready`: the form to answer (`form`);
   * `answered`: its result (`response`); `failed`: an input that breaks the contract, an error
   * or a denied call (`issues`).
   */
  status: "streaming" | "ready" | "answered" | "failed";
  form?: FormModel;
  partial?: PartialForm;
  response?: FormResponse;
  /** The errors of a failed part; what was read leniently in the others. */
  issues: Issue[];
}

/** The argument of the AI SDK's `addToolOutput` for a Data tool call. */
export interface DataToolOutput {
  tool: typeof FORM_TOOL_NAME;
  toolCallId: string;
  output: DataToolResult;
}

/** The view of a Data tool part; `undefined` for any other part. */
export function readToolPart(part: MessagePart): ToolPartView | undefined {
  if (!isDataToolPart(part)) return undefined;
  switch (part.state) {
    case "input-streaming":
      return streamingView(part);
    case "output-available":
      return answeredView(part);
    case "output-error":
      return failedView(part, problem("transport_error", [], part.errorText ?? "The tool call failed."));
    case "output-denied":
      return failedView(part, problem("request_cancelled", [], "The tool call was denied, so no form is shown."));
    default: {
      const read = dataProtocol.readForm(part.input);
      return read.ok
        ? { status: "ready", form: read.value, issues: read.warnings }
        : { status: "failed", issues: read.error.issues };
    }
  }
}

/**
 * The output for a Data tool part, for `addToolOutput`: the Data result of `response` (accept,
 * decline or cancel), checked against the part's form first; without a response, for a part
 * whose input breaks the contract, the `invalid_arguments` error result.
 */
export function answerToolPart(part: MessagePart, response?: FormResponse): Result<DataToolOutput> {
  if (!isDataToolPart(part) || typeof part.toolCallId !== "string")
    return failure("unsupported_input", [
      problem(
        "unsupported_input",
        ["type"],
        `The part is not a ${FORM_TOOL_NAME} tool call, so it cannot be answered.`,
      ),
    ]);
  const output = (result: DataToolResult): DataToolOutput => ({
    tool: FORM_TOOL_NAME,
    toolCallId: part.toolCallId as string,
    output: result,
  });
  const read = dataProtocol.readForm(part.input);
  if (!read.ok) {
    const issues = read.error.issues
      .filter((issue) => issue.severity === "error")
      .map(({ path, message }) => ({ path, message }));
    return success(output({ error: { code: "invalid_arguments", message: read.error.message, issues } }));
  }
  if (response === undefined)
    return failure("invalid_response", [
      problem("missing_answer", [], "No response was given: a valid form is answered with the person's response."),
    ]);
  const written = dataProtocol.writeAnswers(response, read.value);
  return written.ok ? success(output(written.value), written.warnings) : written;
}

function isDataToolPart(part: MessagePart): boolean {
  return part.type === `tool-${FORM_TOOL_NAME}` || (part.type === "dynamic-tool" && part.toolName === FORM_TOOL_NAME);
}

/** The questions that have fully arrived, as a partial form, and the problems they already have. */
function streamingView(part: MessagePart): ToolPartView {
  const { partial, issues } = readPartialDataInput(part.rawInput, part.input, part.toolCallId ?? FORM_TOOL_NAME);
  return { status: "streaming", partial, issues };
}

function answeredView(part: MessagePart): ToolPartView {
  const read = dataProtocol.readForm(part.input);
  if (!read.ok) return { status: "failed", issues: read.error.issues };
  const answers = dataProtocol.readAnswers(part.output, read.value);
  return answers.ok
    ? { status: "answered", form: read.value, response: answers.value, issues: answers.warnings }
    : { status: "failed", form: read.value, issues: answers.error.issues };
}

/** A failed call: the contract's problems when its input breaks it, else what the AI SDK said. */
function failedView(part: MessagePart, fallback: Issue): ToolPartView {
  const read = dataProtocol.readForm(part.input);
  if (!read.ok) return { status: "failed", issues: read.error.issues };
  return { status: "failed", form: read.value, issues: [fallback] };
}
