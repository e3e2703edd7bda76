import type { FormModel, PartialForm } from "../model/index.js";

/** A form `renderForm` shows: any model form, or a view of a form still arriving. */
export type RenderableForm = FormModel | PartialForm;

export function isPartial(form: RenderableForm): form is PartialForm {
  return "kind" in form && form.kind === "partial";
}

/** The model form a view shows: a partial view's complete questions and the one arriving. */
export function modelOf(form: RenderableForm): FormModel {
  if (!isPartial(form)) return form;
  const { id, title, description, submitLabel, lang, fields, arriving } = form;
  return { id, title, description, submitLabel, lang, fields: arriving === undefined ? fields : [...fields, arriving] };
}
