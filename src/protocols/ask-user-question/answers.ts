import * as v from "valibot";
import {
  type AnswerValue,
  type FormModel,
  type FormResponse,
  type Issue,
  type PathSegment,
  type Result,
  emptyRecord,
  failure,
  jsonValueProblem,
  problem,
  setOwn,
  success,
  validateAnswers,
  warning,
  quoted,
} from "../../model/index.js";
import { fromValibot } from "../valibot-issues.js";
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
  let answered: unknown = input;
  let at: PathSegment[] = [];
  if (typeof input === "object" && input !== null && Object.hasOwn(input, "behavior")) {
    const result = v.safeParse(RESULT, input, { abortEarly: false });
    if (!result.success) return failure("invalid_response", fromValibot(result.issues));
    if (result.output.behavior === "deny")
      return success({ action: result.output.interrupt === true ? "cancel" : "decline" });
    // An allow without updatedInput answers nothing: the tool runs with the questions as they were.
    if (result.output.updatedInput === undefined) return checked(form, emptyRecord(), [], []);
    answered = result.output.updatedInput;
    at = ["updatedInput"];
  }
  const parsed = v.safeParse(ANSWERED, answered, { abortEarly: false });
  if (!parsed.success) return failure("invalid_response", fromValibot(parsed.issues, at));
  const written = writeQuestions(form);
  if (written.errors.length > 0) return failure("unsupported_form", written.errors);
  // valibot's record skips a `__proto__` key: the answers and annotations are read from the input itself.
  const raw = answered as Pick<WireAnswered, "answers" | "annotations">;
  return readAnswered(
    { ...parsed.output, answers: raw.answers, annotations: raw.annotations },
    written.asked,
    form,
    at,
  );
}

function readAnswered(
  wire: WireAnswered,
  asked: AskedQuestion[],
  form: FormModel,
  at: PathSegment[],
): Result<FormResponse> {
  const issues: Issue[] = [];
  const warnings: Issue[] = [];
  sameQuestions(wire.questions, asked, [...at, "questions"], issues);
  if (wire.response !== undefined)
    issues.push(
      problem(
        "unsupported_response",
        [...at, "response"],
        `The person replied in their own words instead of answering the questions (${quoted(wire.response)}); ` +
          `formgate reads answers to the questions only.`,
      ),
    );
  if (issues.length > 0) return failure("invalid_response", issues);
  const answers = wire.answers ?? {};
  if (wire.afkTimeoutMs !== undefined) {
    // Resolved while the person was away: nothing was submitted, so nothing is applied.
    if (Object.keys(answers).length > 0)
      warnings.push(
        warning(
          "ignored",
          [...at, "answers"],
          `The dialog closed by itself after ${wire.afkTimeoutMs} ms without the person: its answers were not ` +
            `submitted and are not applied.`,
        ),
      );
    return success({ action: "cancel" }, warnings);
  }
  const model = emptyRecord<AnswerValue>();
  const byText = new Map(asked.map((one) => [one.item.question, one]));
  for (const [text, answer] of Object.entries(answers)) {
    const path = [...at, "answers", text];
    const one = byText.get(text);
    if (one === undefined) {
      issues.push(
        problem("unknown_field", path, `The answers name ${quoted(text)}, which is not a question that was asked.`),
      );
      continue;
    }
    if (typeof answer !== "string" && !(Array.isArray(answer) && answer.every((item) => typeof item === "string"))) {
      issues.push(
        about(one, problem("invalid_type", path, "The answer must be the chosen label (or labels), a string.")),
      );
      continue;
    }
    const unanswered = Object.hasOwn(wire.annotations ?? {}, text) ? wire.annotations?.[text]?.unanswered : undefined;
    if (typeof unanswered === "string" && (UNANSWERED as readonly string[]).includes(unanswered)) {
      warnings.push(
        about(
          one,
          warning(
            "ignored",
            path,
            `It went unanswered (${unanswered}): the text beside it is the host's note for the model, not an answer.`,
          ),
        ),
      );
      continue;
    }
    const value = readAnswer(one, answer, path, issues);
    if (value !== undefined) setOwn(model, one.field.id, value);
  }
  // The person's notes are kept as notes beside the answers, never as answers (docs/ask-user-question.md, decision 6).
  const notes = emptyRecord<string>();
  for (const [text, annotation] of Object.entries(wire.annotations ?? {})) {
    if (typeof annotation?.notes !== "string" || annotation.notes === "") continue;
    const one = byText.get(text);
    if (one !== undefined) setOwn(notes, one.field.id, annotation.notes);
    else
      warnings.push(
        warning(
          "dropped",
          [...at, "annotations", text, "notes"],
          `The notes on ${quoted(text)} (${quoted(annotation.notes)}) belong to no question that was asked, so ` +
            `they are dropped.`,
        ),
      );
  }
  return checked(form, model, issues, warnings, [...at, "answers"], notes);
}

function checked(
  form: FormModel,
  answers: Record<string, AnswerValue>,
  issues: Issue[],
  warnings: Issue[],
  at: PathSegment[] = ["updatedInput", "answers"],
  notes: Record<string, string> = emptyRecord(),
): Result<FormResponse> {
  // The model's check names each answer by its question id under `at`, which AskUserQuestion's envelope does not say.
  const byId = validateAnswers(form, answers, at).map((issue) => {
    const id = issue.path[at.length];
    return typeof id === "string" && form.fields.some((field) => field.id === id) ? { ...issue, question: id } : issue;
  });
  const all = [...issues, ...byId];
  if (all.length > 0) return failure("invalid_response", all);
  return success(
    Object.keys(notes).length > 0 ? { action: "accept", answers, notes } : { action: "accept", answers },
    warnings,
  );
}

