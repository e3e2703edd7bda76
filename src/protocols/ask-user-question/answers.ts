import * as v from "valibot";
import {
  type AnswerValue,
  type FormModel,
  type FormResponse,
  type Result,
  emptyRecord,
  failure,
  jsonValueProblem,
  setOwn,
  success,
  validateAnswers,
  quoted,
} from "../../model/index.js";
import { Report } from "../report/index.js";
import { type AnswerPart, joinAnswer, splitAnswer } from "./answer-text.js";
import { type AskedQuestion, writeQuestions } from "./write-form.js";
import { type AskUserQuestionFormExtension, extensionOf } from "./extensions.js";
import { DENY_MESSAGES, UNANSWERED } from "./limits.js";
import { ANSWERED, RESULT, type WireAnswered } from "./schema.js";
import type { AskUserQuestionAnnotation, AskUserQuestionItem, AskUserQuestionResult } from "./wire.js";

/**
 * Reads what a host returns from `canUseTool` for AskUserQuestion (`{ behavior: "allow",
 * updatedInput: { questions, answers, annotations? } }`, or `deny`), or the tool's output
 * (`{ questions, answers, annotations?, … }`), against the form it answers: the questions
 * must be the ones the form is asked as, answers are keyed by question text and carry labels
 * (docs/ask-user-question.md, "Answers"). A `deny` is a decline, or a cancel with `interrupt`.
 */
export function readAskUserQuestionAnswers(input: unknown, form: FormModel): Result<FormResponse> {
  const notJson = jsonValueProblem(input);
  if (notJson !== undefined) return failure("invalid_response", [notJson]);
  const report = Report.start();
  let answered: unknown = input;
  let at = report;
  if (typeof input === "object" && input !== null && Object.hasOwn(input, "behavior")) {
    const result = v.safeParse(RESULT, input, { abortEarly: false });
    if (!result.success) return report.valibot(result.issues).fail("invalid_response");
    if (result.output.behavior === "deny")
      return success({ action: result.output.interrupt === true ? "cancel" : "decline" });
    // An allow without updatedInput answers nothing: the tool runs with the questions as they were.
    if (result.output.updatedInput === undefined)
      return checked(form, emptyRecord(), report.at("updatedInput", "answers"));
    answered = result.output.updatedInput;
    at = report.at("updatedInput");
  }
  const parsed = v.safeParse(ANSWERED, answered, { abortEarly: false });
  if (!parsed.success) return at.valibot(parsed.issues).fail("invalid_response");
  const written = writeQuestions(form);
  if (!written.report.ok) return written.report.fail("unsupported_form");
  // valibot's record skips a `__proto__` key: the answers and annotations are read from the input itself.
  const raw = answered as Pick<WireAnswered, "answers" | "annotations">;
  return readAnswered(
    { ...parsed.output, answers: raw.answers, annotations: raw.annotations },
    written.asked,
    form,
    at,
  );
}

function readAnswered(wire: WireAnswered, asked: AskedQuestion[], form: FormModel, at: Report): Result<FormResponse> {
  sameQuestions(wire.questions, asked, at.at("questions"));
  if (wire.response !== undefined)
    at.at("response").error(
      "unsupported_response",
      `The person replied in their own words instead of answering the questions (${quoted(wire.response)}); ` +
        `formgate reads answers to the questions only.`,
    );
  if (!at.ok) return at.fail("invalid_response");
  const answers = wire.answers ?? {};
  if (wire.afkTimeoutMs !== undefined) {
    // Resolved while the person was away: nothing was submitted, so nothing is applied.
    if (Object.keys(answers).length > 0)
      at.at("answers").warn(
        "ignored",
        `The dialog closed by itself after ${wire.afkTimeoutMs} ms without the person: its answers were not ` +
          `submitted and are not applied.`,
      );
    return at.result("invalid_response", { action: "cancel" });
  }
  const model = emptyRecord<AnswerValue>();
  const byText = new Map(asked.map((one) => [one.item.question, one]));
  for (const [text, answer] of Object.entries(answers)) {
    const one = byText.get(text);
    const here = at.at("answers", text).question(one?.field.id);
    if (one === undefined) {
      here.error("unknown_field", `The answers name ${quoted(text)}, which is not a question that was asked.`);
      continue;
    }
    if (typeof answer !== "string" && !(Array.isArray(answer) && answer.every((item) => typeof item === "string"))) {
      here.error("invalid_type", "The answer must be the chosen label (or labels), a string.");
      continue;
    }
    const unanswered = Object.hasOwn(wire.annotations ?? {}, text) ? wire.annotations?.[text]?.unanswered : undefined;
    if (typeof unanswered === "string" && (UNANSWERED as readonly string[]).includes(unanswered)) {
      here.warn(
        "ignored",
        `It went unanswered (${unanswered}): the text beside it is the host's note for the model, not an answer.`,
      );
      continue;
    }
    const value = readAnswer(one, answer, here);
    if (value !== undefined) setOwn(model, one.field.id, value);
  }
  // The person's notes are kept as notes beside the answers, never as answers (docs/ask-user-question.md, decision 6).
  const notes = emptyRecord<string>();
  for (const [text, annotation] of Object.entries(wire.annotations ?? {})) {
    if (typeof annotation?.notes !== "string" || annotation.notes === "") continue;
    const one = byText.get(text);
    if (one !== undefined) setOwn(notes, one.field.id, annotation.notes);
    else
      at.at("annotations", text, "notes").warn(
        "dropped",
        `The notes on ${quoted(text)} (${quoted(annotation.notes)}) belong to no question that was asked, so ` +
          `they are dropped.`,
      );
  }
  return checked(form, model, at.at("answers"), notes);
}

