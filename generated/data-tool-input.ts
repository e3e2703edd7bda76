/* eslint-disable */
/**
 * Generated from schemas/ by `npm run gen` (json-schema-to-typescript).
 * Do not edit by hand: change the schema and regenerate.
 */

/**
 * One question; `type` selects its shape.
 *
 * This interface was referenced by `DataToolInput`'s JSON-Schema
 * via the `definition` "Question".
 */
export type Question =
  TextQuestion | SingleSelectQuestion | MultiSelectQuestion | ResourceQuestion | ResourcesQuestion | FilesQuestion;

/**
 * Arguments of `form_elicitation_v2_request`: one ordered native form that blocks until the person submits it. Rules JSON Schema cannot state are enforced by the server too: question ids, option ids and option URIs unique in their lists; selection bounds within the option count (except `files`) and minItems ≤ maxItems; image URL credential rules; `file://` answer rules; serialized arguments at most 1 MiB (1,048,576 characters of JSON).
 */
export interface DataToolInput {
  /**
   * Short form header, 1–80 characters. For a single text or choice question, the actual question (the same words as its `title`); for an action, an action title such as `Upload your data`; for several independent questions, a concise shared heading.
   */
  message: string;
  /**
   * 1–12 questions in display order. Limits are ceilings, not targets: ask only what blocks progress.
   *
   * @minItems 1
   * @maxItems 12
   */
  questions: Question[];
}
/**
 * Free text. Answer: a string; a required one must contain a non-whitespace character.
 *
 * This interface was referenced by `DataToolInput`'s JSON-Schema
 * via the `definition` "TextQuestion".
 */
export interface TextQuestion {
  type: "text";
  /**
   * Answer key, unique within the form: a letter, then up to 63 letters, digits, `_` or `-`.
   */
  id: string;
  /**
   * The question as the person reads it: non-empty, no leading or trailing whitespace, at most 80 characters. For a single question, repeat the actual question from `message` here, e.g. `What would you like to understand?`; for several, make each title self-contained.
   */
  title: string;
  /**
   * Optional helpful context shown under the title, at most 2,000 characters. Omit it when it would only repeat the title.
   */
  description?: string;
  /**
   * Explicit boolean, no default: whether the person must answer before submitting. Data intake uses `false`, files included. A required question does not make the call asynchronous.
   */
  required: boolean;
  /**
   * Most characters in the answer (1–16,000). Default 4,000.
   */
  maxLength?: number;
}
/**
 * One choice among invented options. Answer: one exact option id.
 *
 * This interface was referenced by `DataToolInput`'s JSON-Schema
 * via the `definition` "SingleSelectQuestion".
 */
export interface SingleSelectQuestion {
  type: "single_select";
  /**
   * Answer key, unique within the form: a letter, then up to 63 letters, digits, `_` or `-`.
   */
  id: string;
  /**
   * The question as the person reads it: non-empty, no leading or trailing whitespace, at most 80 characters. For a single question, repeat the actual question from `message` here, e.g. `What would you like to understand?`; for several, make each title self-contained.
   */
  title: string;
  /**
   * Optional helpful context shown under the title, at most 2,000 characters. Omit it when it would only repeat the title.
   */
  description?: string;
  /**
   * Explicit boolean, no default: whether the person must answer before submitting. Data intake uses `false`, files included. A required question does not make the call asynchronous.
   */
  required: boolean;
  /**
   * 1–24 choices with unique ids, in display order.
   *
   * @minItems 1
   * @maxItems 24
   */
  options: ChoiceOption[];
}
/**
 * An invented choice, answered by its `id`. Give `thumbnail` or its older alias `preview`, never both. `thumbnail` (or `preview`) is an image shown on the choice.
 *
 * This interface was referenced by `DataToolInput`'s JSON-Schema
 * via the `definition` "ChoiceOption".
 */
