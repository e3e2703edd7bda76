import * as v from "valibot";

// Types of the keys the protocol defines. Values of the wrong type are errors: the
// reference renderer silently ignores them, which loses what the model meant.
const text = v.string("must be a string");
const flag = v.boolean("must be true or false");
const numeric = v.union(
  [
    v.pipe(v.number(), v.finite()),
    v.pipe(
      v.string(),
      v.check((s) => s.trim() !== "" && Number.isFinite(Number(s))),
    ),
  ],
  "must be a number",
);
const defaultSchema = v.union(
  [v.string(), v.number(), v.boolean(), v.array(v.string())],
  "must be a string, a number, true/false or an array of strings",
);

export const FormSchema = v.looseObject(
  {
    id: v.optional(text),
    title: v.optional(text),
    description: v.optional(text),
    submitLabel: v.optional(text),
    lang: v.optional(text),
    questions: v.optional(v.array(v.unknown(), "must be an array of questions")),
  },
  "must be a JSON object",
);

const OptionObjectSchema = v.looseObject(
  {
    label: v.optional(text),
    value: v.optional(text),
    id: v.optional(text),
    description: v.optional(text),
    group: v.optional(text),
    trailingLabel: v.optional(text),
  },
  "must be a JSON object",
);

const OptionSchema = v.union(
  [v.string(), OptionObjectSchema],
  "must be a string or an object with `label` and `value`",
);

export const CardSchema = v.looseObject(
  {
    id: text,
    label: text,
    mood: v.optional(text),
    references: v.optional(v.array(text, "must be an array of strings")),
    palette: v.optional(v.array(text, "must be an array of strings")),
    displayFont: v.optional(text),
    bodyFont: v.optional(text),
  },
  "must be a JSON object",
);

export const QuestionSchema = v.looseObject(
  {
    id: v.optional(text),
    label: v.optional(text),
    prompt: v.optional(text),
    type: v.optional(text),
    options: v.optional(v.array(OptionSchema, "must be an array of options")),
    placeholder: v.optional(text),
    help: v.optional(text),
    required: v.optional(flag),
    maxSelections: v.optional(
      v.pipe(
        v.number("must be a whole number of at least 1"),
        v.integer("must be a whole number of at least 1"),
        v.minValue(1, "must be a whole number of at least 1"),
      ),
    ),
    cards: v.optional(v.array(v.unknown(), "must be an array of cards")),
    defaultValue: v.optional(defaultSchema),
    default: v.optional(defaultSchema),
    allowCustom: v.optional(flag),
    custom: v.optional(flag),
    customLabel: v.optional(text),
    customPlaceholder: v.optional(text),
    min: v.optional(numeric),
    max: v.optional(numeric),
    step: v.optional(numeric),
    multiple: v.optional(flag),
    accept: v.optional(text),
  },
  "must be a JSON object",
);

/** The body's schemas, for the test that feeds every key a value of every type. */
export const BODY_SCHEMAS = {
  form: FormSchema,
  question: QuestionSchema,
  option: OptionSchema,
  card: CardSchema,
} as const;

export const FORM_KEYS = new Set(Object.keys(FormSchema.entries));
export const QUESTION_KEYS = new Set(Object.keys(QuestionSchema.entries));
export const CARD_KEYS = new Set(Object.keys(CardSchema.entries));
export const OPTION_KEYS = new Set(Object.keys(OptionObjectSchema.entries));
