import type { FormModel, FormResponse, Issue } from "../../model/index.js";
import { isUnanswered, ownValue } from "../../model/index.js";
import { readAnswerMessage } from "./read-answers.js";

/** Whether an answer message (or response) completes a form: every required question answered. */
export interface Completion {
  complete: boolean;
  /** Required questions still without an answer, in form order. */
  missing: { id: string; label?: string }[];
  /** Problems that keep the message from counting as answers at all (wrong form id, …). */
  issues: Issue[];
}

export function formCompletion(form: FormModel, input: string | FormResponse): Completion {
  const { answers, issues }: { answers: Readonly<Record<string, unknown>>; issues: Issue[] } =
    typeof input === "string"
      ? readAnswerMessage(input, form)
      : { answers: input.action === "accept" ? input.answers : {}, issues: [] };
  const missing = form.fields
    .filter((field) => field.required && isUnanswered(ownValue(answers, field.id)))
    .map(({ id, label }) => (label === undefined ? { id } : { id, label }));
  return { complete: missing.length === 0 && issues.length === 0, missing, issues };
}
