import type {
  BooleanField,
  ChoiceField,
  CustomAnswer,
  Field,
  Issue,
  NumberField,
  PathSegment,
  TextField,
} from "../../model/index.js";
import { named, problem, quoted, warning } from "../../model/index.js";
import { type SchemaFieldExtension, extensionOf } from "./extension.js";
import { FORMAT_PATTERNS, MCP_FORMATS } from "./formats.js";
import { type SchemaLayer, admits, formName } from "./layer.js";
import { OPTION_EXTRAS, warnUnsaid, writeOption } from "./write-options.js";

/** The pattern that says "not blank": what formgate requires of every required text answer. */
const BLANK_GUARD = "\\S";

/** One property of an elicitation schema, as written. */
export type SchemaProperty = Record<string, unknown> & { type: string };

/**
 * Writes one model field as a property; what the protocol cannot say is a warning, what it cannot hold an error in
 * `errors`.
 */
export function writeField(
  field: Field,
  at: PathSegment[],
  layer: SchemaLayer,
  warnings: Issue[],
  errors: Issue[],
): SchemaProperty | undefined {
  warnOtherExtensions(field.extensions, at, layer, warnings);
  switch (field.kind) {
    case "text":
      return writeText(field, at, layer, warnings);
    case "number":
      return writeNumber(field, at, layer, warnings);
    case "boolean":
      return withCommon<BooleanField>({ type: "boolean" }, field, field.default);
    case "choice":
      return writeChoice(field, at, layer, warnings, errors);
    case "resource":
    case "file":
      return layer.writeResourceField(field, at, warnings, errors) as SchemaProperty | undefined;
  }
}

/** Every `extensions` entry of another protocol is dropped here, and said so. */
export function warnOtherExtensions(
  extensions: Record<string, unknown> | undefined,
  at: PathSegment[],
  layer: SchemaLayer,
  warnings: Issue[],
): void {
  for (const name of Object.keys(extensions ?? {})) {
    if (name !== layer.name)
      warnings.push(
        warning(
          "dropped",
          [...at, "extensions", name],
          `${at.length === 0 ? "The form's" : "Its"} wire details for ${name} (kept to write it back as ${name}) ` +
            `have no place in ${formName(layer)}, so they are dropped.`,
        ),
      );
  }
}

/** `type` (and `format`) first, then `title`, `description`, the property's own keywords, and `default` last. */
export function withCommon<
  F extends { label?: string; description?: string },
  P extends { type: string } = SchemaProperty,
>(property: P, field: F, value: unknown): P {
  const out = { type: property.type } as Record<string, unknown>;
  if ("format" in property) out.format = property.format;
  if (field.label !== undefined) out.title = field.label;
  if (field.description !== undefined) out.description = field.description;
  for (const key in property) {
    const item = (property as Record<string, unknown>)[key];
    if (key !== "type" && key !== "format" && item !== undefined) out[key] = item;
  }
  if (value !== undefined) out.default = value;
  return out as P;
}

/** A `dropped` warning for `key` below `at`: "Its `key` " and what `why` says of it ("has no place in …"). */
export function dropped(warnings: Issue[], at: PathSegment[], key: string, why: string): void {
  warnings.push(warning("dropped", [...at, key], `Its ${named(key)} ${why}.`));
}

/**
 * The upper bound `key`, or undefined (dropped, with a warning) when it is below the lower one: a reader rejects such a
 * pair.
 */
export function upperBound(
  low: number | undefined,
  high: number | undefined,
  at: PathSegment[],
  key: string,
  warnings: Issue[],
): number | undefined {
  if (low === undefined || high === undefined || low <= high) return high;
  return void dropped(
    warnings,
    at,
    key,
    `is below the lower bound ${low}, so no answer could satisfy both; it is dropped`,
  );
}

type TextRules = Pick<CustomAnswer, "minLength" | "maxLength" | "pattern" | "format">;

/**
 * The string keywords of text rules. `pattern` only where the layer admits it; a format MCP
 * lacks becomes a pattern there (`approximated`), and is dropped elsewhere.
 */
