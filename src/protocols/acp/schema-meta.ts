import { emptyRecord } from "../../model/index.js";
import type { Report } from "../report/index.js";
import { type WrittenSchema, isRecord } from "../json-schema/index.js";
import type { AcpFormExtension, AcpPropertyMeta } from "./extensions.js";

/** Members the SDK's schema never lets be `null`, by place; everywhere else in ACP, `null` means absent. */
const NEVER_NULL = {
  schema: ["type", "properties"],
  property: ["type", "items"],
  items: ["type", "enum", "anyOf"],
  option: ["const", "title"],
} as const;
const META = "_meta";

/**
 * ACP's schema as the JSON-Schema codec reads it: every `null` member dropped (ACP: omitted
 * and `null` are equivalent), the `_meta` members taken out into `ext` (ACP allows them on
 * the schema, each property, its items and each option; the model has no place for them), and
 * a missing `type` (ACP's default, "object") written in. Only members are removed, so every
 * path the codec reports is the input's path.
 */
export function codecSchema(schema: unknown, report: Report, ext: AcpFormExtension): unknown {
  if (!isRecord(schema)) return schema;
  const out = withoutNulls(schema, NEVER_NULL.schema);
  const schemaMeta = takeMeta(out, report);
  if (schemaMeta !== undefined) ext.schemaMeta = schemaMeta;
  if (!Object.hasOwn(out, "type")) {
    out.type = "object";
    ext.typeOmitted = true;
  }
  if (!isRecord(out.properties)) return out;
  const properties = emptyRecord<unknown>();
  for (const [index, [id, property]] of Object.entries(out.properties).entries()) {
    const at = report.at("properties", id).question(id, index);
    if (!isRecord(property)) {
      properties[id] = property;
      continue;
    }
    const found: AcpPropertyMeta = {};
    const clean = withoutNulls(property, NEVER_NULL.property);
    const meta = takeMeta(clean, at);
    if (meta !== undefined) found.meta = meta;
    takeOptionMeta(clean, "oneOf", at.at("oneOf"), found);
    if (isRecord(clean.items)) {
      const items = withoutNulls(clean.items, NEVER_NULL.items);
      const itemsMeta = takeMeta(items, at.at("items"));
      if (itemsMeta !== undefined) found.items = itemsMeta;
      takeOptionMeta(items, "anyOf", at.at("items", "anyOf"), found);
      clean.items = items;
    }
    if (Object.keys(found).length > 0) (ext.propertyMeta ??= emptyRecord<AcpPropertyMeta>())[id] = found;
    properties[id] = clean;
  }
  out.properties = properties;
  return out;
}

/** Writes the `_meta` members read from an ACP schema back where they were. */
export function restoreMeta(schema: WrittenSchema, ext: AcpFormExtension): Record<string, unknown> {
  const out: Record<string, unknown> = { ...schema };
  if (ext.typeOmitted) delete out.type;
  if (ext.schemaMeta !== undefined) out[META] = structuredClone(ext.schemaMeta);
  for (const [id, found] of Object.entries(ext.propertyMeta ?? {})) {
    const property = Object.hasOwn(schema.properties, id) ? schema.properties[id] : undefined;
    if (property === undefined) continue;
    if (found.meta !== undefined) property[META] = structuredClone(found.meta);
    const items = isRecord(property.items) ? property.items : undefined;
    if (found.items !== undefined && items !== undefined) items[META] = structuredClone(found.items);
    for (const list of [property.oneOf, items?.anyOf]) {
      if (!Array.isArray(list)) continue;
      for (const option of list as Record<string, unknown>[]) {
        const meta = typeof option.const === "string" ? found.options?.[option.const] : undefined;
        if (meta !== undefined && Object.hasOwn(found.options ?? {}, option.const as string))
          option[META] = structuredClone(meta);
      }
    }
  }
  return out;
}

function withoutNulls(object: Record<string, unknown>, keep: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) if (value !== null || keep.includes(key)) out[key] = value;
  return out;
}

/** Removes `_meta` from `object` and returns a copy of it; one that is not an object is an error at its path. */
function takeMeta(object: Record<string, unknown>, report: Report): Record<string, unknown> | undefined {
  if (!Object.hasOwn(object, META)) return undefined;
  const meta = object[META];
  delete object[META];
  if (isRecord(meta)) return structuredClone(meta);
  return report.at(META).error("invalid_type", "must be an object (ACP's _meta holds metadata by key)");
}

function takeOptionMeta(
  owner: Record<string, unknown>,
  key: "oneOf" | "anyOf",
  report: Report,
  found: AcpPropertyMeta,
): void {
  const list = owner[key];
  if (!Array.isArray(list)) return;
  owner[key] = list.map((option: unknown, index) => {
    if (!isRecord(option)) return option;
    const clean = withoutNulls(option, NEVER_NULL.option);
    const meta = takeMeta(clean, report.at(index).option(typeof clean.const === "string" ? clean.const : undefined));
    if (meta !== undefined && typeof clean.const === "string")
      (found.options ??= emptyRecord<Record<string, unknown>>())[clean.const] = meta;
    return clean;
  });
}
