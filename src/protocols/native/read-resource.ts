import * as v from "valibot";
import { type Field, type Image, type Resource, copyJson, copyJsonWithout, quoted, setOwn } from "../../model/index.js";
import type { Report } from "../report/index.js";
import type { NativeFieldExtension, NativeUriKeywords } from "./extensions.js";
import { nativeExtensions } from "./extensions.js";
import { type Common, Keywords, type SchemaLayer, isRecord, readOptions, unique } from "../json-schema/index.js";
import {
  ICON,
  PREVIEW_TARGET,
  RESOURCE,
  RESOURCE_PREVIEW_KEY,
  RESOURCE_TARGET_KEY,
  RESOURCE_THUMBNAIL_KEY,
  USER_OPTIONS,
  check,
} from "./wire-schemas.js";

const URI_KEYWORDS = ["minLength", "maxLength", "pattern", "x-openai-suggestions"] as const;
const CHOICE_KEYWORDS = ["enum", "oneOf", "anyOf"] as const;
const WRAPPED_TARGET = v.strictObject({ target: PREVIEW_TARGET });

/**
 * Reads a field with `x-openai-input`: a scalar (`type: "string"`) or array resource field,
 * enforcing the native rules (no enum/oneOf/anyOf/selection on scalars, implicit selection
 * only on arrays and never with a default, defaults among the offered URIs).
 * With `userOptions`, or with implicit selection (which always allows uploads), it is a
 * model `file` field; otherwise a `resource` field.
 */
export function readResourceField(props: Keywords, common: Common, layer: SchemaLayer): Field | undefined {
  const ext: NativeFieldExtension = {};
  const before = props.report.errors.length;
  const input = readInput(props.object["x-openai-input"], props.at("x-openai-input"), ext);
  const scalar = props.object.type === "string";
  if (!scalar && props.object.type !== "array") {
    props.fail(
      "type",
      "unsupported_type",
      `must be "string" (one resource) or "array" (several) on a field with x-openai-input`,
    );
    return undefined;
  }
  const uri: NativeUriKeywords = {};
  const items: { minItems?: number; maxItems?: number } = {};
  const defaults = scalar
    ? readScalarKeywords(props, input, uri, layer)
    : readArrayKeywords(props, input, items, ext, layer);
  if (input !== undefined && defaults !== undefined) checkDefaultsOffered(props, input, defaults);
  if (Object.keys(uri).length > 0) ext.uri = uri;
  if (input === undefined || props.report.errors.length > before) return undefined;
  return resourceOrFileField(common, scalar, input, items, defaults, ext);
}

/** A scalar resource field's keywords (one URI: no choice keywords, no selection); its default. */
function readScalarKeywords(
  props: Keywords,
  input: Input | undefined,
  uri: NativeUriKeywords,
  layer: SchemaLayer,
): string | undefined {
  for (const key of CHOICE_KEYWORDS) {
    if (props.has(key))
      props.fail(
        key,
        "forbidden_keyword",
        `is forbidden on a scalar resource field: the offered resources are the choices`,
      );
  }
  props.only(
    ["type", "format", "title", "description", "default", "x-openai-input", ...URI_KEYWORDS],
    "a scalar resource field",
    CHOICE_KEYWORDS,
  );
  if (props.object.format !== "uri") props.fail("format", "invalid_value", `must be "uri" on a resource field`);
  readUriKeywords(props, uri, layer);
  const defaults = props.string("default");
  if (input?.selection !== undefined) {
    props
      .at("x-openai-input")
      .at("selection")
      .error(
        "forbidden_selection",
        "Its `selection` is forbidden on a single resource question: selection modes apply to lists only.",
      );
  }
  return defaults;
}

/** A resource array field's keywords (counts, `uniqueItems`, the URI items; implicit selection without a default). */
function readArrayKeywords(
  props: Keywords,
  input: Input | undefined,
  items: { minItems?: number; maxItems?: number },
  ext: NativeFieldExtension,
  layer: SchemaLayer,
): string[] | undefined {
  // `uniqueItems` is what the official helpers write on resource and file arrays (formgate enforces it anyway).
  props.only(
    ["type", "title", "description", "minItems", "maxItems", "uniqueItems", "default", "items", "x-openai-input"],
    "a resource array field",
  );
  props.bounds("minItems", "maxItems", items);
  const unique = props.boolean("uniqueItems");
  if (unique !== undefined) ext.uniqueItems = unique;
  const defaults = props.strings("default");
  readUriItems(props, ext, layer);
  if (input?.selection === "implicit" && props.has("default")) {
    props.fail(
      "default",
      "implicit_with_default",
      "cannot be combined with implicit selection (every offered resource already starts selected)",
    );
  }
  return defaults;
}

