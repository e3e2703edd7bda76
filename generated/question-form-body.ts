/* eslint-disable */
/**
 * Generated from schemas/ by `npm run gen` (json-schema-to-typescript).
 * Do not edit by hand: change the schema and regenerate.
 */

/**
 * This interface was referenced by `QuestionFormBody`'s JSON-Schema
 * via the `definition` "QuestionType".
 */
export type QuestionType =
  | "radio"
  | "checkbox"
  | "select"
  | "text"
  | "textarea"
  | "number"
  | "range"
  | "date"
  | "time"
  | "datetime-local"
  | "color"
  | "url"
  | "email"
  | "tel"
  | "file"
  | "switch"
  | "direction-cards";
/**
 * A string (label and value alike) or an object with a localized label and a stable value.
 *
 * This interface was referenced by `QuestionFormBody`'s JSON-Schema
 * via the `definition` "Option".
 */
export type Option =
  | string
  | {
      label: string;
      value: string;
      description?: string;
      /**
       * A select option's group (the renderer expands the first group and collapses the others).
       */
      group?: string;
      /**
       * A short code at the end of a select option's row, such as ZH-CN.
       */
      trailingLabel?: string;
    };

/**
 * The canonical JSON body of a <question-form> block, as formgate writes it. The block's `id` and `title` travel as attributes of the open tag, not in the body. formgate reads more than this (aliases, a fenced body, a bare question array; see docs/question-form.md) but writes only this.
 */
export interface QuestionFormBody {
  /**
   * Introductory text under the title.
   */
  description?: string;
  /**
   * Label of the submit button.
   */
  submitLabel?: string;
  /**
   * BCP 47 tag of the language the form is written in.
   */
  lang?: string;
  /**
   * Questions in display order.
   */
  questions: Question[];
}
/**
 * This interface was referenced by `QuestionFormBody`'s JSON-Schema
 * via the `definition` "Question".
 */
export interface Question {
  /**
   * Stable answer key, unique within the form.
   */
  id: string;
  /**
   * The question as a person reads it.
   */
  label?: string;
  type: QuestionType;
  /**
   * Help text under the question.
   */
  help?: string;
  /**
   * Hint shown in an empty input.
   */
  placeholder?: string;
  /**
   * Only `true` is written; absent means optional.
   */
  required?: boolean;
  /**
   * Offered choices (radio, checkbox, select; direction-cards may repeat its cards here).
   */
  options?: Option[];
  /**
   * Unset or true: a typed answer is accepted besides the options. false: only the options.
   */
  allowCustom?: boolean;
  /**
   * Label of the typed-answer input.
   */
  customLabel?: string;
  /**
   * Placeholder of the typed-answer input.
   */
  customPlaceholder?: string;
  /**
   * Most options a checkbox question accepts.
   */
  maxSelections?: number;
  /**
   * Smallest value (number, range; kept for date and time inputs).
   */
  min?: number;
  /**
   * Largest value (number, range; kept for date and time inputs).
   */
  max?: number;
  /**
   * Increment of a number or range control.
   */
  step?: number;
  /**
   * A file question accepts several files.
   */
  multiple?: boolean;
  /**
   * Comma-separated filename extensions or MIME types (file).
   */
  accept?: string;
  /**
   * The directions of a direction-cards question.
   */
  cards?: Card[];
  /**
   * Value the control starts with. Never applied as an answer.
   */
  defaultValue?: string | string[];
}
/**
 * This interface was referenced by `QuestionFormBody`'s JSON-Schema
 * via the `definition` "Card".
 */
export interface Card {
  /**
   * The answer when this card is chosen.
   */
  id: string;
  /**
   * Headline on the card.
   */
  label: string;
  mood?: string;
  references?: string[];
  palette?: string[];
  displayFont?: string;
  bodyFont?: string;
}
