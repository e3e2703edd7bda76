import type { ChoiceOption } from "../../model/index.js";
import type { Report } from "../report/index.js";
import type { SchemaLayer } from "./layer.js";

/** Reads a titled option's `description` (native, acp and ag-ui options carry one) into the model option. */
export function readOptionDescription(raw: Record<string, unknown>, option: ChoiceOption, report: Report): void {
  if (!Object.hasOwn(raw, "description")) return;
  const description = report.text("description", raw.description);
  if (description !== undefined) option.description = description;
  else report.at("description").error("invalid_type", "Its `description` must be a string.");
}

/** Writes a model option's description (or the one `fallback` gives, a direction card's) on a titled option. */
export function writeOptionDescription(option: ChoiceOption, out: Record<string, unknown>, fallback?: string): void {
  const description = option.description ?? fallback;
  if (description !== undefined) out.description = description;
}

/**
 * The option part of a layer whose titled options carry a `description` beside `const` and `title` (acp, ag-ui):
 * the description read and written; what else a model option says is dropped, with a warning.
 */
export const DESCRIBED_OPTIONS = {
  optionCarries: "a value, a title and a description",
  optionKeys: ["description"],
  readOption(raw, option, _ext, report) {
    readOptionDescription(raw, option, report);
  },
  writeOption(option, out) {
    writeOptionDescription(option, out);
  },
} as const satisfies Partial<SchemaLayer>;
