import type { FileField, Resource, ResourceField } from "../../model/index.js";
import { copyJson, copyJsonWithout } from "../../model/index.js";
import type { Report } from "../report/index.js";
import type {
  NativeResource,
  NativeResourceArrayProperty,
  NativeResourceProperty,
} from "../../../generated/native-request.js";
import { dropped, upperBound, withCommon } from "../json-schema/index.js";
import { type NativeFieldExtension, fieldExtension } from "./extensions.js";
import { RESOURCE_PREVIEW_KEY, RESOURCE_THUMBNAIL_KEY } from "./wire-schemas.js";

/** Writes a resource or file field as a native property with `x-openai-input`. */
export function writeResourceField(
  field: ResourceField | FileField,
  report: Report,
): NativeResourceProperty | NativeResourceArrayProperty {
  const ext = fieldExtension(field);
  const input: NativeResourceProperty["x-openai-input"] = {
    type: ext.inputType ?? "resource",
    options: field.options.map((option) => writeResource(option, ext)),
  };
  if (field.kind === "file") {
    if (field.placeholder !== undefined)
      dropped(report, "placeholder", "has no place in an OpenAI native form, so it is dropped");
    if (!(ext.userOptionsOmitted && field.selection === "implicit" && Object.keys(field.pick).length === 0))
      input.userOptions = structuredClone(field.pick);
  }
  const value = resourceDefault(field, report);
  const { title, description, default: itemDefault, ...uri } = ext.uri ?? {};
  if (!field.multiple) {
    if (field.selection !== undefined)
      dropped(
        report,
        "selection",
        "is forbidden on a single resource question (native selection modes are for lists only), so it is dropped",
      );
    for (const key of ["minItems", "maxItems"] as const)
      if (field[key] !== undefined) dropped(report, key, "applies to several resources only, so it is dropped");
    return withCommon<typeof field, NativeResourceProperty>(
      { type: "string", format: "uri", ...uri, "x-openai-input": input },
      field,
      value,
    );
  }
  if (field.selection !== undefined) input.selection = field.selection;
  // Native implicit selection always lets the person add their own files (docs/native.md, decision 5).
  if (field.kind === "resource" && field.selection === "implicit") {
    report.warn(
      "approximated",
      "With implicit selection, a native question also takes the person's own files, so it is read back as a " +
        "file question.",
    );
  }
  const items: NativeResourceArrayProperty["items"] = withoutUndefined({
    type: "string",
    format: "uri",
    title,
    description,
    ...uri,
    default: itemDefault,
  });
  const maxItems = upperBound(field.minItems, field.maxItems, report, "maxItems");
  const reordered = {
    type: "array",
    minItems: field.minItems,
    maxItems,
    uniqueItems: ext.uniqueItems,
    items,
    "x-openai-input": input,
  } as NativeResourceArrayProperty;
  return withCommon<typeof field, NativeResourceArrayProperty>(reordered, field, value);
}

/**
 * Writes a model resource as a native (MCP) resource: the thumbnail moves into
 * `_meta["openai/thumbnail"]` (or the legacy `openai/preview` it was read from), beside
 * the other `meta` keys.
 */
export function writeResource(resource: Resource, ext: NativeFieldExtension): NativeResource {
  const { thumbnail, meta } = resource;
  const out = copyJsonWithout(resource, "thumbnail", "meta") as NativeResource;
  if (thumbnail !== undefined || meta !== undefined) {
    const _meta: Record<string, unknown> = copyJson(meta ?? {});
    if (thumbnail !== undefined)
      _meta[ext.previewKey?.includes(resource.uri) ? RESOURCE_PREVIEW_KEY : RESOURCE_THUMBNAIL_KEY] = { ...thumbnail };
    out._meta = _meta;
  }
  return out;
}

/** The object without its undefined entries (built anew: deleting keys makes objects slow). */
function withoutUndefined<T extends object>(object: T): T {
  const out: Partial<T> = {};
  for (const key in object) if (object[key] !== undefined) out[key] = object[key];
  return out as T;
}

/** Native defaults must name offered URIs and never accompany implicit selection. */
function resourceDefault(field: ResourceField | FileField, report: Report): string | string[] | undefined {
  const value = field.default;
  if (value === undefined) return undefined;
  if (Array.isArray(value) !== field.multiple) {
    return void dropped(
      report,
      "default",
      field.multiple
        ? "must be a list on a multiple question, so it is dropped"
        : "must be one URI on a single question, so it is dropped",
    );
  }
  if (field.multiple && field.selection === "implicit") {
    return void dropped(
      report,
      "default",
      "cannot go with implicit selection (every offered resource starts selected), so it is dropped",
    );
  }
  const offered = new Set(field.options.map((option) => option.uri));
  if ((Array.isArray(value) ? value : [value]).some((uri) => !offered.has(uri))) {
    return void dropped(
      report,
      "default",
      "names a URI that is not offered, so it is dropped (a native default must name offered resources)",
    );
  }
  return structuredClone(value);
}
