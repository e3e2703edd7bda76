/* eslint-disable */
/**
 * Generated from schemas/ by `npm run gen` (json-schema-to-typescript).
 * Do not edit by hand: change the schema and regenerate.
 */

/**
 * This interface was referenced by `NativeRequestParams`'s JSON-Schema
 * via the `definition` "NativeProperty".
 */
export type NativeProperty =
  | NativeStringProperty
  | NativeNumberProperty
  | NativeBooleanProperty
  | NativeSingleSelectProperty
  | NativeEnumProperty
  | NativeArrayProperty
  | NativeResourceProperty
  | NativeResourceArrayProperty;
/**
 * This interface was referenced by `NativeRequestParams`'s JSON-Schema
 * via the `definition` "NativeStringFormat".
 */
export type NativeStringFormat = "email" | "uri" | "date" | "date-time";

/**
 * Params of the native host request `openai/elicitation/create` (legacy connections), or of an MRTR `elicitation/create` input request (MCP 2026-07-28) whose schema travels in `_meta["openai/elicitation"].requestedSchema` beside an empty core `requestedSchema`. Sources: ../shared/spec/native-form-api.md and openai/mcp-extensions docs/spec.md, section "OpenAI Form Elicitation".
 */
export interface NativeRequestParams {
  /**
   * `form`. Optional, as in MCP (a missing mode means form); formgate writes it unless the form it read had none.
   */
  mode?: "form";
  /**
   * Form header. Empty when the header would repeat the label of a single text field.
   */
  message: string;
  requestedSchema: NativeForm;
  /**
   * Request metadata. In the MRTR form, `openai/elicitation.requestedSchema` holds the real form.
   */
  _meta?: {
    [k: string]: unknown;
  };
}
/**
 * The flat form: one property per question, in display order.
 *
 * This interface was referenced by `NativeRequestParams`'s JSON-Schema
 * via the `definition` "NativeForm".
 */
export interface NativeForm {
  $schema?: string;
  /**
   * The schema's own title (the Python helper writes its pydantic model name); not the form header, which is `message`.
   */
  title?: string;
  /**
   * The schema's own description (the Python helper).
   */
  description?: string;
  type: "object";
  properties: {
    [k: string]: NativeProperty;
  };
  /**
   * Names of the properties that must be answered.
   */
  required?: string[];
}
/**
 * Free text, or free text with suggested values (`x-openai-suggestions`).
 *
 * This interface was referenced by `NativeRequestParams`'s JSON-Schema
 * via the `definition` "NativeStringProperty".
 */
export interface NativeStringProperty {
  type: "string";
  title?: string;
  description?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: NativeStringFormat;
  default?: string;
  "x-openai-suggestions"?: NativeOption[];
}
/**
 * A titled `const` option (also the shape of a suggestion). `x-openai-preview` is the deprecated alias of `x-openai-thumbnail`.
 *
 * This interface was referenced by `NativeRequestParams`'s JSON-Schema
 * via the `definition` "NativeOption".
 */
export interface NativeOption {
  const: string;
  title: string;
  description?: string;
  "x-openai-thumbnail"?: NativeIcon;
  "x-openai-preview"?: NativeIcon;
}
/**
 * This interface was referenced by `NativeRequestParams`'s JSON-Schema
 * via the `definition` "NativeIcon".
 */
export interface NativeIcon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: "light" | "dark";
}
/**
 * This interface was referenced by `NativeRequestParams`'s JSON-Schema
 * via the `definition` "NativeNumberProperty".
 */
export interface NativeNumberProperty {
  type: "number" | "integer";
  title?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  /**
   * A closed set of numbers (the Python helper writes it, e.g. `[1.0]`); an answer must equal one of them.
   */
  enum?: number[];
  default?: number;
}
/**
 * This interface was referenced by `NativeRequestParams`'s JSON-Schema
 * via the `definition` "NativeBooleanProperty".
 */
