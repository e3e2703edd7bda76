import type { FormModel, Result } from "../../model/index.js";
import { failure, problem, success } from "../../model/index.js";
import { pickForm } from "../pick-form.js";
import type { FormSelection, TextSummary } from "../protocol.js";
import { readMessage } from "./scan/reader.js";
import type { FormSegment } from "./scan/segments.js";

/** The form of a message: the one named by `formId`, or the preferred one, or the first (`pickForm`). */
export function readQuestionForm(input: unknown, options: FormSelection = {}): Result<FormModel> {
  if (typeof input !== "string")
    return failure("invalid_form", [problem("invalid_type", [], "A <question-form> message must be text.")]);
  const { segments, warnings } = readMessage(input);
  const forms = segments.filter((segment): segment is FormSegment => segment.kind === "form");
  const broken = segments.flatMap((segment) => (segment.kind === "error" ? segment.issues : []));
  const picked = pickForm(
    forms.map((form) => form.id),
    options,
    { path: [], input: "The message", form: "form", forms: "forms" },
  );
  if (!picked.ok) return failure("form_not_found", [...picked.error.issues, ...broken]);
  const read = forms[picked.value];
  if (read === undefined) {
    const none = problem("no_form", [], "The message has no readable <question-form> block.");
    return failure("invalid_form", [none, ...broken, ...warnings]);
  }
  return success(read.form, [...read.warnings, ...warnings, ...picked.warnings]);
}

/** What `formgate validate --as question-form FILE` reports about an assistant message. */
export function summarizeMessage(text: string): TextSummary {
  const { segments, warnings } = readMessage(text);
  const forms = segments.filter((segment): segment is FormSegment => segment.kind === "form");
  const found = segments.flatMap((s) => (s.kind === "form" ? s.warnings : s.kind === "error" ? s.issues : []));
  const problems = [...found, ...warnings];
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  return {
    ok: !problems.some((p) => p.severity === "error"),
    forms: forms.map(({ id, line, column, form, title }) => ({
      id,
      line,
      column,
      fields: form.fields.length,
      ...(title !== undefined && { title }),
    })),
    problems,
  };
}
