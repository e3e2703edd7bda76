import * as v from "valibot";
import {
  type ChoiceOption,
  type Issue,
  type PathSegment,
  problem,
  warning,
  quoted,
  named,
  pathSubject,
  describedValue,
} from "../../model/index.js";
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
  at: PathSegment[],
  layer: SchemaLayer,
  ext: object,
  issues: Issue[],
  warnings: Issue[],
  kind: "options" | "suggestions" = "options",
): ChoiceOption[] | undefined {
  if (!Array.isArray(list)) {
    issues.push(
      problem("invalid_type", at, `${pathSubject(at)} must be an array of titled options ({ const, title }).`),
    );
    return undefined;
  }
  // Suggestions may be empty (the field is then free text); a choice needs something to choose.
  if (kind === "options" && list.length === 0)
    issues.push(problem("no_options", at, `${pathSubject(at)} is empty, but a choice must offer at least one option.`));
  const keys = allowed(layer, "option");
  const options: ChoiceOption[] = [];
  const seen = new Set<string>();
  list.forEach((item: unknown, index) => {
    const path = [...at, index];
    if (!isRecord(item))
      return void issues.push(
        problem("invalid_type", path, `Option ${index + 1} must be a titled option { const, title }.`),
      );
    const before = issues.length;
    for (const key of Object.keys(item)) {
      if (keys.includes(key)) continue;
      const ignored = ignoredKeyword(key);
      if (ignored !== undefined)
        warnings.push(
          warning(
            ignored === "annotation" ? "ignored_key" : "unknown_key",
            [...path, key],
            ignoredMessage("Its", key, ignored),
          ),
        );
      else
        issues.push(
          problem(
            "unknown_key",
            [...path, key],
            `The keyword ${named(key)} has no place in an option, so formgate refuses the form rather than read it ` +
              `partially${layer.rejectedKeywordHint === undefined ? "" : ` (${layer.rejectedKeywordHint})`}.`,
          ),
        );
    }
    for (const key of ["const", "title"] as const) {
      if (!Object.hasOwn(item, key))
        issues.push(problem("missing_property", [...path, key], `Its \`${key}\` is required but missing.`));
      else if (typeof item[key] !== "string")
        issues.push(
          problem("invalid_type", [...path, key], `Its \`${key}\` must be a string, not ${describedValue(item[key])}.`),
        );
    }
    if (issues.length > before || !v.is(TITLED, item)) return;
    unique(seen, item.const, [...path, "const"], issues);
    const read: ChoiceOption = { value: item.const, label: item.title };
    layer.readOption?.(item, read, ext as Record<string, unknown>, path, issues, warnings);
    options.push(read);
  });
  return options;
}

/** Reads an `enum` list (with the legacy `enumNames` titles) into model options. */
export function readEnum(
  values: string[],
  names: string[] | undefined,
  at: PathSegment[],
  issues: Issue[],
): ChoiceOption[] {
  if (values.length === 0)
    issues.push(problem("no_options", at, `${pathSubject(at)} is empty, but a choice must offer at least one option.`));
  if (names !== undefined && names.length !== values.length) {
    issues.push(
      problem(
        "invalid_value",
        [...at.slice(0, -1), "enumNames"],
        `Its \`enumNames\` has ${names.length} names for ${values.length} values; each value needs exactly one name.`,
      ),
    );
  }
  const seen = new Set<string>();
  return values.map((value, index) => {
    unique(seen, value, [...at, index], issues);
    const name = names?.[index];
    return name === undefined ? { value } : { value, label: name };
  });
}

/**
 * Records an offered value (an option's, or a resource's URI) in `seen`; one seen before is a `duplicate_option`
 * problem at `at`: what is offered must be unique.
 */
export function unique(
  seen: Set<string>,
  value: string,
  at: PathSegment[],
  issues: Issue[],
  what: "option" | "resource" = "option",
): void {
  if (seen.has(value))
    issues.push(
      problem(
        "duplicate_option",
        at,
        what === "option"
          ? `The value ${quoted(value)} is offered by an earlier option too; option values must be unique.`
          : `The resource ${quoted(value)} is offered twice; offered URIs must be unique.`,
      ),
    );
  seen.add(value);
}