/** Each default must name an offered resource. */
function checkDefaultsOffered(props: Keywords, input: Input, defaults: string | string[]): void {
  const offered = new Set(input.options.map((option) => option.uri));
  for (const [index, value] of (Array.isArray(defaults) ? defaults : [defaults]).entries()) {
    if (!offered.has(value)) {
      (Array.isArray(defaults) ? props.at("default").at(index) : props.at("default")).error(
        "default_not_offered",
        `Its default ${quoted(value)} is not one of the offered resources; a default must name an offered option.`,
      );
    }
  }
}

/** The model field: `file` where the person may add their own (`userOptions`, implicit selection), else `resource`. */
function resourceOrFileField(
  common: Common,
  scalar: boolean,
  input: Input,
  items: { minItems?: number; maxItems?: number },
  defaults: string | string[] | undefined,
  ext: NativeFieldExtension,
): Field {
  const target: Record<string, unknown> = { ...common, multiple: !scalar, options: input.options };
  if (input.selection !== undefined) target.selection = input.selection;
  Object.assign(target, items);
  if (defaults !== undefined) target.default = defaults;
  if (input.userOptions !== undefined || input.selection === "implicit") {
    target.kind = "file";
    target.pick = { ...(input.userOptions ?? {}) };
    if (input.userOptions === undefined) ext.userOptionsOmitted = true;
  } else {
    target.kind = "resource";
  }
  const extensions = nativeExtensions(ext);
  if (extensions !== undefined) target.extensions = extensions;
  return orderFieldKeys(target) as unknown as Field;
}

interface Input {
  options: Resource[];
  userOptions?: { kind?: "file" | "directory"; accept?: string[] };
  selection?: "explicit" | "implicit";
}

function readInput(value: unknown, report: Report, ext: NativeFieldExtension): Input | undefined {
  if (!isRecord(value))
    return report.error(
      "invalid_type",
      "Its `x-openai-input` must be an object { type, options, userOptions?, selection? }.",
    );
  const props = new Keywords(value, report);
  const before = report.errors.length;
  props.only(["type", "options", "userOptions", "selection"], "x-openai-input");
  if (value.type === "file") {
    ext.inputType = "file";
    props
      .at("type")
      .warn("alias_merged", `Its input type "file" is the deprecated alias of "resource", and is read as "resource".`);
  } else if (value.type !== "resource") {
    props.fail(
      "type",
      "unsupported_input_type",
      (value.type === undefined
        ? "Its input type is missing"
        : `Its input type ${quoted(value.type)} is not supported`) +
        ': only "resource" (or its deprecated alias "file") is.',
    );
  }
  const selection = value.selection;
  if (props.has("selection") && selection !== "explicit" && selection !== "implicit")
    props.fail("selection", "invalid_value", `must be "explicit" or "implicit"`);
  const userOptions = props.has("userOptions")
    ? check(USER_OPTIONS, value.userOptions, props.at("userOptions"))
    : undefined;
  if (!props.has("options")) props.fail("options", "missing_property", "is required (it may be an empty list)");
  const options = Array.isArray(value.options) ? readResources(value.options, props.at("options"), ext) : undefined;
  if (props.has("options") && !Array.isArray(value.options))
    props.fail("options", "invalid_type", "must be an array of resources");
  if (report.errors.length > before || options === undefined) return undefined;
  const input: Input = { options };
  if (userOptions !== undefined) input.userOptions = userOptions;
  if (selection === "explicit" || selection === "implicit") input.selection = selection;
  return input;
}

function readResources(list: unknown[], report: Report, ext: NativeFieldExtension): Resource[] {
  const seen = new Set<string>();
  const out: Resource[] = [];
  list.forEach((item, index) => {
    const uri = isRecord(item) && typeof item.uri === "string" ? item.uri : undefined;
    const option = report.at(index).option(uri);
    const parsed = check(RESOURCE, item, option);
    if (parsed === undefined) return;
    unique(seen, parsed.uri, option.at("uri"), "resource");
    for (const key of ["name", "title", "description"] as const) option.text(key, parsed[key]);
    const resource = copyJsonWithout(parsed, "_meta") as Resource;
    // Read from the input: valibot's record leaves out `__proto__`, `constructor` and `prototype` keys.
    if (parsed._meta !== undefined)
      readResourceMeta((item as { _meta: Record<string, unknown> })._meta, resource, option.at("_meta"), ext);
    out.push(resource);
  });
  return out;
}

