import type { QuestionType } from "../../../generated/question-form-body.js";

export type { QuestionFormBody, Question, Option, Card, QuestionType } from "../../../generated/question-form-body.js";

/** The protocol's name: also its key in the model's `extensions`. */
export const PROTOCOL = "question-form";

/** The id of a form that names none: what the reference renderer reads and answers with. */
export const DEFAULT_FORM_ID = "discovery";

export const QUESTION_TYPES: readonly QuestionType[] = [
  "radio",
  "checkbox",
  "select",
  "text",
  "textarea",
  "number",
  "range",
  "date",
  "time",
  "datetime-local",
  "color",
  "url",
  "email",
  "tel",
  "file",
  "switch",
  "direction-cards",
];

/** Type names models drift to that the reference renderer reads, and what they mean. */
export const TYPE_ALIASES: Readonly<Record<string, QuestionType>> = Object.assign(
  Object.create(null) as Record<string, QuestionType>,
  {
    single: "radio",
    choice: "radio",
    multi: "checkbox",
    multiple: "checkbox",
    dropdown: "select",
    long: "textarea",
    paragraph: "textarea",
    numeric: "number",
    slider: "range",
    datetime: "datetime-local",
    "date-time": "datetime-local",
    datetime_local: "datetime-local",
    colour: "color",
    "color-picker": "color",
    link: "url",
    phone: "tel",
    upload: "file",
    attachment: "file",
    toggle: "switch",
    boolean: "switch",
    directions: "direction-cards",
    cards: "direction-cards",
    direction: "direction-cards",
  },
);

/** Text types and the model's text format each stands for. */
export const TEXT_FORMATS = {
  email: "email",
  url: "uri",
  tel: "tel",
  color: "color",
  date: "date",
  time: "time",
  "datetime-local": "date-time",
} as const;

/**
 * What this protocol keeps in a field's `extensions["question-form"]`: details of a block
 * the model has no place for, so that block → model → block is lossless.
 */
export interface FieldExtension {
  /** A placeholder on a question whose model field has none (switch). */
  placeholder?: string;
  /** `min`/`max`/`step` on a question whose model field has no bounds (date, time, …). */
  min?: number;
  max?: number;
  step?: number;
  /** `allowCustom` written out although unset means the same (`true` on a choice, `false` on direction-cards). */
  allowCustom?: boolean;
  /** Custom-answer copy on a question that does not allow custom answers. */
  customLabel?: string;
  customPlaceholder?: string;
  /** `accept` as written, when it is not the normalized `a,b` list. */
  accept?: string;
  /** `options` written beside the `cards` of a direction-cards question. */
  options?: unknown[];
  /** A select option's `group` and `trailingLabel` (the skill's), by option value. */
  optionDetails?: Record<string, { group?: string; trailingLabel?: string }>;
}
