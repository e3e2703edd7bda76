import { named } from "../../model/index.js";
import type { Report } from "../report/index.js";
import { type SchemaLayer, formName } from "./layer.js";

// What every property writer uses (write-text.ts, write-choice.ts, the layers' resource writers): a property's common
// keywords, a dropped key, a bound out of order, and another protocol's wire details.

/** One property of an elicitation schema, as written. */
export type SchemaProperty = Record<string, unknown> & { type: string };

/** Every `extensions` entry of another protocol is dropped here, and said so. */
export function warnOtherExtensions(
  extensions: Record<string, unknown> | undefined,
  report: Report,
  layer: SchemaLayer,
): void {
  for (const name of Object.keys(extensions ?? {})) {
    if (name !== layer.name)
      report
        .at("extensions", name)
        .warn(
          "dropped",
          `${report.path.length === 0 ? "The form's" : "Its"} wire details for ${name} ` +
            `(kept to write it back as ${name}) ` +
            `have no place in ${formName(layer)}, so they are dropped.`,
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

/** A `dropped` warning for `key` below `report`: "Its `key` " and what `why` says of it ("has no place in …"). */
export function dropped(report: Report, key: string, why: string): void {
  report.at(key).warn("dropped", `Its ${named(key)} ${why}.`);
}

/**
 * The upper bound `key`, or undefined (dropped, with a warning) when it is below the lower one: a reader rejects such a
 * pair.
 */
export function upperBound(
  low: number | undefined,
  high: number | undefined,
  report: Report,
  key: string,
): number | undefined {
  if (low === undefined || high === undefined || low <= high) return high;
  return void dropped(report, key, `is below the lower bound ${low}, so no answer could satisfy both; it is dropped`);
}