export interface NativeBooleanProperty {
  type: "boolean";
  title?: string;
  description?: string;
  default?: boolean;
}
/**
 * One of titled `const` options.
 *
 * This interface was referenced by `NativeRequestParams`'s JSON-Schema
 * via the `definition` "NativeSingleSelectProperty".
 */
export interface NativeSingleSelectProperty {
  type: "string";
  title?: string;
  description?: string;
  oneOf: NativeOption[];
  default?: string;
}
/**
 * One of untitled values; `enumNames` is the legacy way to title them.
 *
 * This interface was referenced by `NativeRequestParams`'s JSON-Schema
 * via the `definition` "NativeEnumProperty".
 */
export interface NativeEnumProperty {
  type: "string";
  title?: string;
  description?: string;
  enum: string[];
  enumNames?: string[];
  default?: string;
}
/**
 * Several values: titled options (`items.anyOf`), untitled options (`items.enum`), or free strings with optional suggestions.
 *
 * This interface was referenced by `NativeRequestParams`'s JSON-Schema
 * via the `definition` "NativeArrayProperty".
 */
export interface NativeArrayProperty {
  type: "array";
  title?: string;
  description?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  default?: string[];
  items: NativeArrayItems;
}
/**
 * This interface was referenced by `NativeRequestParams`'s JSON-Schema
 * via the `definition` "NativeArrayItems".
 */
export interface NativeArrayItems {
  type?: "string";
  anyOf?: NativeOption[];
  enum?: string[];
  title?: string;
  description?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: NativeStringFormat;
  default?: string;
  "x-openai-suggestions"?: NativeOption[];
}
/**
 * One resource URI. `enum`, `oneOf`, `anyOf` and `x-openai-input.selection` are forbidden.
 *
 * This interface was referenced by `NativeRequestParams`'s JSON-Schema
 * via the `definition` "NativeResourceProperty".
 */
export interface NativeResourceProperty {
  type: "string";
  format: "uri";
  title?: string;
  description?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: string;
  "x-openai-suggestions"?: NativeOption[];
  "x-openai-input": NativeInput;
}
/**
 * This interface was referenced by `NativeRequestParams`'s JSON-Schema
 * via the `definition` "NativeInput".
 */
export interface NativeInput {
  /**
   * `file` is the deprecated alias of `resource`.
   */
  type: "resource" | "file";
  options: NativeResource[];
  userOptions?: NativeUserOptions;
  /**
   * Arrays only; omitted means explicit.
   */
  selection?: "explicit" | "implicit";
}
/**
 * This interface was referenced by `NativeRequestParams`'s JSON-Schema
 * via the `definition` "NativeResource".
 */
export interface NativeResource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  icons?: NativeIcon[];
  annotations?: {
    audience?: ("user" | "assistant")[];
    priority?: number;
    lastModified?: string;
  };
  _meta?: {
    [k: string]: unknown;
  };
}
/**
 * This interface was referenced by `NativeRequestParams`'s JSON-Schema
 * via the `definition` "NativeUserOptions".
 */
export interface NativeUserOptions {
  kind?: "file" | "directory";
  accept?: string[];
}
/**
 * Several resource URIs. `implicit` selection cannot be combined with `default`.
 *
 * This interface was referenced by `NativeRequestParams`'s JSON-Schema
 * via the `definition` "NativeResourceArrayProperty".
 */
export interface NativeResourceArrayProperty {
  type: "array";
  title?: string;
  description?: string;
  minItems?: number;
  maxItems?: number;
  /**
   * Written by the official helpers; formgate rejects repeated answers either way.
   */
  uniqueItems?: boolean;
  default?: string[];
  items: NativeUriString;
  "x-openai-input": NativeInput;
}
/**
 * The string keywords a resource field (or its array items) may carry.
 *
 * This interface was referenced by `NativeRequestParams`'s JSON-Schema
 * via the `definition` "NativeUriString".
 */
export interface NativeUriString {
  type: "string";
  format: "uri";
  title?: string;
  description?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: string;
  "x-openai-suggestions"?: NativeOption[];
}
