import type { FormModel } from "../model/index.js";

/**
 * The id a form's answers name it by, for protocols whose answers must (an AG-UI or LangGraph
 * interrupt): the form's own id, else one derived from its content, `form-` and eight hex digits
 * (FNV-1a over its JSON), so the same form gives the same id and answers find it without state.
 */
export function formIdOf(form: FormModel): string {
  if (form.id !== undefined) return form.id;
  const text = JSON.stringify({ title: form.title, description: form.description, fields: form.fields });
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `form-${(hash >>> 0).toString(16).padStart(8, "0")}`;
}
