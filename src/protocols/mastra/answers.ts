import {
  type FormModel,
  type FormResponse,
  type Result,
  failure,
  jsonValueProblem,
  quoted,
  success,
} from "../../model/index.js";
import { formIdOf } from "../derived-id.js";
import { Report } from "../report/index.js";
import { readAnswerContent, writeElicitResult } from "../json-schema/answers.js";
import { formExtension } from "./extensions.js";
import type { MastraResumeData } from "./wire.js";

/**
 * Reads the `resumeData` answering a suspended Mastra tool call (what
 * `agent.resumeStream(resumeData, { runId, toolCallId })` takes): the object its `resumeSchema`
 * describes, checked against the form; any problem is `invalid_response` and nothing is applied.
 * `resumeData` is always an answer: Mastra has no decline or cancel (docs/mastra.md).
 */
export function readMastraAnswers(input: unknown, form: FormModel): Result<FormResponse> {
  const notJson = jsonValueProblem(input);
  if (notJson !== undefined) return failure("invalid_response", [notJson]);
  return readAnswerContent(input, form, Report.start());
}

/**
 * Writes a model response as the `resumeData` of the form's tool call (after checking it). A
 * decline or a cancel has no `resumeData`: it is `unsupported_response`, naming the way out
 * (leave the tool call suspended; a tool call waiting for approval is declined with
 * `agent.declineToolCall`, or answered `approved: false`).
 */
export function writeMastraAnswers(response: FormResponse, form: FormModel): Result<MastraResumeData> {
  if (response.action !== "accept") {
    const report = Report.start(["action"]);
    report.error("unsupported_response", refusal(response.action, form));
    return report.fail("unsupported_response");
  }
  const written = writeElicitResult(response, form);
  if (!written.ok) return written;
  return success(written.value.action === "accept" ? written.value.content : {});
}

function refusal(action: "decline" | "cancel", form: FormModel): string {
  const call = quoted(formIdOf(form));
  return (
    `Mastra's resumeData is always an answer: the person's ${action} cannot be written as one. ` +
    (formExtension(form).approval
      ? `Decline the tool call ${call} with agent.declineToolCall({ runId, toolCallId }) instead.`
      : `Leave the tool call ${call} suspended (do not resume the run), or resume it with a value the tool's own ` +
        "resumeSchema defines for a refusal.")
  );
}
