import * as v from "valibot";
import { ACCEPT_TOKEN, ACCEPT_TOKEN_MESSAGE, isAbsoluteUri } from "../../model/index.js";
import type { Report } from "../report/index.js";

/**
 * valibot schemas for the leaf objects of the native API (icons, resources, options,
 * user options, preview targets), checked through the shared valibot converter.
 * Which property shape a field has is decided in ../json-schema/read-field.ts (and read-resource.ts); these check the
 * pieces.
 */

/** A native resource's `_meta` key for its thumbnail, a `NativeIcon` (native-form-api.md, "Resource `_meta`"). */
export const RESOURCE_THUMBNAIL_KEY = "openai/thumbnail";
/** Its legacy key: a thumbnail `NativeIcon`, a preview target, or `{ target: PreviewTarget }`. */
export const RESOURCE_PREVIEW_KEY = "openai/preview";
/** Its key for a `PreviewTarget` when the preview key holds none. */
export const RESOURCE_TARGET_KEY = "openai/target";

const text = v.string();

export const ICON = v.strictObject({
  src: text,
  mimeType: v.optional(text),
  sizes: v.optional(v.array(text)),
  theme: v.optional(v.picklist(["light", "dark"])),
});

/** ISO 8601 date-time with a time zone (MCP `annotations.lastModified`). */
const ZONED_DATE_TIME = new RegExp(
  "^(\\d{4})-(\\d{2})-(\\d{2})T([01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?" +
    "(?:Z|[+-](?:[01]\\d|2[0-3]):?[0-5]\\d)$",
  "i",
);

export function isZonedDateTime(value: string): boolean {
  const match = ZONED_DATE_TIME.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const ANNOTATIONS = v.strictObject({
  audience: v.optional(v.array(v.picklist(["user", "assistant"]))),
  priority: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
  lastModified: v.optional(
    v.pipe(text, v.check(isZonedDateTime, "must be an ISO 8601 date-time with a time zone, e.g. 2025-01-31T09:30:00Z")),
  ),
});

export const RESOURCE = v.strictObject({
  uri: v.pipe(
    text,
    v.check(isAbsoluteUri, "must be an absolute URI (a scheme such as https: followed by the rest, with no spaces)"),
  ),
  name: text,
  title: v.optional(text),
  description: v.optional(text),
  mimeType: v.optional(text),
  size: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0))),
  icons: v.optional(v.array(ICON)),
  annotations: v.optional(ANNOTATIONS),
  _meta: v.optional(v.record(text, v.unknown())),
});

/**
 * `accept` tokens as the spec text says (extensions or MIME types), stricter than the TS helper's any string
 * (docs/native.md).
 */
export const USER_OPTIONS = v.strictObject({
  kind: v.optional(v.picklist(["file", "directory"])),
  accept: v.optional(v.array(v.pipe(text, v.regex(ACCEPT_TOKEN, ACCEPT_TOKEN_MESSAGE)))),
});

/** `{type:"resource_link", ...Resource}` or `{type:"mcp_app_tool", name, arguments?}`. */
export const PREVIEW_TARGET = v.variant("type", [
  v.strictObject({ ...RESOURCE.entries, type: v.literal("resource_link") }),
  v.strictObject({
    type: v.literal("mcp_app_tool"),
    name: v.pipe(
      text,
      v.check((name) => name.trim() !== "", "must not be blank"),
    ),
    arguments: v.optional(v.record(text, v.unknown())),
  }),
]);

/**
 * Checks `value` against `schema`; on failure reports valibot's issues (through the one
 * converter) below `report`, and returns undefined.
 */
export function check<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  report: Report,
): v.InferOutput<S> | undefined {
  const parsed = v.safeParse(schema, value, { abortEarly: false });
  if (parsed.success) return parsed.output;
  report.valibot(parsed.issues);
  return undefined;
}
