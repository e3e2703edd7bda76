import type { FormModel } from "../../model/index.js";

/**
 * The id of the interrupt a form is written as: the form's own id (an interrupt read from
 * AG-UI keeps its id there), else one derived from the form's content, `form-` and eight hex
 * digits (FNV-1a over its JSON), so the answer reader finds the same id for the same form
 * without state (docs/ag-ui.md, decision 3).
 */
export function interruptIdOf(form: FormModel): string {
  if (form.id !== undefined) return form.id;
  const text = JSON.stringify({ title: form.title, description: form.description, fields: form.fields });
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `form-${(hash >>> 0).toString(16).padStart(8, "0")}`;
}
