import type { ChoiceField, CustomAnswer, Field, NumberField, TextField, TextFormat } from "../../model/index.js";
import { quoted } from "../../model/index.js";
import type { Report } from "../report/index.js";
import { type SchemaFieldExtension, extensionsFor } from "./extension.js";
import { MCP_FORMATS } from "./formats.js";
import { Keywords, isRecord } from "./keywords.js";
import { type Common, type SchemaLayer, admits, allowed, reads } from "./layer.js";
import { readEnum, readOptions } from "./read-options.js";

/**
 * Reads one property of an elicitation schema into a model field. Which shape it is follows
 * from `type` and `oneOf` / `enum` / `items` (or the layer's own keyword, native
 * `x-openai-input`); a keyword the shape and the layer do not have is an error naming it, so
 * an unsupported field is never read partially.
 */
export function readField(
  id: string,
  schema: unknown,
  required: boolean,
  report: Report,
  layer: SchemaLayer,
): Field | undefined {
  if (!isRecord(schema)) return report.error("invalid_type", "It must be a property schema (a JSON object).");
  const props = new Keywords(schema, report, layer.rejectedKeywordHint, true);
  const common: Common = { id, required };
  const label = props.text("title");
  const description = props.text("description");
  if (label !== undefined) common.label = label;
  if (description !== undefined) common.description = description;
  if (layer.readOwnField !== undefined) {
    const own = layer.readOwnField(props, common);
    if (own !== false) return own;
  }
  switch (schema.type) {
    case "string":
      return readString(props, common, layer);
    case "number":
    case "integer":
      return readNumber(props, common, layer);
    case "boolean": {
      props.only(allowed(layer, "boolean"), "a boolean field");
      const value = props.boolean("default");
      return { kind: "boolean", ...common, ...(value !== undefined && { default: value }) };
    }
    case "array":
      return readArray(props, common, layer);
    default:
      if (props.has("$ref"))
        return props.fail(
          "$ref",
          "unknown_key",
          "It is a `$ref`, but references are not part of an elicitation schema: each property must be written " +
            "out in full.",
        );
      props.fail(
        "type",
        "unsupported_type",
        (schema.type === undefined ? "It has no type" : `Its type ${quoted(schema.type)} is not an elicitation type`) +
          ': use "string", "number", "integer", "boolean" or "array".',
      );
      return undefined;
  }
}

function readString(props: Keywords, common: Common, layer: SchemaLayer): Field | undefined {
  const ext: SchemaFieldExtension = {};
  const value = props.string("default");
  const withDefault = value !== undefined ? { default: value } : {};
  if (props.has("anyOf"))
    props.fail("anyOf", "forbidden_keyword", "is for the items of an array (multi-select); a single choice uses oneOf");
  if (props.has("oneOf")) {
    props.only(
      allowed(layer, "select").filter((key) => key !== "enumNames"),
      "a single-select field (oneOf)",
      ["anyOf", "enum"],
    );
    if (props.has("enum")) props.fail("enum", "forbidden_keyword", "cannot be combined with `oneOf`");
    const options = readOptions(props.object.oneOf, props.at("oneOf"), layer, ext);
    return options && choice(layer, { ...common, multiple: false, options, ...withDefault }, ext, props);
  }
  if (props.has("enum")) {
    props.only(
      allowed(layer, "select").filter((key) => key !== "oneOf"),
      "a single-select field (enum)",
      ["anyOf"],
    );
    const values = props.strings("enum");
    const names = props.strings("enumNames");
    values?.forEach((value, index) => names?.[index] ?? props.at("enum").option(value).text(index, value));
    names?.forEach((name, index) => props.at("enumNames").option(values?.[index]).text(index, name));
    if (names !== undefined) ext.enumNames = true;
    if (names !== undefined && values !== undefined && names.length !== values.length)
      props.fail(
        "enumNames",
        "invalid_value",
        `Its \`enumNames\` has ${names.length} names for ${values.length} values; each value needs exactly one name.`,
      );
    return (
      values &&
      choice(
        layer,
        { ...common, multiple: false, options: readEnum(values, names, props.at("enum")), ...withDefault },
        ext,
        props,
      )
    );
  }
  props.only(allowed(layer, "string"), "a string field", ["anyOf"]);
  const rules = readTextRules(props, layer);
  if (props.has("x-openai-suggestions")) {
    const options = readOptions(
      props.object["x-openai-suggestions"],
      props.at("x-openai-suggestions"),
      layer,
      ext,
      "suggestions",
    );
    return options && choice(layer, { ...common, multiple: false, options, custom: rules, ...withDefault }, ext, props);
  }
  if (common.required && rules.pattern === undefined && admits(layer, "string", "pattern")) ext.blankGuard = false;
  if (rules.pattern !== undefined && !admits(layer, "string", "pattern")) ext.patternRead = true;
  const field: TextField = { kind: "text", ...common, ...rules, ...withDefault };
  const extensions = extensionsFor(layer.name, ext);
  return extensions ? { ...field, extensions } : field;
}

