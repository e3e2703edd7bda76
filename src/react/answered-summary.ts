/**
 * A form answered, read-only: its title, and each question with the answer the person sent (or
 * that they declined or closed it). formgate/dom's renderer has no answered state yet; this
 * stands in for it until `renderForm(target, form, { response })` does.
 */
import type { Field, FormResponse } from "../model/index.js";
import type { RenderableForm } from "../dom/index.js";

const DISMISSED = { decline: "You declined this form.", cancel: "You closed this form without answering." } as const;

/** Shows `form` answered by `response` in `container`; returns what removes it. */
export function showAnswered(container: Element, form: RenderableForm, response: FormResponse): () => void {
  const document = container.ownerDocument;
  const section = document.createElement("section");
  section.className = "fg-form fg-answered";
  const heading = document.createElement("h2");
  heading.className = "fg-title";
  heading.id = `fg-answered-${++shown}`;
  heading.textContent = form.title || form.id || "Form";
  section.setAttribute("aria-labelledby", heading.id);
  section.append(heading);
  if (response.action !== "accept") {
    const said = document.createElement("p");
    said.className = "fg-status";
    said.textContent = DISMISSED[response.action];
    section.append(said);
  } else {
    const list = document.createElement("dl");
    list.className = "fg-answers";
    for (const field of form.fields) {
      const term = document.createElement("dt");
      term.textContent = field.label ?? field.id;
      const answer = document.createElement("dd");
      answer.textContent = answerText(field, response.answers?.[field.id]);
      list.append(term, answer);
    }
    section.append(list);
  }
  container.append(section);
  return () => section.remove();
}

let shown = 0;

/** An answer as the person chose it: options by their labels, yes or no, "—" for none. */
function answerText(field: Field, value: unknown): string {
  if (value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  const items = Array.isArray(value) ? value : [value];
  return items
    .map((item) => {
      if (field.kind === "choice") return field.options.find((option) => option.value === item)?.label ?? String(item);
      if (field.kind === "resource" || field.kind === "file") {
        const resource = field.options.find((option) => option.uri === item);
        return resource === undefined ? String(item) : (resource.title ?? resource.name);
      }
      return String(item);
    })
    .join(", ");
}