export interface ChoiceOption {
  /**
   * Stable answer value, unique within the question; same syntax as question ids.
   */
  id: string;
  /**
   * Label of the choice: non-empty, no leading or trailing whitespace, at most 500 characters.
   */
  title: string;
  /**
   * Secondary text, at most 1,000 characters.
   */
  description?: string;
  thumbnail?: Image;
  preview?: Image;
}
/**
 * An image supplied by the caller; the server validates it but never fetches it.
 *
 * This interface was referenced by `DataToolInput`'s JSON-Schema
 * via the `definition` "Image".
 */
export interface Image {
  /**
   * An HTTPS URL (no user name or password, no credential-like query parameters; the expiring `sig` parameter is allowed only on https://sdmntpr*.oaiusercontent.com Sites screenshot URLs, passed unchanged) or a base64 data URI of image/png, image/jpeg, image/jpg, image/gif, image/webp or image/avif. No SVG, no local files. At most 262,144 characters.
   */
  src: string;
  /**
   * MIME type of the image, at most 100 characters.
   */
  mimeType?: string;
}
/**
 * Several choices among invented options. Answer: an array of distinct exact option ids.
 *
 * This interface was referenced by `DataToolInput`'s JSON-Schema
 * via the `definition` "MultiSelectQuestion".
 */
export interface MultiSelectQuestion {
  type: "multi_select";
  /**
   * Answer key, unique within the form: a letter, then up to 63 letters, digits, `_` or `-`.
   */
  id: string;
  /**
   * The question as the person reads it: non-empty, no leading or trailing whitespace, at most 80 characters. For a single question, repeat the actual question from `message` here, e.g. `What would you like to understand?`; for several, make each title self-contained.
   */
  title: string;
  /**
   * Optional helpful context shown under the title, at most 2,000 characters. Omit it when it would only repeat the title.
   */
  description?: string;
  /**
   * Explicit boolean, no default: whether the person must answer before submitting. Data intake uses `false`, files included. A required question does not make the call asynchronous.
   */
  required: boolean;
  /**
   * 1–24 choices with unique ids, in display order.
   *
   * @minItems 1
   * @maxItems 24
   */
  options: ChoiceOption[];
  /**
   * Fewest choices (0–24). Defaults to 1 when required, else 0; a required question cannot set 0. Cannot exceed `maxItems` or the option count.
   */
  minItems?: number;
  /**
   * Most choices (1–24). Defaults to the number of options; cannot exceed it.
   */
  maxItems?: number;
}
/**
 * One real resource. Use for templates: `required: false`, an action `message` such as `Choose a report template`, and a collection title such as `Relevant report templates`. Answer: one exact offered URI; a skipped question has no answer.
 *
 * This interface was referenced by `DataToolInput`'s JSON-Schema
 * via the `definition` "ResourceQuestion".
 */
export interface ResourceQuestion {
  type: "resource";
  /**
   * Answer key, unique within the form: a letter, then up to 63 letters, digits, `_` or `-`.
   */
  id: string;
  /**
   * The question as the person reads it: non-empty, no leading or trailing whitespace, at most 80 characters. For a single question, repeat the actual question from `message` here, e.g. `What would you like to understand?`; for several, make each title self-contained.
   */
  title: string;
  /**
   * Optional helpful context shown under the title, at most 2,000 characters. Omit it when it would only repeat the title.
   */
  description?: string;
  /**
   * Explicit boolean, no default: whether the person must answer before submitting. Data intake uses `false`, files included. A required question does not make the call asynchronous.
   */
  required: boolean;
  /**
   * 1–24 resources with unique URIs, in display order.
   *
   * @minItems 1
   * @maxItems 24
   */
  options: ResourceOption[];
}
/**
 * A real resource found before this call (a template, document, site), answered by its `uri`. Caller-supplied `_meta` is not accepted. `thumbnail`: a provider or retained image, or a rendered page preview; for Sites pass the fresh `screenshot_url` unchanged. With a thumbnail the card shows icon and title on hover/focus; without one the icon is the card visual.
 *
 * This interface was referenced by `DataToolInput`'s JSON-Schema
 * via the `definition` "ResourceOption".
 */
