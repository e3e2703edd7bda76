import type { ChoiceField, CustomAnswer, Field, Issue, NumberField, PathSegment, TextField, TextFormat } from "../../model/index.js";
import { problem } from "../../model/index.js";
import { type NativeFieldExtension, nativeExtensions } from "./extensions.js";
import { Keywords, isRecord } from "./props.js";
import { readEnum, readOptions } from "./read-options.js";
import { readResourceField } from "./read-resource.js";

/** The string formats of MCP's StringSchema, the only ones a native host knows. */
const NATIVE_FORMATS: readonly string[] = ["email", "uri", "date", "date-time"];
const STRING_KEYWORDS = ["type", "title", "description", "minLength", "maxLength", "pattern", "format", "default", "x-openai-suggestions"];
const ARRAY_KEYWORDS = ["type", "title", "description", "minItems", "maxItems", "uniqueItems", "default", "items"];

/**
 * Reads one property of a native form into a model field. Which native shape it is
 * follows from `x-openai-input`, `type`, and `oneOf` / `enum` / `items`; a keyword the
 * shape does not have is an error, so an unsupported field is never read partially.
 */
export function readField(id: string, schema: unknown, required: boolean, at: PathSegment[], issues: Issue[], warnings: Issue[]): Field | undefined {
  if (!isRecord(schema)) {
    issues.push(problem("invalid_type", at, "must be a property schema object"));
    return undefined;
  }
  const props = new Keywords(schema, at, issues);
  const common: { id: string; required: boolean; label?: string; description?: string } = { id, required };
  const label = props.string("title");
  const description = props.string("description");
  if (label !== undefined) common.label = label;
  if (description !== undefined) common.description = description;
  if (props.has("x-openai-input")) return readResourceField(props, common, issues, warnings);
  switch (schema.type) {
    case "string":
      return readString(props, common, issues, warnings);
    case "number":
    case "integer":
      return readNumber(props, common, issues);
    case "boolean": {
      props.only(["type", "title", "description", "default"], "a boolean field");
      const value = props.boolean("default");
      return { kind: "boolean", ...common, ...(value !== undefined && { default: value }) };
    }
    case "array":
      return readArray(props, common, issues, warnings);
    default:
      props.fail("type", "unsupported_type", `${schema.type === undefined ? "is missing" : `${JSON.stringify(schema.type)} is not a native field type`}: use "string", "number", "integer", "boolean" or "array"`);
      return undefined;
  }
}

type Common = Pick<TextField, "id" | "required" | "label" | "description">;

function readString(props: Keywords, common: Common, issues: Issue[], warnings: Issue[]): Field | undefined {
  const ext: NativeFieldExtension = {};
  const value = props.string("default");
  const withDefault = value !== undefined ? { default: value } : {};
  if (props.has("anyOf")) props.fail("anyOf", "forbidden_keyword", "is for the items of an array (multi-select); a single choice uses oneOf");
  if (props.has("oneOf")) {
    props.only(["type", "title", "description", "oneOf", "default"], "a single-select field (oneOf)", ["anyOf", "enum"]);
    if (props.has("enum")) props.fail("enum", "forbidden_keyword", "cannot be combined with oneOf");
    const options = readOptions(props.object.oneOf, props.path("oneOf"), ext, issues, warnings);
    return options && choice({ ...common, multiple: false, options, ...withDefault }, ext);
  }
  if (props.has("enum")) {
    props.only(["type", "title", "description", "enum", "enumNames", "default"], "a single-select field (enum)", ["anyOf"]);
    const values = props.strings("enum");
    const names = props.strings("enumNames");
    if (names !== undefined) ext.enumNames = true;
    return values && choice({ ...common, multiple: false, options: readEnum(values, names, props.path("enum"), issues), ...withDefault }, ext);
  }
  props.only(STRING_KEYWORDS, "a string field", ["anyOf"]);
  const rules = readTextRules(props);
  if (props.has("x-openai-suggestions")) {
    const options = readOptions(props.object["x-openai-suggestions"], props.path("x-openai-suggestions"), ext, issues, warnings, "suggestions");
    return options && choice({ ...common, multiple: false, options, custom: rules, ...withDefault }, ext);
  }
  if (common.required && rules.pattern === undefined) ext.blankGuard = false;
  const field: TextField = { kind: "text", ...common, ...rules, ...withDefault };
  const extensions = nativeExtensions(ext);
  return extensions ? { ...field, extensions } : field;
}

