import * as v from "valibot";
import { type ChoiceOption, describedValue, named, quoted } from "../../model/index.js";
import type { Report } from "../report/index.js";
import { ignoredKeyword, ignoredMessage } from "./ignored.js";
import { isRecord } from "./keywords.js";
import { type SchemaLayer, allowed } from "./layer.js";

const TITLED = v.object({ const: v.string(), title: v.string() });

/**
 * Reads titled `const` options (`oneOf`, `items.anyOf`, native `x-openai-suggestions`) into
 * model options. Keywords beyond `const` and `title` are the layer's (native: description,
 * thumbnails); any other is an error naming it.
 */
export function readOptions(
  list: unknown,
  report: Report,
  layer: SchemaLayer,
  ext: object,
  kind: "options" | "suggestions" = "options",
): ChoiceOption[] | undefined {
  if (!Array.isArray(list))
    return report.error("invalid_type", "must be an array of titled options ({ const, title })");
  // Suggestions may be empty (the field is then free text); a choice needs something to choose.
  if (kind === "options" && list.length === 0)
    report.error("no_options", "is empty, but a choice must offer at least one option");
  const keys = allowed(layer, "option");
  const options: ChoiceOption[] = [];
  const seen = new Set<string>();
  list.forEach((item: unknown, index) => {
    if (!isRecord(item))
      return report.at(index).error("invalid_type", `Option ${index + 1} must be a titled option { const, title }.`);
    const option = report.at(index).option(typeof item.const === "string" ? item.const : undefined);
    const before = report.errors.length;
    for (const key of Object.keys(item)) {
      if (keys.includes(key)) continue;
      const ignored = ignoredKeyword(key);
      if (ignored !== undefined)
        option
          .at(key)
          .warn(ignored === "annotation" ? "ignored_key" : "unknown_key", ignoredMessage("Its", key, ignored));
      else
        option
          .at(key)
          .error(
            "unknown_key",
            `The keyword ${named(key)} has no place in an option, so formgate refuses the form rather than read it ` +
              `partially${layer.rejectedKeywordHint === undefined ? "" : ` (${layer.rejectedKeywordHint})`}.`,
          );
    }
    for (const key of ["const", "title"] as const) {
      if (!Object.hasOwn(item, key))
        option.at(key).error("missing_property", `Its \`${key}\` is required but missing.`);
      else if (typeof item[key] !== "string")
        option.at(key).error("invalid_type", `Its \`${key}\` must be a string, not ${describedValue(item[key])}.`);
    }
    if (report.errors.length > before || !v.is(TITLED, item)) return;
    unique(seen, item.const, option.at("const"));
    const read: ChoiceOption = { value: item.const, label: option.text("title", item.title) as string };
    layer.readOption?.(item, read, ext as Record<string, unknown>, option);
    options.push(read);
  });
  return options;
}

/** Reads an `enum` list (with the legacy `enumNames` titles) into model options. */
export function readEnum(values: string[], names: string[] | undefined, report: Report): ChoiceOption[] {
  if (values.length === 0) report.error("no_options", "is empty, but a choice must offer at least one option");
  const seen = new Set<string>();
  return values.map((value, index) => {
    unique(seen, value, report.at(index).option(value));
    const name = names?.[index];
    return name === undefined ? { value } : { value, label: name };
  });
}

/**
 * Records an offered value (an option's, or a resource's URI) in `seen`; one seen before is a `duplicate_option`
 * problem there: what is offered must be unique.
 */
export function unique(seen: Set<string>, value: string, report: Report, what: "option" | "resource" = "option"): void {
  if (seen.has(value))
    report.error(
      "duplicate_option",
      what === "option"
        ? `The value ${quoted(value)} is offered by an earlier option too; option values must be unique.`
        : `The resource ${quoted(value)} is offered twice; offered URIs must be unique.`,
    );
  seen.add(value);
}
