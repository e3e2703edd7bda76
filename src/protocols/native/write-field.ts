import type { BooleanField, ChoiceField, Field, FileField, Issue, NumberField, PathSegment, ResourceField, TextField, TextFormat } from "../../model/index.js";
import { warning } from "../../model/index.js";
import type {
  NativeArrayItems,
  NativeArrayProperty,
  NativeProperty,
  NativeResourceArrayProperty,
  NativeResourceProperty,
  NativeStringFormat,
  NativeStringProperty,
} from "../../../generated/native-request.js";
import { fieldExtension } from "./extensions.js";
import { writeOption, writeResource, warnUnsaid } from "./write-options.js";

/**
 * Formats the model knows that MCP's string schema does not: written as a `pattern`
 * matching what formgate accepts for them (when the field has no pattern of its own).
 */
const FORMAT_PATTERNS: Partial<Record<TextFormat, string>> = {
  time: "^([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d+)?)?(Z|[+-]([01]\\d|2[0-3]):[0-5]\\d)?$",
  color: "^#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$",
  tel: "^\\+?[0-9 ()./-]{3,32}$",
};
const NATIVE_FORMATS: readonly string[] = ["email", "uri", "date", "date-time"];

/** Writes one model field as a native property; what native cannot say is a warning. */
export function writeField(field: Field, at: PathSegment[], warnings: Issue[]): NativeProperty {
  warnOtherExtensions(field.extensions, at, warnings);
  switch (field.kind) {
    case "text":
      return writeText(field, at, warnings);
    case "number":
      return writeNumber(field, at, warnings);
    case "boolean":
      return withCommon<BooleanField>({ type: "boolean" }, field, field.default);
    case "choice":
      return writeChoice(field, at, warnings);
    case "resource":
    case "file":
      return writeResourceField(field, at, warnings);
  }
}

/** Every `extensions` entry of another protocol is dropped here, and said so. */
export function warnOtherExtensions(extensions: Record<string, unknown> | undefined, at: PathSegment[], warnings: Issue[]): void {
  for (const name of Object.keys(extensions ?? {})) {
    if (name !== "native") warnings.push(warning("dropped", [...at, "extensions", name], `holds ${name} wire details, which the native protocol cannot say`));
  }
}

