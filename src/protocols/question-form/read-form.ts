import type { FormModel, Issue, Result } from "../../model/index.js";
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
  if (options.formId !== undefined) {
    const named = forms.find((form) => form.id === options.formId);
    if (named !== undefined) return success(named.form, [...named.warnings, ...warnings]);
    const found =
      forms.length === 0 ? "no readable forms" : `the forms ${forms.map((form) => `"${form.id}"`).join(", ")}`;
    return failure("form_not_found", [
      problem("form_not_found", [], `The message has no form "${options.formId}": it has ${found}.`),
      ...broken,
    ]);
  }
  const preferred = forms.find((form) => form.id === options.preferredFormId);
  if (preferred !== undefined) return success(preferred.form, [...preferred.warnings, ...warnings]);
  const [first, ...others] = forms;
  if (first === undefined) {
    return failure("invalid_form", [
      problem("no_form", [], "The message has no readable <question-form> block."),
      ...broken,
      ...warnings,
    ]);
  }
  const several =
    others.length === 0
      ? []
      : [
          warning(
            "several_forms",
            [],
            `The message holds ${forms.length} forms (${forms.map((form) => `"${form.id}"`).join(", ")}), and the ` +
              `first, "${first.id}", was read: name one to choose another.`,
          ),
        ];
  return success(first.form, [...first.warnings, ...warnings, ...several]);
}

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