export interface ResourceOption {
  /**
   * Identity of the resource: an absolute URI, at most 8,192 characters, unique within the question. Returned unchanged as the answer.
   */
  uri: string;
  /**
   * Logical name, non-empty, at most 500 characters.
   */
  name: string;
  /**
   * Card caption, also shown in the thumbnail hover strip. Prefix the real type, e.g. `Presentation · Business review`, `Site · Growth dashboard`, `Document · Weekly update`; keep it concise (long captions truncate). At most 500 characters.
   */
  title: string;
  /**
   * At most 1,000 characters; current native cards do not display it.
   */
  description?: string;
  /**
   * MIME type of the resource, at most 100 characters.
   */
  mimeType?: string;
  /**
   * At most two authentic provider or format icons (the logo of the resource's type). Without a thumbnail the icon is the card visual.
   *
   * @maxItems 2
   */
  icons?: Image[];
  thumbnail?: Image;
}
/**
 * Several real resources. Answer: an array of distinct exact offered URIs.
 *
 * This interface was referenced by `DataToolInput`'s JSON-Schema
 * via the `definition` "ResourcesQuestion".
 */
export interface ResourcesQuestion {
  type: "resources";
  /**
   * Answer key, unique within the form: a letter, then up to 63 letters, digits, `_` or `-`.
   */
  id: string;
  /**
   * The question as the person reads it: non-empty, no leading or trailing whitespace, at most 80 characters. For a single question, repeat the actual question from `message` here, e.g. `What would you like to understand?`; for several, make each title self-contained.
   */
  title: string;
  /**
   * Optional helpful context shown under the title, at most 2,000 characters. Omit it when it would only repeat the title.
   */
  description?: string;
  /**
   * Explicit boolean, no default: whether the person must answer before submitting. Data intake uses `false`, files included. A required question does not make the call asynchronous.
   */
  required: boolean;
  /**
   * 1–24 resources with unique URIs, in display order.
   *
   * @minItems 1
   * @maxItems 24
   */
  options: ResourceOption[];
  /**
   * Fewest resources (0–24). Defaults to 1 when required, else 0; a required question cannot set 0. Cannot exceed `maxItems` or the option count.
   */
  minItems?: number;
  /**
   * Most resources (1–24). Defaults to the number of options; cannot exceed it.
   */
  maxItems?: number;
}
/**
 * Files from the person's machine, optionally among offered resources. Answer: an array of offered URIs or absolute local `file://` URIs. The host picker applies `accept`; nothing is uploaded or read by this tool.
 *
 * This interface was referenced by `DataToolInput`'s JSON-Schema
 * via the `definition` "FilesQuestion".
 */
export interface FilesQuestion {
  type: "files";
  /**
   * Answer key, unique within the form: a letter, then up to 63 letters, digits, `_` or `-`.
   */
  id: string;
  /**
   * The question as the person reads it: non-empty, no leading or trailing whitespace, at most 80 characters. For a single question, repeat the actual question from `message` here, e.g. `What would you like to understand?`; for several, make each title self-contained.
   */
  title: string;
  /**
   * Optional helpful context shown under the title, at most 2,000 characters. Omit it when it would only repeat the title.
   */
  description?: string;
  /**
   * Explicit boolean, no default: whether the person must answer before submitting. Data intake uses `false`, files included. A required question does not make the call asynchronous.
   */
  required: boolean;
  /**
   * 0–24 offered resources with unique URIs, besides the person's own files.
   *
   * @minItems 0
   * @maxItems 24
   */
  options?: ResourceOption[];
  /**
   * Fewest files (0–24). Defaults to 1 when required, else 0; a required question cannot set 0. Cannot exceed `maxItems`.
   */
  minItems?: number;
  /**
   * Most files (1–24). Defaults to 24.
   */
  maxItems?: number;
  /**
   * 1–12 filename extensions or MIME types the picker offers, e.g. [".csv", "text/csv"] or ["image/*"]. A filter, not proof of content type.
   *
   * @minItems 1
   * @maxItems 12
   */
  accept?: string[];
}
