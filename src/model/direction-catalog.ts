import type { ChoiceField, ChoiceOption, DirectionCard, FormModel } from "../../generated/form-model.js";
import { type Issue, type Result, failure, problem, success, quoted, named } from "./issue.js";

/** One card of a host's style catalog, as a `<question-form>` card is written. */
export interface DirectionCatalogCard extends DirectionCard {
  id: string;
  label: string;
  description?: string;
}

/** The cards a host offers for a direction-cards question whose cards the host owns. */
export type DirectionCatalog = readonly DirectionCatalogCard[];

/** Whether a field takes its options from the host's catalog and has none yet. */
export const awaitsCatalog = (field: FormModel["fields"][number]): field is ChoiceField =>
  field.kind === "choice" && field.catalog === "host" && field.options.length === 0;

/**
 * The form with each host-catalog question's options taken from `catalog`. Without a catalog,
 * a form that has such a question is an error naming each one, for a target (`target`) whose
 * choices need their options written out.
 */
export function fillDirectionCatalog(form: FormModel, catalog: unknown, target: string): Result<FormModel> {
  const waiting = form.fields.flatMap((field, index) => (awaitsCatalog(field) ? [{ field, index }] : []));
  if (waiting.length === 0) return success(form);
  if (catalog === undefined) {
    return failure(
      "missing_direction_catalog",
      waiting.map(({ field, index }) => ({
        ...problem(
          "missing_direction_catalog",
          ["fields", index, "options"],
          `Question ${named(field.id)} takes its direction cards from the host's style catalog, and ${target} needs ` +
            `them written out: pass the catalog (\`directionCatalog\`: an array of cards {id, label, mood?, ` +
            `references?, palette?, displayFont?, bodyFont?}).`,
        ),
        question: field.id,
      })),
      `Translating to ${target} needs the host's direction catalog for ` +
        `${waiting.length === 1 ? "one question" : `${waiting.length} questions`}.`,
    );
  }
  const read = readCatalog(catalog);
  if (!read.ok) return read;
  const options = read.value;
  const fields = form.fields.map((field) => {
    if (!awaitsCatalog(field)) return field;
    const { catalog: _host, ...rest } = field;
    return { ...rest, options: options.map((option) => structuredClone(option)) };
  });
  return success({ ...form, fields });
}

/**
 * A catalog as options: every card an object with a distinct non-empty `id` and a `label`, its other details strings.
 */
function readCatalog(catalog: unknown): Result<ChoiceOption[]> {
  const issues: Issue[] = [];
  const bad = (path: (string | number)[], message: string): void =>
    void issues.push(problem("invalid_direction_catalog", ["directionCatalog", ...path], message));
  if (!Array.isArray(catalog) || catalog.length === 0) {
    bad([], "The direction catalog must be a non-empty array of cards {id, label, …}.");
    return failure("invalid_direction_catalog", issues);
  }
  const seen = new Set<string>();
  const options: ChoiceOption[] = [];
  catalog.forEach((card: unknown, i) => {
    if (card === null || typeof card !== "object" || Array.isArray(card))
      return bad([i], `Card ${i + 1} of the direction catalog must be an object {id, label, …}.`);
    const entry = card as Record<string, unknown>;
    const id = typeof entry.id === "string" ? entry.id.trim() : "";
    if (id === "")
      return bad(
        [i, "id"],
        `The \`id\` of card ${i + 1} of the direction catalog must be a non-empty string: it is the answer when ` +
          `the card is chosen.`,
      );
    if (seen.has(id))
      return bad([i, "id"], `Card ${i + 1} of the direction catalog repeats the card id ${quoted(id)}.`);
    seen.add(id);
    if (typeof entry.label !== "string" || entry.label.trim() === "")
      return bad([i, "label"], `The \`label\` of card ${i + 1} of the direction catalog must be a non-empty string.`);
    const details: DirectionCard = {};
    for (const key of ["mood", "displayFont", "bodyFont"] as const) {
      if (entry[key] === undefined) continue;
      if (typeof entry[key] === "string") details[key] = entry[key];
      else bad([i, key], `The \`${key}\` of card ${i + 1} of the direction catalog must be a string.`);
    }
    for (const key of ["references", "palette"] as const) {
      const list = entry[key];
      if (list === undefined) continue;
      if (Array.isArray(list) && list.every((item) => typeof item === "string")) details[key] = [...list];
      else bad([i, key], `The \`${key}\` of card ${i + 1} of the direction catalog must be an array of strings.`);
    }
    const option: ChoiceOption = { value: id, label: entry.label, card: details };
    if (typeof entry.description === "string" && entry.description.trim() !== "")
      option.description = entry.description;
    options.push(option);
  });
  return issues.length > 0 ? failure("invalid_direction_catalog", issues) : success(options);
}