function writeTextRules(
  rules: TextRules,
  at: PathSegment[],
  layer: SchemaLayer,
  warnings: Issue[],
  required = false,
  patternRead = false,
): Record<string, unknown> & { pattern?: string } {
  const out: Record<string, unknown> & { pattern?: string } = {};
  const patterns = admits(layer, "string", "pattern");
  if (rules.minLength !== undefined) out.minLength = rules.minLength;
  const maxLength = upperBound(rules.minLength, rules.maxLength, at, "maxLength", warnings);
  if (maxLength !== undefined) out.maxLength = maxLength;
  if (rules.pattern !== undefined) {
    if (patterns || patternRead) out.pattern = rules.pattern;
    // A required answer's non-blank pattern says what formgate checks of every required text anyway.
    else if (!(required && rules.pattern === BLANK_GUARD))
      dropped(
        warnings,
        at,
        "pattern",
        `has no place in ${formName(layer)}, so it is dropped (its strings carry lengths and a format only)`,
      );
  }
  if (rules.format !== undefined) {
    if (MCP_FORMATS.includes(rules.format)) out.format = rules.format;
    else if (!patterns)
      warnings.push(
        warning(
          "dropped",
          [...at, "format"],
          `Its format ${quoted(rules.format)} is not one ${formName(layer)} has (${MCP_FORMATS.join(", ")}), so it ` +
            `is dropped and the host does not check answers against it.`,
        ),
      );
    else if (rules.pattern === undefined) {
      out.pattern = FORMAT_PATTERNS[rules.format];
      warnings.push(
        warning(
          "approximated",
          [...at, "format"],
          `Its format ${quoted(rules.format)} is not one ${formName(layer)} has, so it is written as a pattern the ` +
            `host checks instead.`,
        ),
      );
    } else
      warnings.push(
        warning(
          "dropped",
          [...at, "format"],
          `Its format ${quoted(rules.format)} is not one ${formName(layer)} has, and the question already has a ` +
            `pattern, so it is dropped.`,
        ),
      );
  }
  return out;
}

function writeText(field: TextField, at: PathSegment[], layer: SchemaLayer, warnings: Issue[]): SchemaProperty {
  const ext = extensionOf<SchemaFieldExtension>(field, layer.name);
  const rules = writeTextRules(field, at, layer, warnings, field.required, ext.patternRead === true);
  // A required answer must hold a non-whitespace character: say so to a host that reads patterns.
  if (field.required && rules.pattern === undefined && ext.blankGuard !== false && admits(layer, "string", "pattern"))
    rules.pattern = BLANK_GUARD;
  if (field.placeholder !== undefined)
    dropped(warnings, at, "placeholder", `has no place in ${formName(layer)}, so it is dropped`);
  if (field.multiline !== undefined)
    dropped(
      warnings,
      at,
      "multiline",
      `has no place in ${formName(layer)}, so it is dropped (the host picks the text control)`,
    );
  return withCommon<TextField>({ type: "string", ...rules }, field, field.default);
}

function writeNumber(field: NumberField, at: PathSegment[], layer: SchemaLayer, warnings: Issue[]): SchemaProperty {
  const ext = extensionOf<SchemaFieldExtension>(field, layer.name);
  for (const key of ["step", "slider", "placeholder"] as const) {
    if (field[key] !== undefined)
      dropped(
        warnings,
        at,
        key,
        `has no place in ${formName(layer)}, so it is dropped (its numbers carry a minimum, a maximum and a default)`,
      );
  }
  const values = admits(layer, "number", "enum") ? ext.numberEnum : undefined;
  return withCommon<NumberField>(
    {
      type: field.integer ? "integer" : "number",
      minimum: field.minimum,
      maximum: upperBound(field.minimum, field.maximum, at, "maximum", warnings),
      enum: values && [...values],
    },
    field,
    field.default,
  );
}

function writeChoice(
  field: ChoiceField,
  at: PathSegment[],
  layer: SchemaLayer,
  warnings: Issue[],
  errors: Issue[],
): SchemaProperty | undefined {
  const suggests = admits(layer, "string", "x-openai-suggestions");
  warnUnsaidChoiceKeys(field, at, layer, suggests, warnings);
  const custom = suggests ? field.custom : undefined;
  if (field.custom !== undefined && !suggests && !dropCustom(field, at, layer, warnings, errors)) return undefined;
  const value = defaultFor(field, custom !== undefined, at, warnings);
  // A choice of nothing is no elicitation field: every reader refuses an empty `oneOf`, `anyOf` or `enum`.
  if (field.options.length === 0 && custom === undefined) {
    errors.push(
      problem("unsupported_options", [...at, "options"], "It offers nothing to choose; a choice needs an option."),
    );
    return undefined;
  }
  const write = field.multiple ? writeMultipleChoice : writeSingleChoice;
  return withCommon<ChoiceField>(write(field, custom, at, layer, warnings), field, value);
}

/** What a choice says that the layer cannot: the placeholder, the display, a typed answer's label, a count. */
function warnUnsaidChoiceKeys(
  field: ChoiceField,
  at: PathSegment[],
  layer: SchemaLayer,
  suggests: boolean,
  warnings: Issue[],
): void {
  if (field.placeholder !== undefined)
    dropped(
      warnings,
      at,
      "placeholder",
      `has no place in ${formName(layer)}, so it is dropped (the host picks the control)`,
    );
  if (field.display !== undefined && field.custom !== undefined && suggests) {
    // Native has no "options plus other": such a choice is a text input offering the options as suggestions.
    warnings.push(
      warning(
        "approximated",
        [...at, "display"],
        `It is a ${field.display} choice that also takes typed answers, which ${formName(layer)} writes as free ` +
          `text (${field.multiple ? "a list of strings" : "a string"}) offering the options as suggestions.`,
      ),
    );
  } else if (field.display !== undefined)
    dropped(
      warnings,
      at,
      "display",
      `has no place in ${formName(layer)}, so it is dropped (the host picks the control)`,
    );
  if (field.custom !== undefined && suggests) {
    for (const key of ["label", "placeholder"] as const) {
      if (field.custom[key] !== undefined)
        dropped(
          warnings,
          [...at, "custom"],
          key,
          `has no place in ${formName(layer)}, so it is dropped (a suggestion field has one input)`,
        );
    }
  }
  if (!field.multiple) {
    for (const key of ["minItems", "maxItems"] as const)
      if (field[key] !== undefined) dropped(warnings, at, key, "applies to several choices only, so it is dropped");
  }
}

