import { type ChoiceOption, type Image, type Issue, type PathSegment, problem, setOwn, warning } from "../../model/index.js";
import type { NativeFieldExtension } from "./extensions.js";
import { OPTION, check } from "./wire-schemas.js";

/**
 * Reads titled `const` options (`oneOf`, `items.anyOf`, `x-openai-suggestions`) into
 * model options. The deprecated `x-openai-preview` becomes the thumbnail, with a warning;
 * which key it came from is kept in `ext` so the option is written back the same way.
 */
export function readOptions(
  list: unknown,
  at: PathSegment[],
  ext: NativeFieldExtension,
  issues: Issue[],
  warnings: Issue[],
  kind: "options" | "suggestions" = "options",
): ChoiceOption[] | undefined {
  if (!Array.isArray(list)) {
    issues.push(problem("invalid_type", at, "must be an array of titled options ({ const, title })"));
    return undefined;
  }
  // Suggestions may be empty (the field is then free text); a choice needs something to choose.
  if (kind === "options" && list.length === 0) issues.push(problem("no_options", at, "is empty: a choice must offer at least one option"));
  const options: ChoiceOption[] = [];
  const seen = new Set<string>();
  list.forEach((item: unknown, index) => {
    const path = [...at, index];
    const option = check(OPTION, item, path, issues);
    if (option === undefined) return;
    if (seen.has(option.const)) issues.push(problem("duplicate_option", [...path, "const"], `repeats the option "${option.const}"; option values must be unique`));
    seen.add(option.const);
    const read: ChoiceOption = { value: option.const, label: option.title };
    if (option.description !== undefined) read.description = option.description;
    const thumbnail = option["x-openai-thumbnail"];
    const preview = option["x-openai-preview"];
    if (thumbnail !== undefined) read.thumbnail = { ...thumbnail } as Image;
    if (preview !== undefined) {
      warnings.push(warning("deprecated_alias", [...path, "x-openai-preview"], "is the deprecated name of x-openai-thumbnail"));
      if (thumbnail === undefined) {
        read.thumbnail = { ...preview } as Image;
        (ext.previewKey ??= []).push(option.const);
      } else {
        setOwn((ext.extraPreviews ??= {}), option.const, { ...preview } as Image);
      }
    }
    options.push(read);
  });
  return options;
}

/** Reads an `enum` list (with the legacy `enumNames` titles) into model options. */
export function readEnum(values: string[], names: string[] | undefined, at: PathSegment[], issues: Issue[]): ChoiceOption[] {
  if (values.length === 0) issues.push(problem("no_options", at, "is empty: a choice must offer at least one option"));
  if (names !== undefined && names.length !== values.length) {
    issues.push(problem("invalid_value", [...at.slice(0, -1), "enumNames"], `has ${names.length} names for ${values.length} values; each value needs exactly one name`));
  }
  const seen = new Set<string>();
  return values.map((value, index) => {
    if (seen.has(value)) issues.push(problem("duplicate_option", [...at, index], `repeats the option "${value}"; option values must be unique`));
    seen.add(value);
    const name = names?.[index];
    return name === undefined ? { value } : { value, label: name };
  });
}
