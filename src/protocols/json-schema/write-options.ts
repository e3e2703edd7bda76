import type { ChoiceOption, Issue, PathSegment } from "../../model/index.js";
import { named, quoted, warning } from "../../model/index.js";
import { type SchemaLayer, formName } from "./layer.js";

/** A titled option as written: `{ const, title }` and what the layer adds. */
export type SchemaOption = { const: string; title: string } & Record<string, unknown>;

/**
 * Writes a model choice option as a titled `const` option. What it says beyond its value and
 * label is the layer's to write (native: description, thumbnail); without a layer, dropped.
 */
export function writeOption(
  option: ChoiceOption,
  layer: SchemaLayer,
  ext: object,
  at: PathSegment[],
  warnings: Issue[],
): SchemaOption {
  if (option.label === undefined)
    warnings.push(
      warning(
        "approximated",
        [...at, "label"],
        `It has no label, so it is written with its value ${quoted(option.value)} as the title.`,
      ),
    );
  const out: SchemaOption = { const: option.value, title: option.label ?? option.value };
  if (layer.writeOption !== undefined) {
    layer.writeOption(option, out, ext as Record<string, unknown>, at, warnings);
  } else {
    warnUnsaid(option, at, layer, warnings, ["description", "thumbnail", "icons", "card"]);
  }
  return out;
}

/** Reports the `keys` an option carries that the option written for it cannot say. */
export function warnUnsaid(
  option: ChoiceOption,
  at: PathSegment[],
  layer: SchemaLayer,
  warnings: Issue[],
  keys: readonly (keyof ChoiceOption)[],
): void {
  for (const key of keys) {
    if (option[key] !== undefined)
      warnings.push(
        warning(
          "dropped",
          [...at, key],
          `Its ${named(key)} has no place in ${formName(layer)}, so it is dropped ` +
            `(its options carry ${layer.optionCarries ?? "a value and a title"}).`,
        ),
      );
  }
}
