import { type Issue, type PathSegment, emptyRecord, problem, pathSubject } from "../../model/index.js";
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
export function codecSchema(schema: unknown, at: PathSegment[], ext: AcpFormExtension, issues: Issue[]): unknown {
  if (!isRecord(schema)) return schema;
  const out = withoutNulls(schema, NEVER_NULL.schema);
  const schemaMeta = takeMeta(out, at, issues);
  if (schemaMeta !== undefined) ext.schemaMeta = schemaMeta;
  if (!Object.hasOwn(out, "type")) {
    out.type = "object";
    ext.typeOmitted = true;
  }
  if (!isRecord(out.properties)) return out;
  const properties = emptyRecord<unknown>();
  for (const [id, property] of Object.entries(out.properties)) {
    const path = [...at, "properties", id];
    if (!isRecord(property)) {
      properties[id] = property;
      continue;
    }
    const found: AcpPropertyMeta = {};
    const clean = withoutNulls(property, NEVER_NULL.property);
    const meta = takeMeta(clean, path, issues);
    if (meta !== undefined) found.meta = meta;
    takeOptionMeta(clean, "oneOf", [...path, "oneOf"], found, issues);
    if (isRecord(clean.items)) {
      const items = withoutNulls(clean.items, NEVER_NULL.items);
      const itemsMeta = takeMeta(items, [...path, "items"], issues);
      if (itemsMeta !== undefined) found.items = itemsMeta;
      takeOptionMeta(items, "anyOf", [...path, "items", "anyOf"], found, issues);
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
function takeMeta(
  object: Record<string, unknown>,
  at: PathSegment[],
  issues: Issue[],
): Record<string, unknown> | undefined {
  if (!Object.hasOwn(object, META)) return undefined;
  const meta = object[META];
  delete object[META];
  if (isRecord(meta)) return structuredClone(meta);
  issues.push(
    problem(
      "invalid_type",
      [...at, META],
      `${pathSubject([...at, META])} must be an object (ACP's _meta holds metadata by key).`,
    ),
  );
  return undefined;
}

function takeOptionMeta(
  owner: Record<string, unknown>,
  key: "oneOf" | "anyOf",
  at: PathSegment[],
  found: AcpPropertyMeta,
  issues: Issue[],
): void {
  const list = owner[key];
  if (!Array.isArray(list)) return;
  owner[key] = list.map((option: unknown, index) => {
    if (!isRecord(option)) return option;
    const clean = withoutNulls(option, NEVER_NULL.option);
    const meta = takeMeta(clean, [...at, index], issues);
    if (meta !== undefined && typeof clean.const === "string")
      (found.options ??= emptyRecord<Record<string, unknown>>())[clean.const] = meta;
    return clean;
  });
}
