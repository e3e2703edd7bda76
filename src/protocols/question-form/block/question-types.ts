import type { TextField } from "../../../model/index.js";
import type { QuestionType } from "../../../../generated/question-form-body.js";

type TextFormat = NonNullable<TextField["format"]>;

/**
 * What a question type reads as: the model's field kind, what tells it from the kind's other
 * types, and the type names models drift to that the reference renderer reads as it.
 */
export type Reading = (
  | { kind: "choice"; display: "radio" | "checkbox" | "select" | "cards" }
  | { kind: "text"; format?: TextFormat; multiline?: true }
  | { kind: "number"; slider?: true }
  | { kind: "boolean" }
  | { kind: "file" }
) & { aliases?: readonly string[] };

/** Each question type and the model field it stands for: the reader reads by it, the writer writes by it. */
export const QUESTION_TYPES = {
  radio: { kind: "choice", display: "radio", aliases: ["single", "choice"] },
  checkbox: { kind: "choice", display: "checkbox", aliases: ["multi", "multiple"] },
  select: { kind: "choice", display: "select", aliases: ["dropdown"] },
  text: { kind: "text" },
  textarea: { kind: "text", multiline: true, aliases: ["long", "paragraph"] },
  number: { kind: "number", aliases: ["numeric"] },
  range: { kind: "number", slider: true, aliases: ["slider"] },
  date: { kind: "text", format: "date" },
  time: { kind: "text", format: "time" },
  "datetime-local": { kind: "text", format: "date-time", aliases: ["datetime", "date-time", "datetime_local"] },
  color: { kind: "text", format: "color", aliases: ["colour", "color-picker"] },
  url: { kind: "text", format: "uri", aliases: ["link"] },
  email: { kind: "text", format: "email" },
  tel: { kind: "text", format: "tel", aliases: ["phone"] },
  file: { kind: "file", aliases: ["upload", "attachment"] },
  switch: { kind: "boolean", aliases: ["toggle", "boolean"] },
  "direction-cards": { kind: "choice", display: "cards", aliases: ["directions", "cards", "direction"] },
} as const satisfies Record<QuestionType, Reading>;

export const TYPE_NAMES = Object.keys(QUESTION_TYPES) as QuestionType[];

/** The table read backwards: each text format's question type, and each alias's. */
const typesBy = (names: (reading: Reading) => readonly string[]) =>
  Object.assign(
    Object.create(null) as Record<string, QuestionType>,
    Object.fromEntries(TYPE_NAMES.flatMap((type) => names(QUESTION_TYPES[type]).map((name) => [name, type]))),
  );

export const FORMAT_TYPES = typesBy((reading) =>
  reading.kind === "text" && reading.format !== undefined ? [reading.format] : [],
) as Readonly<Record<TextFormat, QuestionType>>;

export const TYPE_ALIASES: Readonly<Record<string, QuestionType>> = typesBy((reading) => reading.aliases ?? []);
