import type { Extensions, FormModel, Image } from "../../model/index.js";
import type { NativeResourceProperty } from "../../../generated/native-request.js";
import {
  type SchemaFieldExtension,
  type SchemaFormExtension,
  extensionOf,
  extensionsFor,
} from "../json-schema/index.js";

/**
 * Wire details only the native protocol can say, kept in the model's `extensions.native`
 * (beside the JSON-Schema codec's own, `src/protocols/json-schema/extension.ts`) so that
 * native → model → native is the identity. Only this folder reads them.
 */

/** On the form (`form.extensions.native`). */
export interface NativeFormExtension extends SchemaFormExtension {
  /** The MRTR form: the schema travels in `_meta["openai/elicitation"].requestedSchema`. */
  mrtr?: true;
  /** The params had no `mode` (MCP reads that as "form"). */
  modeOmitted?: true;
  /** The params' `_meta`, without the MRTR schema. */
  meta?: Record<string, unknown>;
}

/** String keywords a resource field (or its array `items`) may carry that the model has no place for. */
export type NativeUriKeywords = Omit<NativeResourceProperty, "type" | "format" | "x-openai-input">;

/** On a field (`field.extensions.native`). */
export interface NativeFieldExtension extends SchemaFieldExtension {
  /** Values (choice) or URIs (resource) whose thumbnail came as the deprecated preview key. */
  previewKey?: string[];
  /** Deprecated `x-openai-preview` icons given beside an `x-openai-thumbnail`, by option value. */
  extraPreviews?: Record<string, Image>;
  /** `x-openai-input.type` was the deprecated alias `file`. */
  inputType?: "file";
  /** String keywords of a scalar resource field, or of a resource array's `items`. */
  uri?: NativeUriKeywords;
  /** Implicit selection without `userOptions` (the host then allows uploads of any file). */
  userOptionsOmitted?: true;
}

export function formExtension(form: FormModel): NativeFormExtension {
  return extensionOf<NativeFormExtension>(form, "native");
}

export function fieldExtension(field: { extensions?: Extensions }): NativeFieldExtension {
  return extensionOf<NativeFieldExtension>(field, "native");
}

/** `{ native: ext }`, or undefined when there is nothing to keep. */
export function nativeExtensions(ext: NativeFormExtension | NativeFieldExtension): Extensions | undefined {
  return extensionsFor("native", ext);
}
