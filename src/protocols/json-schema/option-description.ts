import { type ChoiceOption, type Issue, type PathSegment, problem } from "../../model/index.js";

/** Reads a titled option's `description` (native, acp and ag-ui options carry one) into the model option. */
export function readOptionDescription(
  raw: Record<string, unknown>,
  option: ChoiceOption,
  at: PathSegment[],
  issues: Issue[],
): void {
  if (!Object.hasOwn(raw, "description")) return;
  if (typeof raw.description === "string") option.description = raw.description;
  else issues.push(problem("invalid_type", [...at, "description"], "Its `description` must be a string."));
}

/** Writes a model option's description (or the one `fallback` gives, a direction card's) on a titled option. */
export function writeOptionDescription(option: ChoiceOption, out: Record<string, unknown>, fallback?: string): void {
  const description = option.description ?? fallback;
  if (description !== undefined) out.description = description;
}
