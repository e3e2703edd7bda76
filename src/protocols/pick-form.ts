import { type PathSegment, type Result, failure, problem, quoted, success, warning } from "../model/index.js";
import type { FormSelection } from "./protocol.js";

/** How a protocol's messages name the forms of an input, and where they are in it. */
export interface FormWords {
  /** The path of the list of forms: where both issues are. */
  path: PathSegment[];
  /** The input, as a sentence starts: "The message", "The input". */
  input: string;
  /** One form and several, as the protocol calls them: "form" and "forms", "interrupt" and "interrupts". */
  form: string;
  forms: string;
}

/**
 * Which of an input's forms to read, by their ids (undefined for one without a readable id): the
 * one `formId` names (none is `form_not_found`), else the one `preferredFormId` names, else the
 * first (index 0, also of no forms: what no form means is the caller's to say). Reading the first
 * of several that nobody named is a `several_forms` warning, so that a caller expecting one form
 * notices the others; a form that was named is no guess, and has none.
 */
export function pickForm(
  ids: readonly (string | undefined)[],
  selection: FormSelection,
  words: FormWords,
): Result<number> {
  const wanted = selection.formId ?? selection.preferredFormId;
  const index = wanted === undefined ? -1 : ids.indexOf(wanted);
  if (index !== -1) return success(index);
  const { path, input, form, forms } = words;
  const listed = ids.map(idText).join(", ");
  if (selection.formId !== undefined) {
    const held =
      ids.length === 0
        ? `no readable ${forms}`
        : ids.length === 1
          ? `only the ${form} ${idText(ids[0])}`
          : `the ${forms} ${listed}`;
    const message = `${input} has no ${form} ${quoted(selection.formId)}: it has ${held}.`;
    return failure("form_not_found", [problem("form_not_found", path, message)]);
  }
  if (ids.length < 2) return success(0);
  const first = ids[0] === undefined ? "" : `, ${quoted(ids[0])},`;
  const several =
    `${input} holds ${ids.length} ${forms} (${listed}), and the first${first} was read: ` +
    "pass another's id as `formId` (`--form-id`) to read that one.";
  return success(0, [warning("several_forms", path, several)]);
}

function idText(id: string | undefined): string {
  return id === undefined ? "one without an id" : quoted(id);
}
