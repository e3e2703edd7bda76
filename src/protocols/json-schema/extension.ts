import type { Extensions } from "../../model/index.js";

/**
 * Wire details of a JSON-Schema elicitation form that the model has no place for, kept in
 * the model's `extensions[<protocol>]` so that reading and writing one protocol is the
 * identity. Only the protocol of that name reads its entry.
 */

/** On the form. */
export interface SchemaFormExtension {
  /** The form's `$schema`. */
  schemaUri?: string;
  /** The form had no `required` key (rather than an empty list). */
  requiredOmitted?: true;
  /** The `required` list, when its order differs from the property order. */
  requiredOrder?: string[];
  /** `requestedSchema.title` (the Python helper's pydantic model name): not the form's title, which is the message. */
  schemaTitle?: string;
  /** `requestedSchema.description`. */
  schemaDescription?: string;
  /** The request's `message` was empty (no title): written back empty, not as `fallbackTitle`. */
  emptyMessage?: true;
}

/** On a field. */
export interface SchemaFieldExtension {
  /** A required string without `pattern`: formgate still rejects blank answers, but writes no `pattern: "\\S"`. */
  blankGuard?: false;
  /** A `pattern` read where the layer reads it but does not write it otherwise (mcp): written back as read. */
  patternRead?: true;
  /** Option titles came as the legacy `enumNames`. */
  enumNames?: true;
  /** A titled multi-select whose `items` also said `type: "string"`. */
  itemsTyped?: true;
  /** A free-string array without `x-openai-suggestions` on its items. */
  noSuggestions?: true;
  /** Keywords of an array's `items` the model has no place for (free-string arrays). */
  items?: { title?: string; description?: string; default?: string };
  /** The array's `uniqueItems`. */
  uniqueItems?: boolean;
  /** A number field's closed set (`enum` on `number` / `integer`, as the Python helper writes it). */
  numberEnum?: number[];
}

/** The entry of protocol `name` on a form or field (empty when absent). */
export function extensionOf<T>(holder: { extensions?: Extensions }, name: string): T {
  return (holder.extensions?.[name] ?? {}) as T;
}

/** `{ [name]: ext }`, or undefined when there is nothing to keep. */
export function extensionsFor(name: string, ext: object): Extensions | undefined {
  return Object.keys(ext).length > 0 ? { [name]: ext as Record<string, unknown> } : undefined;
}
