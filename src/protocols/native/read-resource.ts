import * as v from "valibot";
import {
  type Field,
  type Image,
  type Issue,
  type PathSegment,
  type Resource,
  copyJson,
  copyJsonWithout,
  problem,
  setOwn,
  warning,
  quoted,
} from "../../model/index.js";
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
export function readResourceField(
  props: Keywords,
  common: Common,
  layer: SchemaLayer,
  issues: Issue[],
  warnings: Issue[],
): Field | undefined {
  const ext: NativeFieldExtension = {};
  const before = issues.length;
  const input = readInput(props.object["x-openai-input"], props.path("x-openai-input"), ext, issues, warnings);
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
    ? readScalarKeywords(props, input, uri, layer, issues, warnings)
    : readArrayKeywords(props, input, items, ext, layer, issues, warnings);
  if (input !== undefined && defaults !== undefined) checkDefaultsOffered(props, input, defaults, issues);
  if (Object.keys(uri).length > 0) ext.uri = uri;
  if (input === undefined || issues.length > before) return undefined;
  return resourceOrFileField(common, scalar, input, items, defaults, ext);
}

/** A scalar resource field's keywords (one URI: no choice keywords, no selection); its default. */
function readScalarKeywords(
  props: Keywords,
  input: Input | undefined,
  uri: NativeUriKeywords,
  layer: SchemaLayer,
  issues: Issue[],
  warnings: Issue[],
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
  readUriKeywords(props, uri, layer, issues, warnings);
  const defaults = props.string("default");
  if (input?.selection !== undefined) {
    issues.push(
      problem(
        "forbidden_selection",
        [...props.path("x-openai-input"), "selection"],
        "Its `selection` is forbidden on a single resource question: selection modes apply to lists only.",
      ),
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
  issues: Issue[],
  warnings: Issue[],
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
  readUriItems(props, ext, layer, issues, warnings);
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
function checkDefaultsOffered(props: Keywords, input: Input, defaults: string | string[], issues: Issue[]): void {
  const offered = new Set(input.options.map((option) => option.uri));
  for (const [index, value] of (Array.isArray(defaults) ? defaults : [defaults]).entries()) {
    if (!offered.has(value)) {
      issues.push(
        problem(
          "default_not_offered",
          Array.isArray(defaults) ? props.path("default").concat(index) : props.path("default"),
          `Its default ${quoted(value)} is not one of the offered resources; a default must name an offered option.`,
        ),
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

function readInput(
  value: unknown,
  at: PathSegment[],
  ext: NativeFieldExtension,
  issues: Issue[],
  warnings: Issue[],
): Input | undefined {
  if (!isRecord(value)) {
    issues.push(
      problem(
        "invalid_type",
        at,
        "Its `x-openai-input` must be an object { type, options, userOptions?, selection? }.",
      ),
    );
    return undefined;
  }
  const props = new Keywords(value, at, issues);
  const before = issues.length;
  props.only(["type", "options", "userOptions", "selection"], "x-openai-input");
  if (value.type === "file") {
    ext.inputType = "file";
    warnings.push(
      warning(
        "alias_merged",
        props.path("type"),
        `Its input type "file" is the deprecated alias of "resource", and is read as "resource".`,
      ),
    );
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
    ? check(USER_OPTIONS, value.userOptions, props.path("userOptions"), issues)
    : undefined;
  if (!props.has("options")) props.fail("options", "missing_property", "is required (it may be an empty list)");
  const options = Array.isArray(value.options)
    ? readResources(value.options, props.path("options"), ext, issues, warnings)
    : undefined;
  if (props.has("options") && !Array.isArray(value.options))
    props.fail("options", "invalid_type", "must be an array of resources");
  if (issues.length > before || options === undefined) return undefined;
  const input: Input = { options };
  if (userOptions !== undefined) input.userOptions = userOptions;
  if (selection === "explicit" || selection === "implicit") input.selection = selection;
  return input;
}

function readResources(
  list: unknown[],
  at: PathSegment[],
  ext: NativeFieldExtension,
  issues: Issue[],
  warnings: Issue[],
): Resource[] {
  const seen = new Set<string>();
  const out: Resource[] = [];
  list.forEach((item, index) => {
    const path = [...at, index];
    const parsed = check(RESOURCE, item, path, issues);
    if (parsed === undefined) return;
    unique(seen, parsed.uri, [...path, "uri"], issues, "resource");
    const resource = copyJsonWithout(parsed, "_meta") as Resource;
    // Read from the input: valibot's record leaves out `__proto__`, `constructor` and `prototype` keys.
    if (parsed._meta !== undefined)
      readResourceMeta(
        (item as { _meta: Record<string, unknown> })._meta,
        resource,
        [...path, "_meta"],
        ext,
        issues,
        warnings,
      );
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
  at: PathSegment[],
  ext: NativeFieldExtension,
  issues: Issue[],
  warnings: Issue[],
): void {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(meta)) {
    const path = [...at, key];
    if (key === RESOURCE_THUMBNAIL_KEY) {
      const icon = check(ICON, value, path, issues);
      if (icon !== undefined) resource.thumbnail = { ...icon } as Image;
    } else if (key === RESOURCE_PREVIEW_KEY) {
      if (isRecord(value) && Object.hasOwn(value, "target")) check(WRAPPED_TARGET, value, path, issues);
      else if (isRecord(value) && Object.hasOwn(value, "type")) check(PREVIEW_TARGET, value, path, issues);
      else if (check(ICON, value, path, issues) !== undefined && !Object.hasOwn(meta, RESOURCE_THUMBNAIL_KEY)) {
        warnings.push(
          warning(
            "alias_merged",
            path,
            "Its `openai/preview` holds an image: it is the legacy alias of the thumbnail, and is read as it.",
          ),
        );
        resource.thumbnail = copyJson(value) as Image;
        (ext.previewKey ??= []).push(resource.uri);
        continue;
      }
      setOwn(rest, key, copyJson(value));
    } else {
      if (key === RESOURCE_TARGET_KEY) check(PREVIEW_TARGET, value, path, issues);
      setOwn(rest, key, copyJson(value));
    }
  }
  if (Object.keys(rest).length > 0 || Object.keys(meta).length === 0) resource.meta = rest;
}

function readUriKeywords(
  props: Keywords,
  uri: NativeUriKeywords,
  layer: SchemaLayer,
  issues: Issue[],
  warnings: Issue[],
): void {
  props.bounds("minLength", "maxLength", uri);
  const pattern = props.pattern("pattern");
  if (pattern !== undefined) uri.pattern = pattern;
  if (props.has("x-openai-suggestions")) {
    // Native hosts do not render suggestions on resource fields; kept only to be written back.
    const scratch: NativeFieldExtension = {};
    if (
      readOptions(
        props.object["x-openai-suggestions"],
        props.path("x-openai-suggestions"),
        layer,
        scratch,
        issues,
        warnings,
        "suggestions",
      ) !== undefined
    ) {
      uri["x-openai-suggestions"] = copyJson(props.object["x-openai-suggestions"]) as NonNullable<
        NativeUriKeywords["x-openai-suggestions"]
      >;
    }
  }
}

function readUriItems(
  props: Keywords,
  ext: NativeFieldExtension,
  layer: SchemaLayer,
  issues: Issue[],
  warnings: Issue[],
): void {
  const items = props.object.items;
  if (!isRecord(items)) {
    props.fail(
      "items",
      props.has("items") ? "invalid_type" : "missing_property",
      `must be { type: "string", format: "uri" }`,
    );
    return;
  }
  const inner = new Keywords(items, props.path("items"), issues);
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
  readUriKeywords(inner, uri, layer, issues, warnings);
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
