import type { ChoiceOption } from "../../model/index.js";
import { named, quoted } from "../../model/index.js";
import type { Report } from "../report/index.js";
import { type SchemaLayer, formName } from "./layer.js";

/** A titled option as written: `{ const, title }` and what the layer adds. */
export type SchemaOption = { const: string; title: string } & Record<string, unknown>;

/** What a model option may say beyond its value and label: the layer's to write (`optionKeys`), else dropped. */
export const OPTION_EXTRAS: readonly (keyof ChoiceOption)[] = ["description", "thumbnail", "icons", "card"];

/**
 * Writes a model choice option as a titled `const` option. What it says beyond its value and
 * label is the layer's to write (native: description, thumbnail); what the layer does not write is dropped.
 */
export function writeOption(option: ChoiceOption, layer: SchemaLayer, ext: object, report: Report): SchemaOption {
  if (option.label === undefined)
    report
      .at("label")
      .warn("approximated", `It has no label, so it is written with its value ${quoted(option.value)} as the title.`);
  const out: SchemaOption = { const: option.value, title: option.label ?? option.value };
  const written = layer.optionKeys ?? [];
  warnUnsaid(
    option,
    report,
    layer,
    OPTION_EXTRAS.filter((key) => !written.includes(key)),
  );
  layer.writeOption?.(option, out, ext as Record<string, unknown>, report);
  return out;
}

/** Reports the `keys` an option carries that the option written for it cannot say. */
export function warnUnsaid(
  option: ChoiceOption,
  report: Report,
  layer: SchemaLayer,
  keys: readonly (keyof ChoiceOption)[],
): void {
  for (const key of keys) {
    if (option[key] !== undefined)
      report
        .at(key)
        .warn(
          "dropped",
          `Its ${named(key)} has no place in ${formName(layer)}, so it is dropped ` +
            `(its options carry ${layer.optionCarries ?? "a value and a title"}).`,
        );
  }
}
