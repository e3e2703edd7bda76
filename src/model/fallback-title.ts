import type { FormModel } from "../../generated/form-model.js";

/**
 * What a form without a title is headed by where a protocol needs a heading (a Data `message`, a
 * standard elicitation's `message`): its only question's label, else a plain request to answer.
 * Writers say so with an `approximated` warning at `title`.
 */
export function fallbackTitle(form: FormModel): string {
  const only = form.fields.length === 1 ? form.fields[0] : undefined;
  return only?.label?.trim() || "Please answer these questions";
}