/**
 * `_meta["openai/thumbnail"]` becomes the thumbnail; a legacy icon in `openai/preview`
 * becomes it too when there is no thumbnail (warned). Preview targets and any other keys
 * stay in `meta` as given; the keys the renderer recognizes are checked.
 */
function readResourceMeta(
  meta: Record<string, unknown>,
  resource: Resource,
  report: Report,
  ext: NativeFieldExtension,
): void {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(meta)) {
    const path = report.at(key);
    if (key === RESOURCE_THUMBNAIL_KEY) {
      const icon = check(ICON, value, path);
      if (icon !== undefined) resource.thumbnail = { ...icon } as Image;
    } else if (key === RESOURCE_PREVIEW_KEY) {
      if (isRecord(value) && Object.hasOwn(value, "target")) check(WRAPPED_TARGET, value, path);
      else if (isRecord(value) && Object.hasOwn(value, "type")) check(PREVIEW_TARGET, value, path);
      else if (check(ICON, value, path) !== undefined && !Object.hasOwn(meta, RESOURCE_THUMBNAIL_KEY)) {
        path.warn(
          "alias_merged",
          "Its `openai/preview` holds an image: it is the legacy alias of the thumbnail, and is read as it.",
        );
        resource.thumbnail = copyJson(value) as Image;
        (ext.previewKey ??= []).push(resource.uri);
        continue;
      }
      setOwn(rest, key, copyJson(value));
    } else {
      if (key === RESOURCE_TARGET_KEY) check(PREVIEW_TARGET, value, path);
      setOwn(rest, key, copyJson(value));
    }
  }
  if (Object.keys(rest).length > 0 || Object.keys(meta).length === 0) resource.meta = rest;
}

function readUriKeywords(props: Keywords, uri: NativeUriKeywords, layer: SchemaLayer): void {
  props.bounds("minLength", "maxLength", uri);
  const pattern = props.pattern("pattern");
  if (pattern !== undefined) uri.pattern = pattern;
  if (props.has("x-openai-suggestions")) {
    // Native hosts do not render suggestions on resource fields; kept only to be written back.
    const scratch: NativeFieldExtension = {};
    if (
      readOptions(
        props.object["x-openai-suggestions"],
        props.at("x-openai-suggestions"),
        layer,
        scratch,
        "suggestions",
      ) !== undefined
    ) {
      uri["x-openai-suggestions"] = copyJson(props.object["x-openai-suggestions"]) as NonNullable<
        NativeUriKeywords["x-openai-suggestions"]
      >;
    }
  }
}

function readUriItems(props: Keywords, ext: NativeFieldExtension, layer: SchemaLayer): void {
  const items = props.object.items;
  if (!isRecord(items)) {
    props.fail(
      "items",
      props.has("items") ? "invalid_type" : "missing_property",
      `must be { type: "string", format: "uri" }`,
    );
    return;
  }
  const inner = new Keywords(items, props.at("items"));
  for (const key of CHOICE_KEYWORDS) {
    if (inner.has(key))
      inner.fail(
        key,
        "forbidden_keyword",
        "is forbidden on the items of a resource field: the offered resources are the choices",
      );
  }
  inner.only(
    ["type", "format", "title", "description", "default", ...URI_KEYWORDS],
    "the items of a resource array field",
    CHOICE_KEYWORDS,
  );
  if (items.type !== "string") inner.fail("type", "invalid_value", `must be "string"`);
  if (items.format !== "uri") inner.fail("format", "invalid_value", `must be "uri"`);
  const uri: NativeUriKeywords = {};
  const title = inner.string("title");
  const description = inner.string("description");
  const itemDefault = inner.string("default");
  if (title !== undefined) uri.title = title;
  if (description !== undefined) uri.description = description;
  if (itemDefault !== undefined) uri.default = itemDefault;
  readUriKeywords(inner, uri, layer);
  if (Object.keys(uri).length > 0) ext.uri = uri;
}

const FIELD_KEY_ORDER = [
  "kind",
  "id",
  "label",
  "description",
  "required",
  "multiple",
  "options",
  "pick",
  "selection",
  "minItems",
  "maxItems",
  "default",
  "extensions",
];

function orderFieldKeys(field: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of FIELD_KEY_ORDER) if (field[key] !== undefined) out[key] = field[key];
  return out;
}