/** The answers checked by the model's rules, each problem under `report` at its question's id. */
function checked(
  form: FormModel,
  answers: Record<string, AnswerValue>,
  report: Report,
  notes: Record<string, string> = emptyRecord(),
): Result<FormResponse> {
  report.answers(validateAnswers(form, answers), form);
  return report.result(
    "invalid_response",
    Object.keys(notes).length > 0 ? { action: "accept", answers, notes } : { action: "accept", answers },
  );
}

/** The questions passed back must be the ones shown: the form's, as formgate asks them. */
function sameQuestions(wire: readonly unknown[], asked: AskedQuestion[], report: Report): void {
  const normal = (item: unknown) => {
    const question = item as AskUserQuestionItem;
    return JSON.stringify({ ...question, multiSelect: question.multiSelect ?? false });
  };
  const same =
    wire.length === asked.length && wire.every((item, i) => normal(item) === normal((asked[i] as AskedQuestion).item));
  if (!same)
    report.error(
      "invalid_value",
      `The questions passed back are not the ones the form is asked as ` +
        `(${asked.map((one) => quoted(one.item.question)).join(", ")}): answers to other questions cannot be ` +
        `this form's.`,
    );
}

/** One question's answer as a model value, or undefined (unanswered, or a problem reported). */
function readAnswer(one: AskedQuestion, answer: string | string[], report: Report): AnswerValue | undefined {
  const labels = one.item.options.map((option) => option.label);
  const typedAllowed = one.field.kind === "choice" && one.field.custom !== undefined;
  let parts: AnswerPart[];
  if (Array.isArray(answer)) parts = answer.map((text) => (labels.includes(text) ? { label: text } : { typed: text }));
  else if (answer === "") return undefined;
  else if (!one.item.multiSelect) parts = [singlePart(answer, labels)];
  else {
    const split = splitAnswer(answer, labels, typedAllowed);
    if (!split.ok) {
      report.error(
        "invalid_value",
        `The answer ${quoted(answer)} reads as more than one set of options ` +
          `(${labels.map((l) => quoted(l)).join(", ")}); a label holding ", " must be JSON-quoted.`,
      );
      return undefined;
    }
    parts = split.parts;
  }
  const values = parts.map((part) => ("label" in part ? one.values[labels.indexOf(part.label)] : part.typed));
  if (one.field.kind === "boolean" || !one.item.multiSelect) {
    if (values.length !== 1) {
      report.error("too_many", `It takes one answer, and the answer has ${values.length}.`);
      return undefined;
    }
    return values[0] as AnswerValue;
  }
  return values as string[];
}

/** A single-select answer: a label (as it is, or JSON-quoted), or else the typed answer. */
function singlePart(answer: string, labels: readonly string[]): AnswerPart {
  if (labels.includes(answer)) return { label: answer };
  if (answer.startsWith('"')) {
    try {
      const decoded: unknown = JSON.parse(answer);
      if (typeof decoded === "string" && labels.includes(decoded)) return { label: decoded };
    } catch {
      // Not a quoted label: the typed answer, as it is.
    }
  }
  return { typed: answer };
}

/**
 * Writes a model response as what a host returns from `canUseTool`: the answers as
 * `{ behavior: "allow", updatedInput: { questions, answers } }` (labels, multi-select ones
 * joined as Claude Code joins them), a decline as `deny`, a cancel as `deny` with `interrupt`.
 */
