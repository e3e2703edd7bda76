import type { TextField } from "../../../model/index.js";
import type { QuestionType } from "../../../../generated/question-form-body.js";

type TextFormat = NonNullable<TextField["format"]>;

/** What a question type reads as: the model's field kind, and what tells it from the kind's other types. */
export type Reading =
  | { kind: "choice"; display: "radio" | "checkbox" | "select" | "cards" }
  | { kind: "text"; format?: TextFormat; multiline?: true }
  | { kind: "number"; slider?: true }
  | { kind: "boolean" }
  | { kind: "file" };

/** Each question type and the model field it stands for: the reader reads by it, the writer writes by it. */
export const QUESTION_TYPES = {
  radio: { kind: "choice", display: "radio" },
  checkbox: { kind: "choice", display: "checkbox" },
  select: { kind: "choice", display: "select" },
  text: { kind: "text" },
  textarea: { kind: "text", multiline: true },
  number: { kind: "number" },
  range: { kind: "number", slider: true },
  date: { kind: "text", format: "date" },
  time: { kind: "text", format: "time" },
  "datetime-local": { kind: "text", format: "date-time" },
  color: { kind: "text", format: "color" },
  url: { kind: "text", format: "uri" },
  email: { kind: "text", format: "email" },
  tel: { kind: "text", format: "tel" },
  file: { kind: "file" },
  switch: { kind: "boolean" },
  "direction-cards": { kind: "choice", display: "cards" },
} as const satisfies Record<QuestionType, Reading>;

export const TYPE_NAMES = Object.keys(QUESTION_TYPES) as QuestionType[];

/** The question type each text format is written as: the table read backwards. */
export const FORMAT_TYPES = Object.fromEntries(
  TYPE_NAMES.flatMap((type) => {
    const reading: Reading = QUESTION_TYPES[type];
    return reading.kind === "text" && reading.format !== undefined ? [[reading.format, type]] : [];
  }),
) as Record<TextFormat, QuestionType>;

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