/** `minLength`, `maxLength`, `format` (MCP's four), and `pattern` where the layer admits it. */
function readTextRules(props: Keywords, layer: SchemaLayer, place: "string" | "items" = "string"): CustomAnswer {
  const rules: CustomAnswer = {};
  props.bounds("minLength", "maxLength", rules);
  const pattern =
    admits(layer, place, "pattern") || reads(layer, place, "pattern") ? props.pattern("pattern") : undefined;
  const format = props.string("format");
  if (pattern !== undefined) rules.pattern = pattern;
  if (format !== undefined) {
    if (MCP_FORMATS.includes(format)) rules.format = format as TextFormat;
    else
      props.fail(
        "format",
        "unsupported_format",
        `Its format ${quoted(format)} is not an elicitation string format (${MCP_FORMATS.join(", ")}).`,
      );
  }
  return rules;
}

function readNumber(props: Keywords, common: Common, layer: SchemaLayer): NumberField | undefined {
  const before = props.report.errors.length;
  const ext: SchemaFieldExtension = {};
  props.only(allowed(layer, "number"), "a number field");
  const integer = props.object.type === "integer";
  const field: NumberField = { kind: "number", ...common, integer };
  props.bounds("minimum", "maximum", field, "number");
  const value = props.number("default");
  if (value !== undefined) {
    if (integer && !Number.isInteger(value))
      props.fail(
        "default",
        "invalid_default",
        `Its default ${value} is not a whole number, and the question takes integers.`,
      );
    field.default = value;
  }
  if (props.has("enum")) {
    // A closed set of numbers (the Python helper writes `enum: [1.0]`): kept for the identity and checked on answers.
    const values = props.numbers("enum");
    if (values !== undefined && values.length === 0)
      props.fail("enum", "no_options", "is empty, but a choice must offer at least one value");
    if (values !== undefined && integer && values.some((item) => !Number.isInteger(item)))
      props.fail("enum", "invalid_value", "must hold whole numbers on an integer question");
    if (values !== undefined && value !== undefined && !values.includes(value))
      props.fail("default", "default_not_offered", `Its default ${value} is not one of the offered values.`);
    if (values !== undefined) ext.numberEnum = values;
  }
  if (props.report.errors.length > before) return undefined;
  const extensions = extensionsFor(layer.name, ext);
  return extensions ? { ...field, extensions } : field;
}

/**
 * Titled options (`items.anyOf`), untitled options (`items.enum`), or (where the layer admits it) free strings with
 * suggestions.
 */