/**
 * Typed answers where the layer has no suggestion field: only the options can be chosen (`dropped`), or, with no
 * option, the question cannot be asked (false, `unsupported_options`).
 */
function dropCustom(
  field: ChoiceField,
  at: PathSegment[],
  layer: SchemaLayer,
  warnings: Issue[],
  errors: Issue[],
): boolean {
  if (field.options.length === 0) {
    errors.push(
      problem(
        "unsupported_options",
        [...at, "options"],
        `It offers nothing to choose and takes typed ${field.multiple ? "lists" : "text"}, and ` +
          `${formName(layer)} has no such question.`,
      ),
    );
    return false;
  }
  warnings.push(
    warning(
      "dropped",
      [...at, "custom"],
      `It takes typed answers, which a choice in ${formName(layer)} cannot, so only the listed options can be ` +
        `chosen.`,
    ),
  );
  return true;
}

/** A choice's options: titled (`oneOf`, `anyOf`, suggestions), or an untitled `enum` (what options say beyond). */
function choiceOptions(field: ChoiceField, at: PathSegment[], layer: SchemaLayer, warnings: Issue[]) {
  const ext = extensionOf<SchemaFieldExtension>(field, layer.name);
  const optionsAt = [...at, "options"];
  return {
    ext,
    untitled: field.options.length > 0 && field.options.every((option) => option.label === undefined),
    titled: () =>
      field.options.map((option, index) => writeOption(option, layer, ext, [...optionsAt, index], warnings)),
    values: () => {
      field.options.forEach((option, index) =>
        warnUnsaid(option, [...optionsAt, index], layer, warnings, OPTION_EXTRAS),
      );
      return field.options.map((option) => option.value);
    },
  };
}

function writeSingleChoice(
  field: ChoiceField,
  custom: ChoiceField["custom"],
  at: PathSegment[],
  layer: SchemaLayer,
  warnings: Issue[],
): SchemaProperty {
  const { ext, untitled, titled, values } = choiceOptions(field, at, layer, warnings);
  if (custom !== undefined)
    return {
      type: "string",
      ...writeTextRules(custom, [...at, "custom"], layer, warnings),
      "x-openai-suggestions": titled(),
    };
  if (untitled || (ext.enumNames && field.options.every((option) => option.label !== undefined))) {
    const enumNames = untitled ? undefined : field.options.map((option) => option.label as string);
    return { type: "string", enum: values(), enumNames };
  }
  return { type: "string", oneOf: titled() };
}

function writeMultipleChoice(
  field: ChoiceField,
  custom: ChoiceField["custom"],
  at: PathSegment[],
  layer: SchemaLayer,
  warnings: Issue[],
): SchemaProperty {
  const { ext, untitled, titled, values } = choiceOptions(field, at, layer, warnings);
  let items: Record<string, unknown>;
  if (custom !== undefined) {
    items = { type: "string", ...ext.items, ...writeTextRules(custom, [...at, "custom"], layer, warnings) };
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
  const maxItems = upperBound(field.minItems, field.maxItems, at, "maxItems", warnings);
  return { type: "array", minItems: field.minItems, maxItems, uniqueItems, items };
}

/**
 * A default of the wrong shape (an array on a single choice, or a string on several), or naming no option of a closed
 * choice, is dropped.
 */
function defaultFor(
  field: ChoiceField,
  typed: boolean,
  at: PathSegment[],
  warnings: Issue[],
): string | string[] | undefined {
  const value = field.default;
  if (value === undefined) return undefined;
  if (Array.isArray(value) !== field.multiple)
    return void dropped(
      warnings,
      at,
      "default",
      field.multiple
        ? "must be a list on a multiple choice, so it is dropped"
        : "must be one value on a single choice, so it is dropped",
    );
  const offered = new Set(field.options.map((option) => option.value));
  if (!typed && (Array.isArray(value) ? value : [value]).some((item) => !offered.has(item))) {
    return void dropped(
      warnings,
      at,
      "default",
      "names a value that is not an option, so it is dropped (a default must name an offered option)",
    );
  }
  return structuredClone(value);
}
