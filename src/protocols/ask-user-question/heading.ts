import type { FormModel } from "../../model/index.js";
import { type AskUserQuestionFieldExtension, extensionOf } from "./extensions.js";

/**
 * A heading for a form read from AskUserQuestion, which carries no title: one question's header
 * (else its text), several questions' headers joined ("Database · Features"). Undefined for a
 * form that is not one (no question has a header).
 */
export function askUserQuestionHeading(form: Pick<FormModel, "fields">): string | undefined {
  const headers = form.fields.map((field) => askUserQuestionHeader(field));
  if (headers.every((header) => header === undefined)) return undefined;
  const [only] = form.fields;
  if (form.fields.length === 1) return headers[0] || only?.label;
  return headers.filter((header) => header !== undefined && header !== "").join(" · ") || undefined;
}

/** The chip an AskUserQuestion question shows above it (its `header`), if it has one. */
export function askUserQuestionHeader(field: FormModel["fields"][number]): string | undefined {
  return extensionOf<AskUserQuestionFieldExtension>(field).header;
}
