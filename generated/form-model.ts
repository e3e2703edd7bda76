/* eslint-disable */
/**
 * Generated from schemas/ by `npm run gen` (json-schema-to-typescript).
 * Do not edit by hand: change the schema and regenerate.
 */

/**
 * One question of a form.
 *
 * This interface was referenced by `FormModel`'s JSON-Schema
 * via the `definition` "Field".
 */
export type Field = TextField | NumberField | BooleanField | ChoiceField | ResourceField | FileField;
/**
 * Answer key, unique within the form.
 *
 * This interface was referenced by `FormModel`'s JSON-Schema
 * via the `definition` "FieldId".
 */
export type FieldId = string;
/**
 * The question as a person reads it.
 *
 * This interface was referenced by `FormModel`'s JSON-Schema
 * via the `definition` "Label".
 */
export type Label = string;
/**
 * Help text under the question.
 *
 * This interface was referenced by `FormModel`'s JSON-Schema
 * via the `definition` "Description".
 */
export type Description = string;
/**
 * An answer is needed before the form can be submitted.
 *
 * This interface was referenced by `FormModel`'s JSON-Schema
 * via the `definition` "Required".
 */
export type Required = boolean;
/**
 * Hint shown in an empty input.
 *
 * This interface was referenced by `FormModel`'s JSON-Schema
 * via the `definition` "Placeholder".
 */
export type Placeholder = string;
/**
 * What kind of text the answer is; hosts pick a matching input control.
 *
 * This interface was referenced by `FormModel`'s JSON-Schema
 * via the `definition` "TextFormat".
 */
export type TextFormat = "email" | "uri" | "date" | "time" | "date-time" | "color" | "tel";
/**
 * `explicit`: nothing starts selected (checkboxes, radios). `implicit` (multiple only): every offered option starts selected and the person removes what they do not want.
 *
 * This interface was referenced by `FormModel`'s JSON-Schema
 * via the `definition` "Selection".
 */
export type Selection = "explicit" | "implicit";
/**
 * Offered URIs the control starts with. Never applied as an answer.
 *
 * This interface was referenced by `FormModel`'s JSON-Schema
 * via the `definition` "UriDefault".
 */
export type UriDefault = string | string[];

/**
 * formgate's protocol-neutral form: every protocol reads into this shape and writes out of it. A field holds everything any protocol can say about it; a protocol that cannot say something reports it as a warning when writing.
 */
export interface FormModel {
  /**
   * Stable form id (the <question-form> `id` attribute). The Data tool and native requests have none.
   */
  id?: string;
  /**
   * Form header: the Data tool and native `message`, the <question-form> `title` attribute.
   */
  title?: string;
  /**
   * Introductory text shown under the header (<question-form> body `description`).
   */
  description?: string;
  /**
   * Label of the submit button, where the protocol has one.
   */
  submitLabel?: string;
  /**
   * BCP 47 language tag of the form's copy, where the protocol has one.
   */
  lang?: string;
  /**
   * Fields in display order.
   */
  fields: Field[];
  extensions?: Extensions;
}
/**
 * Free text. A required text answer must contain a non-whitespace character in every protocol.
 *
 * This interface was referenced by `FormModel`'s JSON-Schema
 * via the `definition` "TextField".
 */
export interface TextField {
  kind: "text";
  id: FieldId;
  label?: Label;
  description?: Description;
  required: Required;
  placeholder?: Placeholder;
  /**
   * Shown as a multi-line text area.
   */
  multiline?: boolean;
  /**
   * Fewest characters an answer may have.
   */
  minLength?: number;
  /**
   * Most characters an answer may have.
   */
  maxLength?: number;
  format?: TextFormat;
  /**
   * ECMA-262 regular expression the answer must match (unanchored, as in JSON Schema).
   */
  pattern?: string;
  /**
   * Value the control starts with. Never applied as an answer.
   */
  default?: string;
  extensions?: Extensions;
}
/**
 * Wire details that only one protocol can say, keyed by protocol name, so that reading and writing the same protocol is lossless. Only the named protocol reads its entry, but for a field entry's `header`: a short tag shown above the question (AskUserQuestion's), which renderers show whatever the protocol. Translating to another protocol reports each entry as dropped.
 *
 * This interface was referenced by `FormModel`'s JSON-Schema
 * via the `definition` "Extensions".
 */
