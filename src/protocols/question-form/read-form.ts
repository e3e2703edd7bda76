import type { FormModel, Result } from "../../model/index.js";
import { failure, problem, success, warning } from "../../model/index.js";
import type { FormSelection, TextSummary } from "../protocol.js";
import { readMessage } from "./scan/reader.js";
import type { FormSegment } from "./scan/segments.js";

/**
 * The form of a message: the one named by `formId`, or the preferred one, or the first.
 * Choosing the first of several is a warning, so a message with more forms than the caller
 * expected is noticed.
 */
export function readQuestionForm(input: unknown, options: FormSelection = {}): Result<FormModel> {
  if (typeof input !== "string")
    return failure("invalid_form", [problem("invalid_type", [], "A <question-form> message must be text.")]);
  const { segments, warnings } = readMessage(input);
  const forms = segments.filter((segment): segment is FormSegment => segment.kind === "form");
  const broken = segments.flatMap((segment) => (segment.kind === "error" ? segment.issues : []));
  const ids = forms.map((form) => `"${form.id}"`).join(", ");
  const named = forms.find((form) => form.id === (options.formId ?? options.preferredFormId));
  if (named === undefined && options.formId !== undefined) {
    const found = forms.length === 0 ? "no readable forms" : `the forms ${ids}`;
    const message = `The message has no form "${options.formId}": it has ${found}.`;
    return failure("form_not_found", [problem("form_not_found", [], message), ...broken]);
  }
  const read = named ?? forms[0];
  if (read === undefined) {
    const none = problem("no_form", [], "The message has no readable <question-form> block.");
    return failure("invalid_form", [none, ...broken, ...warnings]);
  }
  const several =
    `The message holds ${forms.length} forms (${ids}), and the first, "${read.id}", was read: ` +
    "name one to choose another.";
  const first = named === undefined && forms.length > 1 ? [warning("several_forms", [], several)] : [];
  return success(read.form, [...read.warnings, ...warnings, ...first]);
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
