import type { ChoiceOption, Field, FormModel, PathSegment, Resource } from "../../../model/index.js";
import { hiddenText } from "../../../model/index.js";

/** What is hidden in one text of a form: at its model path, said of nothing yet ("holds …"). */
export interface HiddenTextFinding {
  code: "invisible_characters" | "malformed_text";
  path: PathSegment[];
  said: string;
}

/**
 * Every text of `form` a person reads (titles, labels, descriptions, placeholders, options,
 * cards, resources) that hides something, for a reader that names what it is said of itself
 * (`<question-form>`'s blocks, by the keys their author wrote). The other protocols read each
 * text where they read it (`Report.text`, src/protocols/report/); a block is walked once a
 * question is read, so its warnings come after the question's others and skip the options it drops.
 */
export function hiddenTextFindings(form: FormModel): HiddenTextFinding[] {
  const found: HiddenTextFinding[] = [];
  // Loops, not callbacks, and each parent path a literal: a block's reader asks this of every question.
  for (const key of ["title", "description", "submitLabel"] as const) check(found, form[key], [], key);
  for (let i = 0; i < form.fields.length; i++) {
    const field = form.fields[i] as Field;
    const at: PathSegment[] = ["fields", i];
    // Without a label, renderers show the id.
    check(found, field.label ?? field.id, at, field.label === undefined ? "id" : "label");
    check(found, field.description, at, "description");
    if ("placeholder" in field) check(found, field.placeholder, at, "placeholder");
    if (field.kind === "choice") {
      for (let j = 0; j < field.options.length; j++) {
        const option = field.options[j] as ChoiceOption;
        const where: PathSegment[] = ["fields", i, "options", j];
        check(found, option.label ?? option.value, where, option.label === undefined ? "value" : "label");
        check(found, option.description, where, "description");
        if (option.card === undefined) continue;
        check(found, option.card.mood, [...where, "card"], "mood");
        const references = option.card.references ?? [];
        for (let k = 0; k < references.length; k++) check(found, references[k], [...where, "card", "references"], k);
      }
      if (field.custom !== undefined) {
        check(found, field.custom.label, ["fields", i, "custom"], "label");
        check(found, field.custom.placeholder, ["fields", i, "custom"], "placeholder");
      }
    } else if (field.kind === "resource" || field.kind === "file") {
      for (let j = 0; j < field.options.length; j++) {
        const resource = field.options[j] as Resource;
        const where: PathSegment[] = ["fields", i, "options", j];
        for (const key of ["name", "title", "description"] as const) check(found, resource[key], where, key);
      }
    }
  }
  return found;
}

/** Adds a finding, at `[...parent, key]`, for `text` when it is a text that hides something. */
function check(found: HiddenTextFinding[], text: unknown, parent: PathSegment[], key: PathSegment): void {
  if (typeof text !== "string") return;
  const hidden = hiddenText(text);
  if (hidden !== undefined) found.push({ code: hidden.code, path: [...parent, key], said: hidden.message });
}