export interface Extensions {
  [k: string]: {};
}
/**
 * A number.
 *
 * This interface was referenced by `FormModel`'s JSON-Schema
 * via the `definition` "NumberField".
 */
export interface NumberField {
  kind: "number";
  id: FieldId;
  label?: Label;
  description?: Description;
  required: Required;
  placeholder?: Placeholder;
  /**
   * Only whole numbers are valid answers.
   */
  integer: boolean;
  /**
   * Smallest valid answer, inclusive.
   */
  minimum?: number;
  /**
   * Largest valid answer, inclusive.
   */
  maximum?: number;
  /**
   * Increment of the control.
   */
  step?: number;
  /**
   * Shown as a slider (a range control) rather than a number box.
   */
  slider?: boolean;
  /**
   * Value the control starts with. Never applied as an answer.
   */
  default?: number;
  extensions?: Extensions;
}
/**
 * A yes/no switch.
 *
 * This interface was referenced by `FormModel`'s JSON-Schema
 * via the `definition` "BooleanField".
 */
export interface BooleanField {
  kind: "boolean";
  id: FieldId;
  label?: Label;
  description?: Description;
  required: Required;
  /**
   * Value the control starts with. Never applied as an answer.
   */
  default?: boolean;
  extensions?: Extensions;
}
/**
 * A choice among offered options, one or several. An answer is the option's `value`, or typed text where `custom` allows it.
 *
 * This interface was referenced by `FormModel`'s JSON-Schema
 * via the `definition` "ChoiceField".
 */
export interface ChoiceField {
  kind: "choice";
  id: FieldId;
  label?: Label;
  description?: Description;
  required: Required;
  placeholder?: Placeholder;
  /**
   * Several options may be chosen; the answer is an array of distinct values.
   */
  multiple: boolean;
  /**
   * Offered options in display order.
   */
  options: ChoiceOption[];
  /**
   * The host supplies the options from its own catalog (a <question-form> direction-cards question written without cards or options): `options` stays empty until a caller fills them from that catalog (`directionCatalog` of translate and the bridge).
   */
  catalog?: "host";
  /**
   * Fewest choices (multiple only).
   */
  minItems?: number;
  /**
   * Most choices (multiple only).
   */
  maxItems?: number;
  /**
   * Preferred control; hosts may ignore it.
   */
  display?: "radio" | "select" | "checkbox" | "cards";
  custom?: CustomAnswer;
  /**
   * Values the control starts with. Never applied as an answer.
   */
  default?: string | string[];
  extensions?: Extensions;
}
/**
 * One offered choice.
 *
 * This interface was referenced by `FormModel`'s JSON-Schema
 * via the `definition` "ChoiceOption".
 */
export interface ChoiceOption {
  /**
   * Stable value submitted as the answer (the Data option `id`, the native `const`).
   */
  value: string;
  /**
   * What a person reads; absent when the protocol shows the value itself.
   */
  label?: string;
  /**
   * Secondary text under the label.
   */
  description?: string;
  thumbnail?: Image;
  /**
   * Small icons for the option.
   */
  icons?: Image[];
  card?: DirectionCard;
}
/**
 * An image: an HTTPS URL or a data URI.
 *
 * This interface was referenced by `FormModel`'s JSON-Schema
 * via the `definition` "Image".
 */
export interface Image {
  /**
   * Image URL or data URI.
   */
  src: string;
  /**
   * MIME type of the image.
   */
  mimeType?: string;
  /**
   * Sizes the image suits, e.g. `48x48` or `any`.
   */
  sizes?: string[];
  /**
   * Colour theme the image is drawn for.
   */
  theme?: "light" | "dark";
}
/**
 * Visual direction shown on a card (<question-form> `direction-cards`).
 *
 * This interface was referenced by `FormModel`'s JSON-Schema
 * via the `definition` "DirectionCard".
 */
