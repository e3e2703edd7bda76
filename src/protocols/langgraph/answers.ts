import {
  type FormModel,
  type FormResponse,
  type Result,
  emptyRecord,
  failure,
  jsonValueProblem,
  quoted,
  success,
} from "../../model/index.js";
import { formIdOf } from "../derived-id.js";
import { Report } from "../report/index.js";
import { readAnswerContent, writeElicitResult } from "../json-schema/answers.js";
import { isRecord } from "../json-schema/index.js";
import { formExtension } from "./extensions.js";
import { readHitlResponse, writeHitlResponse } from "./hitl.js";
import type { LangGraphCommandParams, LangGraphResumeValue, LangGraphResumes } from "./wire.js";

/** The keys of `Command` params other than `resume`: they steer the run and are no answers. */
const COMMAND_KEYS = ["lg_name", "update", "goto", "graph"];

/**
 * Reads the answer to a LangGraph interrupt: its resume value (the object `response_schema`
 * describes), a resume map `{ [interruptId]: value }` holding it, or `Command` params `{ resume }`
 * holding either (a form question named `resume`, or named like the interrupt, is read as an
 * answer, not as the envelope). The answers are checked against the form: any problem is
 * `invalid_response` and nothing is applied. A resume value is always an answer: LangGraph has no
 * decline or cancel (docs/langgraph.md). A form read from a `humanInTheLoopMiddleware` request is
 * answered by a `HITLResponse` `{ decisions }`, one per tool call in order.
 */
export function readLangGraphAnswers(input: unknown, form: FormModel): Result<FormResponse> {
  const notJson = jsonValueProblem(input);
  if (notJson !== undefined) return failure("invalid_response", [notJson]);
  const [value, at] = resumeValue(input, form, Report.start());
  const { hitl } = formExtension(form);
  if (hitl !== undefined) return readHitlResponse(value, at, hitl, form);
  return readAnswerContent(value, form, at);
}

/** The resume value in `input`, and where it is. */
function resumeValue(input: unknown, form: FormModel, report: Report): [unknown, Report] {
  const asks = (id: string) => form.fields.some((field) => field.id === id);
  let value = input;
  let at = report;
  if (isRecord(input) && (input.lg_name === "Command" || (Object.hasOwn(input, "resume") && !asks("resume")))) {
    for (const key of Object.keys(input).filter((key) => key !== "resume" && key !== "lg_name"))
      report
        .at(key)
        .warn(
          "ignored",
          `The Command's ${quoted(key)} ` +
            `${COMMAND_KEYS.includes(key) ? "steers the run" : "is no member of a Command"}, so it is not an answer ` +
            "and is ignored.",
        );
    value = input.resume;
    at = report.at("resume");
  }
  const id = formIdOf(form);
  if (!isRecord(value) || !Object.hasOwn(value, id) || asks(id)) return [value, at];
  const others = Object.keys(value).length - 1;
  if (others > 0)
    at.warn(
      "ignored",
      `The resume map holds ${others} more value${others === 1 ? "" : "s"}, resuming other interrupts; only the ` +
        `one for ${quoted(id)} is read.`,
    );
  return [value[id], at.at(id)];
}

/**
 * Writes a model response as the resume value of the form's interrupt (after checking it). A
 * resume value has no decline or cancel: those are `unsupported_response`, naming the way out
 * (leave the interrupt pending, or resume with a value the graph's own schema defines for it). A form
 * read from a `humanInTheLoopMiddleware` request is answered by its `HITLResponse`.
 */
export function writeLangGraphAnswers(response: FormResponse, form: FormModel): Result<LangGraphResumes> {
  if (response.action !== "accept") {
    const report = Report.start(["action"]);
    report.error(
      "unsupported_response",
      `A LangGraph resume value is always an answer: the person's ${response.action} cannot be written as one. ` +
        `Leave the interrupt ${quoted(formIdOf(form))} pending (do not resume the run), or resume it with a value ` +
        "the graph's own response_schema defines for a refusal.",
    );
    return report.fail("unsupported_response");
  }
  const written = writeElicitResult(response, form);
  if (!written.ok) return written;
  const content = written.value.action === "accept" ? written.value.content : {};
  const { hitl } = formExtension(form);
  return hitl === undefined ? success(content as LangGraphResumeValue) : writeHitlResponse(content, hitl);
}

/** One interrupt's form and the person's response to it. */
export interface AnsweredInterrupt {
  form: FormModel;
  response: FormResponse;
}

/**
 * The `Command` params resuming a run from formgate responses: `new Command(result.value)`. One
 * answered interrupt resumes with its value (`{ resume: value }`); several (all the run's pending
 * interrupts), or one with `{ map: true }` (when others stay pending), with a resume map keyed by
 * interrupt id. Any response that cannot be written (invalid, a decline or cancel) is the error,
 * and no command is made.
 */
export function resumeCommand(
  answered: readonly AnsweredInterrupt[],
  options: { map?: boolean } = {},
): Result<LangGraphCommandParams> {
  // No prototype: an interrupt id is any string, `__proto__` too.
  const values = emptyRecord<LangGraphResumes>();
  const report = Report.start();
  for (const [index, { form, response }] of answered.entries()) {
    const id = formIdOf(form);
    const written = writeLangGraphAnswers(response, form);
    if (Object.hasOwn(values, id))
      report.at(index).error("duplicate_answer", `The interrupt ${quoted(id)} is answered twice; it takes one answer.`);
    if (!written.ok) report.at(index).adopt(written.error.issues);
    else {
      values[id] = written.value;
      report.at(index).adopt(written.warnings);
    }
  }
  if (answered.length === 0)
    report.error("invalid_value", "No interrupt was answered, so there is nothing to resume with.");
  if (!report.ok)
    return report.fail(report.errors[0]?.code === "unsupported_response" ? "unsupported_response" : "invalid_response");
  const [only] = Object.values(values);
  const resume = answered.length === 1 && options.map !== true && only !== undefined ? only : values;
  return report.result("invalid_response", { resume });
}