/** The questions passed back must be the ones shown: the form's, as formgate asks them. */
function sameQuestions(wire: readonly unknown[], asked: AskedQuestion[], at: PathSegment[], issues: Issue[]): void {
  const normal = (item: unknown) => {
    const question = item as AskUserQuestionItem;
    return JSON.stringify({ ...question, multiSelect: question.multiSelect ?? false });
  };
  const same =
    wire.length === asked.length && wire.every((item, i) => normal(item) === normal((asked[i] as AskedQuestion).item));
  if (!same)
    issues.push(
      problem(
        "invalid_value",
        at,
        `The questions passed back are not the ones the form is asked as ` +
          `(${asked.map((one) => quoted(one.item.question)).join(", ")}): answers to other questions cannot be ` +
          `this form's.`,
      ),
    );
}

/** An issue about the question `one` asks: its path is the wire's (the question's text), its `question` the id. */
function about(one: AskedQuestion, issue: Issue): Issue {
  return { ...issue, question: one.field.id };
}

/** One question's answer as a model value, or undefined (unanswered, or a problem reported). */
function readAnswer(
  one: AskedQuestion,
  answer: string | string[],
  path: PathSegment[],
  issues: Issue[],
): AnswerValue | undefined {
  const labels = one.item.options.map((option) => option.label);
  const typedAllowed = one.field.kind === "choice" && one.field.custom !== undefined;
  let parts: AnswerPart[];
  if (Array.isArray(answer)) parts = answer.map((text) => (labels.includes(text) ? { label: text } : { typed: text }));
  else if (answer === "") return undefined;
  else if (!one.item.multiSelect) parts = [singlePart(answer, labels)];
  else {
    const split = splitAnswer(answer, labels, typedAllowed);
    if (!split.ok) {
      issues.push(
        about(
          one,
          problem(
            "invalid_value",
            path,
            `The answer ${quoted(answer)} reads as more than one set of options ` +
              `(${labels.map((l) => quoted(l)).join(", ")}); a label holding ", " must be JSON-quoted.`,
          ),
        ),
      );
      return undefined;
    }
    parts = split.parts;
  }
  const values = parts.map((part) => ("label" in part ? one.values[labels.indexOf(part.label)] : part.typed));
  if (one.field.kind === "boolean" || !one.item.multiSelect) {
    if (values.length !== 1) {
      issues.push(about(one, problem("too_many", path, `It takes one answer, and the answer has ${values.length}.`)));
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
  const invalid = validateAnswers(form, response.answers, ["answers"]);
  if (invalid.length > 0) return failure("invalid_response", invalid);
  const written = writeQuestions(form);
  if (written.errors.length > 0) return failure("unsupported_form", written.errors);
  const issues: Issue[] = [];
  const warnings: Issue[] = [];
  const answers: Record<string, string> = {};
  for (const [index, field] of form.fields.entries()) {
    const value = Object.hasOwn(response.answers, field.id) ? response.answers[field.id] : undefined;
    if (value === undefined) continue;
    const one = written.asked.find((asked) => asked.index === index);
    if (one === undefined) {
      issues.push(
        problem(
          "unsupported_response",
          ["answers", field.id],
          `It is not asked in AskUserQuestion (it takes no typed text or number), so its answer cannot be written.`,
        ),
      );
      continue;
    }
    const text = answerText(one, value);
    if (text !== undefined) answers[one.item.question] = text;
    else
      warnings.push(
        warning(
          "approximated",
          ["answers", field.id],
          "Nothing chosen is written as no answer (AskUserQuestion has no empty answer), and reads back as " +
            "unanswered.",
        ),
      );
  }
  if (issues.length > 0) return failure("unsupported_response", issues);
  const updatedInput: AskUserQuestionResult & { behavior: "allow" } = {
    behavior: "allow",
    updatedInput: { questions: written.asked.map((one) => one.item), answers },
  };
  const annotations = annotationsOf(response.notes ?? {}, written.asked, warnings);
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
  if (changed.length > 0)
    return failure(
      "unsupported_response",
      changed.map((field) =>
        problem(
          "unsupported_response",
          ["answers", field.id],
          `The answer ${quoted(response.answers[field.id])} would read back differently from AskUserQuestion's ` +
            `text, so it is not written.`,
        ),
      ),
    );
  return success(updatedInput, warnings);
}

/**
 * The person's notes as annotations keyed by question text; a note on a question not asked is dropped with a warning.
 */
function annotationsOf(
  notes: Record<string, string>,
  asked: AskedQuestion[],
  warnings: Issue[],
): Record<string, AskUserQuestionAnnotation> | undefined {
  const annotations: Record<string, AskUserQuestionAnnotation> = {};
  for (const [id, note] of Object.entries(notes)) {
    const one = asked.find((question) => question.field.id === id);
    if (one !== undefined) annotations[one.item.question] = { notes: note };
    else
      warnings.push(
        warning(
          "dropped",
          ["notes", id],
          "It is not asked in AskUserQuestion, so its note has no place and is dropped.",
        ),
      );
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