export interface DirectionCard {
  /**
   * One-line mood of the direction.
   */
  mood?: string;
  /**
   * Reference works or image URLs.
   */
  references?: string[];
  /**
   * CSS colours.
   */
  palette?: string[];
  /**
   * CSS font stack for headings.
   */
  displayFont?: string;
  /**
   * CSS font stack for body text.
   */
  bodyFont?: string;
}
/**
 * Present when a person may type an answer instead of picking an option; the options are then suggestions.
 *
 * This interface was referenced by `FormModel`'s JSON-Schema
 * via the `definition` "CustomAnswer".
 */
export interface CustomAnswer {
  /**
   * Label of the typed-answer input.
   */
  label?: string;
  /**
   * Placeholder of the typed-answer input.
   */
  placeholder?: string;
  /**
   * Fewest characters of a typed answer.
   */
  minLength?: number;
  /**
   * Most characters of a typed answer.
   */
  maxLength?: number;
  /**
   * ECMA-262 regular expression a typed answer must match.
   */
  pattern?: string;
  format?: TextFormat;
}
/**
 * A choice among offered resources (templates, documents, sites); the answer is the resource URI, or an array of distinct URIs.
 *
 * This interface was referenced by `FormModel`'s JSON-Schema
 * via the `definition` "ResourceField".
 */
export interface ResourceField {
  kind: "resource";
  id: FieldId;
  label?: Label;
  description?: Description;
  required: Required;
  /**
   * Several resources may be chosen.
   */
  multiple: boolean;
  /**
   * Offered resources in display order.
   */
  options: Resource[];
  selection?: Selection;
  /**
   * Fewest resources (multiple only).
   */
  minItems?: number;
  /**
   * Most resources (multiple only).
   */
  maxItems?: number;
  default?: UriDefault;
  extensions?: Extensions;
}
/**
 * An offered resource, with the full native resource metadata.
 *
 * This interface was referenced by `FormModel`'s JSON-Schema
 * via the `definition` "Resource".
 */
export interface Resource {
  /**
   * Identity of the resource; the answer when chosen.
   */
  uri: string;
  /**
   * Logical name.
   */
  name: string;
  /**
   * Display label; renderers fall back to `name`.
   */
  title?: string;
  /**
   * Longer description (current native cards do not show it).
   */
  description?: string;
  /**
   * MIME type of the resource.
   */
  mimeType?: string;
  /**
   * Size in bytes.
   */
  size?: number;
  /**
   * Provider or format icons.
   */
  icons?: Image[];
  thumbnail?: Image;
  /**
   * MCP resource annotations.
   */
  annotations?: {
    audience?: ("user" | "assistant")[];
    priority?: number;
    /**
     * ISO 8601 date-time with a time zone.
     */
    lastModified?: string;
  };
  /**
   * Other resource metadata (native `_meta` keys besides the thumbnail, such as preview targets), carried as given.
   */
  meta?: {};
}
/**
 * Files (or directories) the person picks on their machine, optionally among offered resources; the answer is a `file://` URI or offered URI, or an array of them.
 *
 * This interface was referenced by `FormModel`'s JSON-Schema
 * via the `definition` "FileField".
 */
export interface FileField {
  kind: "file";
  id: FieldId;
  label?: Label;
  description?: Description;
  required: Required;
  placeholder?: Placeholder;
  /**
   * Several files may be given.
   */
  multiple: boolean;
  /**
   * Offered resources the person may pick besides their own files; may be empty.
   */
  options: Resource[];
  /**
   * What the person may add from their machine.
   */
  pick: {
    /**
     * Files (the default) or directories.
     */
    kind?: "file" | "directory";
    /**
     * Filename extensions (`.csv`) or MIME types (`image/*`) the picker offers. A filter, not proof of content type.
     */
    accept?: string[];
  };
  selection?: Selection;
  /**
   * Fewest files (multiple only).
   */
  minItems?: number;
  /**
   * Most files (multiple only).
   */
  maxItems?: number;
  default?: UriDefault;
  extensions?: Extensions;
}