function withCommon<F extends { label?: string; description?: string }, P extends { type: string } = NativeProperty & { type: string }>(
  property: P,
  field: F,
  value: unknown,
): P {
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

function dropped(warnings: Issue[], at: PathSegment[], key: string, why: string): void {
  warnings.push(warning("dropped", [...at, key], why));
}

interface TextRules {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: TextFormat;
}

/** The string keywords of text rules; formats MCP lacks become a pattern, with a warning. */
function writeTextRules(rules: TextRules, at: PathSegment[], warnings: Issue[]): Pick<NativeStringProperty, "minLength" | "maxLength" | "pattern" | "format"> {
  const out: Pick<NativeStringProperty, "minLength" | "maxLength" | "pattern" | "format"> = {};
  if (rules.minLength !== undefined) out.minLength = rules.minLength;
  if (rules.maxLength !== undefined) out.maxLength = rules.maxLength;
  if (rules.pattern !== undefined) out.pattern = rules.pattern;
  if (rules.format !== undefined) {
    if (NATIVE_FORMATS.includes(rules.format)) out.format = rules.format as NativeStringFormat;
    else if (rules.pattern === undefined) {
      out.pattern = FORMAT_PATTERNS[rules.format];
      warnings.push(warning("approximated", [...at, "format"], `"${rules.format}" is not a native string format; written as a pattern the host checks instead`));
    } else dropped(warnings, at, "format", `"${rules.format}" is not a native string format, and the field already has a pattern`);
  }
  return out;
}

function writeText(field: TextField, at: PathSegment[], warnings: Issue[]): NativeStringProperty {
  const ext = fieldExtension(field);
  const rules = writeTextRules(field, at, warnings);
  // A required answer must hold a non-whitespace character: say so to the host too.
  if (field.required && rules.pattern === undefined && ext.blankGuard !== false) rules.pattern = "\\S";
  if (field.placeholder !== undefined) dropped(warnings, at, "placeholder", "has no native form");
  if (field.multiline !== undefined) dropped(warnings, at, "multiline", "has no native form (the host picks the text control)");
  return withCommon<TextField, NativeStringProperty>({ type: "string", ...rules }, field, field.default);
}

function writeNumber(field: NumberField, at: PathSegment[], warnings: Issue[]): NativeProperty {
  for (const key of ["step", "slider", "placeholder"] as const) {
    if (field[key] !== undefined) dropped(warnings, at, key, "has no native form (MCP number schemas carry minimum, maximum and default)");
  }
  return withCommon<NumberField>({ type: field.integer ? "integer" : "number", minimum: field.minimum, maximum: field.maximum } as NativeProperty & { type: string }, field, field.default);
}

function writeChoice(field: ChoiceField, at: PathSegment[], warnings: Issue[]): NativeProperty {
  const ext = fieldExtension(field);
  if (field.placeholder !== undefined) dropped(warnings, at, "placeholder", "has no native form (the host picks the control)");
  if (field.display !== undefined && field.custom !== undefined) {
    // Native has no "options plus other": such a choice is a text input offering the options as suggestions.
    warnings.push(warning("approximated", [...at, "display"], `a ${field.display} choice that also takes typed answers is written as native free text (${field.multiple ? "a list of strings" : "a string"}) offering its options as suggestions`));
  } else if (field.display !== undefined) dropped(warnings, at, "display", "has no native form (the host picks the control)");
  for (const key of ["label", "placeholder"] as const) {
    if (field.custom?.[key] !== undefined) dropped(warnings, [...at, "custom"], key, "has no native form (a suggestion field has one input)");
  }
  if (!field.multiple) {
    for (const key of ["minItems", "maxItems"] as const) if (field[key] !== undefined) dropped(warnings, at, key, "applies to several choices only");
  }
  const value = defaultFor(field, at, warnings);
  const optionsAt = [...at, "options"];
  const titled = () => field.options.map((option, index) => writeOption(option, ext, [...optionsAt, index], warnings));
  const untitled = field.options.length > 0 && field.options.every((option) => option.label === undefined);
  if (field.options.length === 0 && field.custom === undefined) {
    warnings.push(warning("approximated", optionsAt, "is empty: the native field offers nothing to choose"));
  }
  if (!field.multiple) {
    if (field.custom !== undefined) {
      return withCommon<ChoiceField, NativeStringProperty>({ type: "string", ...writeTextRules(field.custom, [...at, "custom"], warnings), "x-openai-suggestions": titled() }, field, value);
    }
    if (untitled || (ext.enumNames && field.options.every((option) => option.label !== undefined))) {
      const enumNames = untitled ? undefined : field.options.map((option) => option.label as string);
      field.options.forEach((option, index) => warnUnsaid(option, [...optionsAt, index], warnings, ["description", "thumbnail", "icons", "card"]));
      return withCommon<ChoiceField>({ type: "string", enum: field.options.map((option) => option.value), enumNames } as NativeProperty & { type: string }, field, value);
    }
    return withCommon<ChoiceField>({ type: "string", oneOf: titled() } as NativeProperty & { type: string }, field, value);
  }
  let items: NativeArrayItems;
  if (field.custom !== undefined) {
    items = { type: "string", ...ext.items, ...writeTextRules(field.custom, [...at, "custom"], warnings) };
    if (!(ext.noSuggestions && field.options.length === 0)) items["x-openai-suggestions"] = titled();
  } else if (untitled) {
    field.options.forEach((option, index) => warnUnsaid(option, [...optionsAt, index], warnings, ["description", "thumbnail", "icons", "card"]));
    items = { type: "string", enum: field.options.map((option) => option.value) };
  } else {
    items = ext.itemsTyped ? { type: "string", anyOf: titled() } : { anyOf: titled() };
  }
  const array: NativeArrayProperty = { type: "array", minItems: field.minItems, maxItems: field.maxItems, uniqueItems: ext.uniqueItems, items };
  return withCommon<ChoiceField, NativeArrayProperty>(array, field, value);
}

/** A default of the wrong shape (an array on a single choice, or a string on several) is dropped. */
function defaultFor(field: ChoiceField, at: PathSegment[], warnings: Issue[]): string | string[] | undefined {
  if (field.default === undefined) return undefined;
  if (Array.isArray(field.default) === field.multiple) return structuredClone(field.default);
  dropped(warnings, at, "default", field.multiple ? "must be a list on a multiple choice" : "must be one value on a single choice");
  return undefined;
}

function writeResourceField(field: ResourceField | FileField, at: PathSegment[], warnings: Issue[]): NativeResourceProperty | NativeResourceArrayProperty {
  const ext = fieldExtension(field);
  const input: NativeResourceProperty["x-openai-input"] = {
    type: ext.inputType ?? "resource",
    options: field.options.map((option) => writeResource(option, ext)),
  };
  if (field.kind === "file") {
    if (field.placeholder !== undefined) dropped(warnings, at, "placeholder", "has no native form");
    if (!(ext.userOptionsOmitted && field.selection === "implicit" && Object.keys(field.pick).length === 0)) input.userOptions = structuredClone(field.pick);
  }
  const value = resourceDefault(field, at, warnings);
  const { title, description, default: itemDefault, ...uri } = ext.uri ?? {};
  if (!field.multiple) {
    if (field.selection !== undefined) dropped(warnings, at, "selection", "is forbidden on a single resource field (native selection modes are array-only)");
    for (const key of ["minItems", "maxItems"] as const) if (field[key] !== undefined) dropped(warnings, at, key, "applies to several resources only");
    return withCommon<typeof field, NativeResourceProperty>({ type: "string", format: "uri", ...uri, "x-openai-input": input }, field, value);
  }
  if (field.selection !== undefined) input.selection = field.selection;
  // Native implicit selection always lets the person add their own files (docs/native.md, decision 5).
  if (field.kind === "resource" && field.selection === "implicit") {
    warnings.push(warning("approximated", at, "a native field with implicit selection also accepts the person's own files; it is read back as a file field"));
  }
  const items: NativeResourceArrayProperty["items"] = withoutUndefined({ type: "string", format: "uri", title, description, ...uri, default: itemDefault });
  const reordered: NativeResourceArrayProperty = { type: "array", minItems: field.minItems, maxItems: field.maxItems, items, "x-openai-input": input };
  return withCommon<typeof field, NativeResourceArrayProperty>(reordered, field, value);
}

/** The object without its undefined entries (built anew: deleting keys makes objects slow). */
function withoutUndefined<T extends object>(object: T): T {
  const out: Partial<T> = {};
  for (const key in object) if (object[key] !== undefined) out[key] = object[key];
  return out as T;
}

/** Native defaults must name offered URIs and never accompany implicit selection. */
function resourceDefault(field: ResourceField | FileField, at: PathSegment[], warnings: Issue[]): string | string[] | undefined {
  const value = field.default;
  if (value === undefined) return undefined;
  if (Array.isArray(value) !== field.multiple) {
    return void dropped(warnings, at, "default", field.multiple ? "must be a list on a multiple field" : "must be one URI on a single field");
  }
  if (field.multiple && field.selection === "implicit") {
    return void dropped(warnings, at, "default", "cannot accompany implicit selection (every offered resource starts selected)");
  }
  const offered = new Set(field.options.map((option) => option.uri));
  if ((Array.isArray(value) ? value : [value]).some((uri) => !offered.has(uri))) {
    return void dropped(warnings, at, "default", "names a URI that is not offered; native defaults must name offered resources");
  }
  return structuredClone(value);
}

