import type { FormModel, FormResponse, Issue } from "../../model/index.js";
import { ownValue } from "../../model/index.js";
import type { TextSummary } from "../protocol.js";
import { parseAnswerMessage } from "./read-answers.js";
import { readMessage } from "./reader.js";

/** What `formgate validate --as question-form FILE` reports about an assistant message. */
export function summarizeMessage(text: string): TextSummary {
  const { segments, warnings } = readMessage(text);
  const forms: TextSummary["forms"] = [];
  const problems: Issue[] = [];
  for (const segment of segments) {
    if (segment.kind === "form") {
      const entry: TextSummary["forms"][number] = {
        id: segment.id,
        line: segment.line,
        column: segment.column,
        fields: segment.form.fields.length,
      };
      if (segment.title !== undefined) entry.title = segment.title;
      forms.push(entry);
      for (const issue of segment.warnings) problems.push(issue);
    } else if (segment.kind === "error") for (const issue of segment.issues) problems.push(issue);
  }
  for (const issue of warnings) problems.push(issue);
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  return { ok: !problems.some((p) => p.severity === "error"), forms, problems };
}

/** Whether an answer message (or response) completes a form: every required question answered. */
export interface Completion {
  complete: boolean;
  /** Required questions still without an answer, in form order. */
  missing: { id: string; label?: string }[];
  /** Problems that keep the message from counting as answers at all (wrong form id, …). */
  issues: Issue[];
}

export function formCompletion(form: FormModel, input: string | FormResponse): Completion {
  let answers: Readonly<Record<string, unknown>> = {};
  let issues: Issue[] = [];
  if (typeof input === "string") {
    const parsed = parseAnswerMessage(input, form);
    answers = parsed.answers;
    issues = parsed.issues;
  } else if (input.action === "accept") answers = input.answers;
  const missing = form.fields
    .filter((field) => field.required)
    .filter((field) => {
      const value = ownValue(answers, field.id);
      return (
        value === undefined ||
        (typeof value === "string" && value.trim() === "") ||
        (Array.isArray(value) && value.length === 0)
      );
    })
    .map((field) => (field.label === undefined ? { id: field.id } : { id: field.id, label: field.label }));
  return { complete: missing.length === 0 && issues.length === 0, missing, issues };
}
