import type { ChoiceField } from "../../model/index.js";
import type { Report } from "../report/index.js";
import { type SchemaFieldExtension, extensionOf } from "./extension.js";
import { type SchemaLayer, admits, formName } from "./layer.js";
import { OPTION_EXTRAS, warnUnsaid, writeOption } from "./write-options.js";
import { type SchemaProperty, dropped, upperBound, withCommon } from "./write-parts.js";
import { writeTextRules } from "./write-text.js";

/** A choice: a single (`oneOf`, `enum`) or multiple (`items.anyOf`, `items.enum`) select, or suggestions. */
export function writeChoice(field: ChoiceField, report: Report, layer: SchemaLayer): SchemaProperty | undefined {
  const suggests = admits(layer, "string", "x-openai-suggestions");
  warnUnsaidChoiceKeys(field, report, layer, suggests);
  const custom = suggests ? field.custom : undefined;
  if (field.custom !== undefined && !suggests && !dropCustom(field, report, layer)) return undefined;
  const value = defaultFor(field, custom !== undefined, report);
  // A choice of nothing is no elicitation field: every reader refuses an empty `oneOf`, `anyOf` or `enum`.
  if (field.options.length === 0 && custom === undefined) {
    report.at("options").error("unsupported_options", "It offers nothing to choose; a choice needs an option.");
    return undefined;
  }
  const write = field.multiple ? writeMultipleChoice : writeSingleChoice;
  return withCommon<ChoiceField>(
    write(field, custom, choiceOptions(field, report, layer), report, layer),
    field,
    value,
  );
}

/** What a choice says that the layer cannot: the placeholder, the display, a typed answer's label, a count. */
function warnUnsaidChoiceKeys(field: ChoiceField, report: Report, layer: SchemaLayer, suggests: boolean): void {
  if (field.placeholder !== undefined)
    dropped(report, "placeholder", `has no place in ${formName(layer)}, so it is dropped (the host picks the control)`);
  if (field.display !== undefined && field.custom !== undefined && suggests) {
    // Native has no "options plus other": such a choice is a text input offering the options as suggestions.
    report
      .at("display")
      .warn(
        "approximated",
        `It is a ${field.display} choice that also takes typed answers, which ${formName(layer)} writes as free ` +
          `text (${field.multiple ? "a list of strings" : "a string"}) offering the options as suggestions.`,
      );
  } else if (field.display !== undefined)
    dropped(report, "display", `has no place in ${formName(layer)}, so it is dropped (the host picks the control)`);
  if (field.custom !== undefined && suggests) {
    for (const key of ["label", "placeholder"] as const) {
      if (field.custom[key] !== undefined)
        dropped(
          report.at("custom"),
          key,
          `has no place in ${formName(layer)}, so it is dropped (a suggestion field has one input)`,
        );
    }
  }
  if (!field.multiple) {
    for (const key of ["minItems", "maxItems"] as const)
      if (field[key] !== undefined) dropped(report, key, "applies to several choices only, so it is dropped");
  }
}

/**
 * Typed answers where the layer has no suggestion field: only the options can be chosen (`dropped`), or, with no
 * option, the question cannot be asked (false, `unsupported_options`).
 */
function dropCustom(field: ChoiceField, report: Report, layer: SchemaLayer): boolean {
  if (field.options.length === 0) {
    report
      .at("options")
      .error(
        "unsupported_options",
        `It offers nothing to choose and takes typed ${field.multiple ? "lists" : "text"}, and ` +
          `${formName(layer)} has no such question.`,
      );
    return false;
  }
  report
    .at("custom")
    .warn(
      "dropped",
      `It takes typed answers, which a choice in ${formName(layer)} cannot, so only the listed options can be ` +
        `chosen.`,
    );
  return true;
}

/** A choice's options: titled (`oneOf`, `anyOf`, suggestions), or an untitled `enum` (what options say beyond). */
function choiceOptions(field: ChoiceField, report: Report, layer: SchemaLayer) {
  const ext = extensionOf<SchemaFieldExtension>(field, layer.name);
  const option = (index: number) => report.at("options", index).option(field.options[index]?.value);
  return {
    ext,
    untitled: field.options.length > 0 && field.options.every((option) => option.label === undefined),
    titled: () => field.options.map((choice, index) => writeOption(choice, layer, ext, option(index))),
    values: () => {
      field.options.forEach((choice, index) => warnUnsaid(choice, option(index), layer, OPTION_EXTRAS));
      return field.options.map((choice) => choice.value);
    },
  };
}

/** Writes a single or a multiple choice from its options (`choiceOptions`). */
type ChoiceWriter = (
  field: ChoiceField,
  custom: ChoiceField["custom"],
  options: ReturnType<typeof choiceOptions>,
  report: Report,
  layer: SchemaLayer,
) => SchemaProperty;

const writeSingleChoice: ChoiceWriter = (field, custom, { ext, untitled, titled, values }, report, layer) => {
  if (custom !== undefined)
    return {
      type: "string",
      ...writeTextRules(custom, report.at("custom"), layer),
      "x-openai-suggestions": titled(),
    };
  if (untitled || (ext.enumNames && field.options.every((option) => option.label !== undefined))) {
    const enumNames = untitled ? undefined : field.options.map((option) => option.label as string);
    return { type: "string", enum: values(), enumNames };
  }
  return { type: "string", oneOf: titled() };
};

const writeMultipleChoice: ChoiceWriter = (field, custom, { ext, untitled, titled, values }, report, layer) => {
  let items: Record<string, unknown>;
  if (custom !== undefined) {
    items = { type: "string", ...ext.items, ...writeTextRules(custom, report.at("custom"), layer) };
    if (!(ext.noSuggestions && field.options.length === 0)) items["x-openai-suggestions"] = titled();
  } else if (untitled) {
    items = { type: "string", enum: values() };
  } else {
    items =
      ext.itemsTyped && admits(layer, "titledItems", "type")
        ? { type: "string", anyOf: titled() }
        : { anyOf: titled() };
  }
  const uniqueItems = admits(layer, "array", "uniqueItems") ? ext.uniqueItems : undefined;
  const maxItems = upperBound(field.minItems, field.maxItems, report, "maxItems");
  return { type: "array", minItems: field.minItems, maxItems, uniqueItems, items };
};

/**
 * A default of the wrong shape (an array on a single choice, or a string on several), or naming no option of a closed
 * choice, is dropped.
 */
function defaultFor(field: ChoiceField, typed: boolean, report: Report): string | string[] | undefined {
  const value = field.default;
  if (value === undefined) return undefined;
  if (Array.isArray(value) !== field.multiple)
    return void dropped(
      report,
      "default",
      field.multiple
        ? "must be a list on a multiple choice, so it is dropped"
        : "must be one value on a single choice, so it is dropped",
    );
  const offered = new Set(field.options.map((option) => option.value));
  if (!typed && (Array.isArray(value) ? value : [value]).some((item) => !offered.has(item))) {
    return void dropped(
      report,
      "default",
      "names a value that is not an option, so it is dropped (a default must name an offered option)",
    );
  }
  return structuredClone(value);
}
