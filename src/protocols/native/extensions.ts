import type { Extensions, FormModel, Image } from "../../model/index.js";
import type { NativeResourceProperty } from "../../../generated/native-request.js";

/**
 * Wire details only the native protocol can say, kept in the model's `extensions.native`
 * so that native → model → native is the identity. Only this folder reads them.
 */

/** On the form (`form.extensions.native`). */
export interface NativeFormExtension {
  /** The form's `$schema`. */
  schemaUri?: string;
  /** The form had no `required` key (rather than an empty list). */
  requiredOmitted?: true;
  /** The `required` list, when its order differs from the property order. */
  requiredOrder?: string[];
  /** The MRTR form: the schema travels in `_meta["openai/elicitation"].requestedSchema`. */
  mrtr?: true;
  /** The params' `_meta`, without the MRTR schema. */
  meta?: Record<string, unknown>;
}

/** String keywords a resource field (or its array `items`) may carry that the model has no place for. */
export type NativeUriKeywords = Omit<NativeResourceProperty, "type" | "format" | "x-openai-input">;

/** On a field (`field.extensions.native`). */
export interface NativeFieldExtension {
  /** A required string without `pattern`: formgate still rejects blank answers, but writes no `pattern: "\\S"`. */
  blankGuard?: false;
  /** Option titles came as the legacy `enumNames`. */
  enumNames?: true;
  /** Values (choice) or URIs (resource) whose thumbnail came as the deprecated preview key. */
  previewKey?: string[];
  /** Deprecated `x-openai-preview` icons given beside an `x-openai-thumbnail`, by option value. */
  extraPreviews?: Record<string, Image>;
  /** A titled multi-select whose `items` also said `type: "string"`. */
  itemsTyped?: true;
  /** A free-string array without `x-openai-suggestions` on its items. */
  noSuggestions?: true;
  /** Keywords of an array's `items` the model has no place for (free-string arrays). */
  items?: { title?: string; description?: string; default?: string };
  /** The array's `uniqueItems`. */
  uniqueItems?: boolean;
  /** `x-openai-input.type` was the deprecated alias `file`. */
  inputType?: "file";
  /** String keywords of a scalar resource field, or of a resource array's `items`. */
  uri?: NativeUriKeywords;
  /** Implicit selection without `userOptions` (the host then allows uploads of any file). */
  userOptionsOmitted?: true;
}

export function formExtension(form: FormModel): NativeFormExtension {
  return (form.extensions?.native ?? {}) as NativeFormExtension;
}

export function fieldExtension(field: { extensions?: Extensions }): NativeFieldExtension {
  return (field.extensions?.native ?? {}) as NativeFieldExtension;
}

/** `{ native: ext }`, or undefined when there is nothing to keep. */
export function nativeExtensions(ext: NativeFormExtension | NativeFieldExtension): Extensions | undefined {
  return Object.keys(ext).length > 0 ? { native: ext as Record<string, unknown> } : undefined;
}