export function writeAskUserQuestionAnswers(response: FormResponse, form: FormModel): Result<AskUserQuestionResult> {
  if (response.action !== "accept")
    return success(
      response.action === "cancel"
        ? { behavior: "deny", message: DENY_MESSAGES.cancel, interrupt: true }
        : { behavior: "deny", message: DENY_MESSAGES.decline },
    );
  const report = Report.start(["answers"]);
  report.answers(validateAnswers(form, response.answers), form);
  if (!report.ok) return report.fail("invalid_response");
  const written = writeQuestions(form);
  if (!written.report.ok) return written.report.fail("unsupported_form");
  const notes = Report.start(["notes"]);
  const answers: Record<string, string> = {};
  for (const [index, field] of form.fields.entries()) {
    const value = Object.hasOwn(response.answers, field.id) ? response.answers[field.id] : undefined;
    if (value === undefined) continue;
    const one = written.asked.find((asked) => asked.index === index);
    const here = report.at(field.id).question(field.id, index);
    if (one === undefined) {
      here.error(
        "unsupported_response",
        `It is not asked in AskUserQuestion (it takes no typed text or number), so its answer cannot be written.`,
      );
      continue;
    }
    const text = answerText(one, value);
    if (text !== undefined) answers[one.item.question] = text;
    else
      here.warn(
        "approximated",
        "Nothing chosen is written as no answer (AskUserQuestion has no empty answer), and reads back as unanswered.",
      );
  }
  if (!report.ok) return report.fail("unsupported_response");
  const updatedInput: AskUserQuestionResult & { behavior: "allow" } = {
    behavior: "allow",
    updatedInput: { questions: written.asked.map((one) => one.item), answers },
  };
  const annotations = annotationsOf(response.notes ?? {}, written.asked, notes);
  if (annotations !== undefined) updatedInput.updatedInput.annotations = annotations;
  const { metadata } = extensionOf<AskUserQuestionFormExtension>(form);
  if (metadata !== undefined) updatedInput.updatedInput.metadata = structuredClone(metadata);
  // What is written must read back as the same answers: an answer that would not (a typed
  // answer that reads as labels) is refused, naming its question, rather than changed.
  const back = readAskUserQuestionAnswers(updatedInput, form);
  const said = (answers: Record<string, AnswerValue>, id: string) => {
    const value = Object.hasOwn(answers, id) ? answers[id] : undefined;
    return JSON.stringify(Array.isArray(value) && value.length === 0 ? null : (value ?? null));
  };
  const readBack = back.ok && back.value.action === "accept" ? back.value.answers : emptyRecord<AnswerValue>();
  const changed = form.fields.filter((field) => said(readBack, field.id) !== said(response.answers, field.id));
  for (const field of changed)
    report
      .at(field.id)
      .question(field.id)
      .error(
        "unsupported_response",
        `The answer ${quoted(response.answers[field.id])} would read back differently from AskUserQuestion's ` +
          `text, so it is not written.`,
      );
  if (!report.ok) return report.fail("unsupported_response");
  return success(updatedInput, [...report.warnings, ...notes.warnings]);
}

/**
 * The person's notes as annotations keyed by question text; a note on a question not asked is dropped with a warning.
 */
function annotationsOf(
  notes: Record<string, string>,
  asked: AskedQuestion[],
  report: Report,
): Record<string, AskUserQuestionAnnotation> | undefined {
  const annotations: Record<string, AskUserQuestionAnnotation> = {};
  for (const [id, note] of Object.entries(notes)) {
    const one = asked.find((question) => question.field.id === id);
    if (one !== undefined) annotations[one.item.question] = { notes: note };
    else
      report
        .at(id)
        .question(id)
        .warn("dropped", "It is not asked in AskUserQuestion, so its note has no place and is dropped.");
  }
  return Object.keys(annotations).length > 0 ? annotations : undefined;
}

/** One answer as AskUserQuestion's text: a label, a typed answer, or labels joined; undefined for an empty list. */
function answerText(one: AskedQuestion, value: AnswerValue): string | undefined {
  const labelOf = (item: string | number | boolean) => {
    const j = one.values.indexOf(item as string | boolean);
    return j === -1 ? String(item) : (one.item.options[j] as { label: string }).label;
  };
  if (!Array.isArray(value)) return labelOf(value);
  if (value.length === 0) return undefined;
  return joinAnswer(value.map(labelOf));
}
