import * as v from "valibot";

/** The parts of a valibot schema's own description that `accepts` walks. */
interface Described {
  readonly type: string;
  readonly wrapped?: Described;
  readonly item?: Described;
  readonly entries?: Readonly<Record<string, Described>>;
  readonly options?: readonly Described[];
  readonly default?: unknown;
  /** Set on a piped schema, which otherwise looks like its first schema. */
  readonly pipe?: readonly unknown[];
}

/**
 * Whether `schema` accepts `value`: true only when `v.is` would say so. Objects, arrays,
 * unions and optionals are walked here, without the output objects valibot builds for
 * them or the issue it builds for each failing option of a union; anything else
 * (strings' pipes, numbers, defaults) is asked of valibot. Nearly every body passes, so
 * this answers for most; on false the caller runs valibot, which names the problems.
 */
export function accepts(schema: v.GenericSchema, value: unknown): boolean {
  return walk(schema as Described, value);
}

function walk(schema: Described, value: unknown): boolean {
  if (schema.pipe !== undefined) return v.is(schema as unknown as v.GenericSchema, value);
  switch (schema.type) {
    case "string":
      return typeof value === "string";
    case "unknown":
      return true;
    case "optional":
      if (schema.default !== undefined) break;
      return value === undefined || walk(schema.wrapped as Described, value);
    case "array":
      if (!Array.isArray(value)) return false;
      for (const item of value) if (!walk(schema.item as Described, item)) return false;
      return true;
    case "union":
      for (const option of schema.options as readonly Described[]) if (walk(option, value)) return true;
      return false;
    case "loose_object": {
      if (value === null || typeof value !== "object") return false;
      const object = value as Record<string, unknown>;
      const entries = schema.entries as Readonly<Record<string, Described>>;
      for (const key in entries) {
        const entry = entries[key] as Described;
        // An absent key passes when optional without a default (most entries): not walked into.
        if (key in object ? !walk(entry, object[key]) : entry.type !== "optional" || entry.default !== undefined)
          return false;
      }
      return true;
    }
  }
  return v.is(schema as unknown as v.GenericSchema, value);
}