function readTextRules(props: Keywords): CustomAnswer {
  const rules: CustomAnswer = {};
  const minLength = props.count("minLength");
  const maxLength = props.count("maxLength");
  const pattern = props.pattern("pattern");
  const format = props.string("format");
  if (minLength !== undefined) rules.minLength = minLength;
  if (maxLength !== undefined) rules.maxLength = maxLength;
  if (pattern !== undefined) rules.pattern = pattern;
  if (format !== undefined) {
    if (NATIVE_FORMATS.includes(format)) rules.format = format as TextFormat;
    else props.fail("format", "unsupported_format", `"${format}" is not a native string format (${NATIVE_FORMATS.join(", ")})`);
  }
  return rules;
}

function readNumber(props: Keywords, common: Common, issues: Issue[]): NumberField | undefined {
  const before = issues.length;
  props.only(["type", "title", "description", "minimum", "maximum", "default"], "a number field");
  const field: NumberField = { kind: "number", ...common, integer: props.object.type === "integer" };
  const minimum = props.number("minimum");
  const maximum = props.number("maximum");
  const value = props.number("default");
  if (minimum !== undefined) field.minimum = minimum;
  if (maximum !== undefined) field.maximum = maximum;
  if (value !== undefined) field.default = value;
  return issues.length > before ? undefined : field;
}

/** Titled options (`items.anyOf`), untitled options (`items.enum`), or free strings with suggestions. */
function readArray(props: Keywords, common: Common, issues: Issue[], warnings: Issue[]): ChoiceField | undefined {
  const ext: NativeFieldExtension = {};
  props.only(ARRAY_KEYWORDS, "an array field");
  const bounds: Pick<ChoiceField, "minItems" | "maxItems" | "default"> = {};
  const minItems = props.count("minItems");
  const maxItems = props.count("maxItems");
  const value = props.strings("default");
  const unique = props.boolean("uniqueItems");
  if (minItems !== undefined) bounds.minItems = minItems;
  if (maxItems !== undefined) bounds.maxItems = maxItems;
  if (value !== undefined) bounds.default = value;
  if (unique !== undefined) ext.uniqueItems = unique;
  const items = props.object.items;
  if (!isRecord(items)) return props.fail("items", props.has("items") ? "invalid_type" : "missing_property", "must be the schema of the array's items");
  const inner = new Keywords(items, props.path("items"), issues);
  if (inner.has("oneOf")) inner.fail("oneOf", "forbidden_keyword", "is for single choices; the items of a multi-select use anyOf");
  if (inner.has("anyOf")) {
    inner.only(["type", "anyOf"], "the items of a multi-select (anyOf)", ["oneOf", "enum"]);
    if (inner.has("enum")) inner.fail("enum", "forbidden_keyword", "cannot be combined with anyOf");
    if (inner.has("type")) {
      ext.itemsTyped = true;
      if (items.type !== "string") inner.fail("type", "invalid_value", `must be "string"`);
    }
    const options = readOptions(items.anyOf, inner.path("anyOf"), ext, issues, warnings);
    return options && choice({ ...common, multiple: true, options, ...bounds }, ext);
  }
  if (items.type !== "string") return inner.fail("type", inner.has("type") ? "invalid_value" : "missing_property", `must be "string": native arrays hold strings`);
  if (inner.has("enum")) {
    inner.only(["type", "enum"], "the items of a multi-select (enum)", ["oneOf"]);
    const values = inner.strings("enum");
    return values && choice({ ...common, multiple: true, options: readEnum(values, undefined, inner.path("enum"), issues), ...bounds }, ext);
  }
  inner.only(STRING_KEYWORDS, "the items of a string array", ["oneOf"]);
  const rules = readTextRules(inner);
  const itemKeywords: NonNullable<NativeFieldExtension["items"]> = {};
  for (const key of ["title", "description", "default"] as const) {
    const text = inner.string(key);
    if (text !== undefined) itemKeywords[key] = text;
  }
  if (Object.keys(itemKeywords).length > 0) ext.items = itemKeywords;
  let options: ChoiceField["options"] | undefined = [];
  if (inner.has("x-openai-suggestions")) options = readOptions(items["x-openai-suggestions"], inner.path("x-openai-suggestions"), ext, issues, warnings, "suggestions");
  else ext.noSuggestions = true;
  return options && choice({ ...common, multiple: true, options, custom: rules, ...bounds }, ext);
}

function choice(field: Omit<ChoiceField, "kind">, ext: NativeFieldExtension): ChoiceField {
  const extensions = nativeExtensions(ext);
  return { kind: "choice", ...field, ...(extensions && { extensions }) };
}