function readArray(props: Keywords, common: Common, layer: SchemaLayer): ChoiceField | undefined {
  const ext: SchemaFieldExtension = {};
  props.only(allowed(layer, "array"), "an array field");
  const bounds: Pick<ChoiceField, "minItems" | "maxItems" | "default"> = {};
  props.bounds("minItems", "maxItems", bounds);
  const value = props.strings("default");
  const unique = props.boolean("uniqueItems");
  if (value !== undefined) bounds.default = value;
  if (unique !== undefined) ext.uniqueItems = unique;
  const items = props.object.items;
  if (!isRecord(items))
    return props.fail(
      "items",
      props.has("items") ? "invalid_type" : "missing_property",
      "must be the schema of the array's items",
    );
  const inner = new Keywords(items, props.at("items"), layer.rejectedKeywordHint, true);
  if (inner.has("oneOf"))
    inner.fail("oneOf", "forbidden_keyword", "is for single choices; the items of a multi-select use anyOf");
  if (inner.has("anyOf")) {
    inner.only(allowed(layer, "titledItems"), "the items of a titled multi-select (anyOf)", ["oneOf", "enum"]);
    if (inner.has("enum")) inner.fail("enum", "forbidden_keyword", "cannot be combined with `anyOf`");
    if (inner.has("type") && admits(layer, "titledItems", "type")) {
      ext.itemsTyped = true;
      if (items.type !== "string") inner.fail("type", "invalid_value", `must be "string"`);
    }
    const options = readOptions(items.anyOf, inner.at("anyOf"), layer, ext);
    return options && choice(layer, { ...common, multiple: true, options, ...bounds }, ext, props);
  }
  if (items.type !== "string")
    return inner.fail(
      "type",
      inner.has("type") ? "invalid_value" : "missing_property",
      `must be "string": elicitation arrays hold strings`,
    );
  if (inner.has("enum")) {
    inner.only(["type", "enum"], "the items of a multi-select (enum)", ["oneOf"]);
    const values = inner.strings("enum");
    values?.forEach((value, index) => inner.at("enum").option(value).text(index, value));
    return (
      values &&
      choice(
        layer,
        { ...common, multiple: true, options: readEnum(values, undefined, inner.at("enum")), ...bounds },
        ext,
        props,
      )
    );
  }
  if (!layer.freeTextArrays) {
    return inner.fail(
      undefined,
      "unsupported_array",
      "must list the choices (items.enum or items.anyOf): an array without a closed set of strings is not a " +
        "standard elicitation field",
    );
  }
  inner.only(allowed(layer, "string"), "the items of a string array", ["oneOf"]);
  const rules = readTextRules(inner, layer, "string");
  const itemKeywords: NonNullable<SchemaFieldExtension["items"]> = {};
  for (const key of ["title", "description", "default"] as const) {
    const text = inner.string(key);
    if (text !== undefined) itemKeywords[key] = text;
  }
  if (Object.keys(itemKeywords).length > 0) ext.items = itemKeywords;
  let options: ChoiceField["options"] | undefined = [];
  if (inner.has("x-openai-suggestions"))
    options = readOptions(items["x-openai-suggestions"], inner.at("x-openai-suggestions"), layer, ext, "suggestions");
  else ext.noSuggestions = true;
  return options && choice(layer, { ...common, multiple: true, options, custom: rules, ...bounds }, ext, props);
}

/** A choice field; a default that is no option (and cannot be typed) is an error naming `default`. */
function choice(
  layer: SchemaLayer,
  field: Omit<ChoiceField, "kind">,
  ext: SchemaFieldExtension,
  props: Keywords,
): ChoiceField {
  if (field.custom === undefined && field.default !== undefined) {
    const offered = new Set(field.options.map((option) => option.value));
    const values = Array.isArray(field.default) ? field.default : [field.default];
    values.forEach((value, index) => {
      if (!offered.has(value))
        (Array.isArray(field.default) ? props.at("default").at(index) : props.at("default")).error(
          "default_not_offered",
          `Its default ${quoted(value)} is not one of the options; a default must name an offered option.`,
        );
    });
  }
  const extensions = extensionsFor(layer.name, ext);
  return { kind: "choice", ...field, ...(extensions && { extensions }) };
}
