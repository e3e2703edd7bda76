import type { IssueCode } from "../../../model/index.js";
import type { JsonValue } from "../../../text/json-text.js";
import type { Json } from "./findings.js";

/**
 * What a key of the body must hold: a test of its value, what it must be when it fails, and the
 * items of a list. Values of the wrong type are errors: the reference renderer silently ignores
 * them, which loses what the model meant.
 */
export interface Rule {
  is: (value: JsonValue) => boolean;
  says: string;
  /** The code of a value that fails (`invalid_type` unless said). */
  code?: (value: JsonValue) => IssueCode;
  /** Each item of a list that passes `is`. */
  each?: Rule;
}

const isObject = (value: JsonValue): boolean => value !== null && typeof value === "object";
/** Whether each key of `object` that `rules` names is absent or fits its rule (a loop: options are many). */
function fitsEach(rules: Readonly<Record<string, Rule>>, object: Json): boolean {
  for (const key in rules) if (object[key] !== undefined && !(rules[key] as Rule).is(object[key])) return false;
  return true;
}
const text: Rule = { is: (value) => typeof value === "string", says: "must be a string" };
/** A key that is true or false: a child tag writes it as a bare attribute or `"true"`/`"false"` (child-tags.ts). */
export const flag: Rule = { is: (value) => typeof value === "boolean", says: "must be true or false" };
const numeric: Rule = {
  is: (value) =>
    typeof value === "number" || (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))),
  says: "must be a number",
};
const list = (says: string, each?: Rule): Rule => ({ is: Array.isArray, says, ...(each && { each }) });
const option: Rule = {
  is: (value) => typeof value === "string" || (isObject(value) && fitsEach(OPTION_RULES, value as Json)),
  says: "must be a string or an object with `label` and `value`",
};
const answer: Rule = {
  is: (value) =>
    ["string", "number", "boolean"].includes(typeof value) ||
    (Array.isArray(value) && value.every((item) => typeof item === "string")),
  says: "must be a string, a number, true/false or an array of strings",
};
const count: Rule = {
  is: (value) => typeof value === "number" && Number.isInteger(value) && value >= 1,
  says: "must be a whole number of at least 1",
  code: (value) => (typeof value !== "number" ? "invalid_type" : Number.isInteger(value) ? "too_small" : "not_integer"),
};

/**
 * The form's keys a body holds as written (its `id` and `title` the open tag may say instead): read, shown arriving,
 * written.
 */
export const BODY_TEXT_KEYS = ["description", "submitLabel", "lang"] as const;

/** The keys of each object of a body and their rules, in the order their problems are reported. */
export const FORM_RULES: Readonly<Record<string, Rule>> = {
  id: text,
  title: text,
  description: text,
  submitLabel: text,
  lang: text,
  questions: list("must be an array of questions"),
};

export const QUESTION_RULES: Readonly<Record<string, Rule>> = {
  id: text,
  label: text,
  prompt: text,
  type: text,
  options: list("must be an array of options", option),
  placeholder: text,
  help: text,
  required: flag,
  maxSelections: count,
  cards: list("must be an array of cards"),
  defaultValue: answer,
  default: answer,
  allowCustom: flag,
  custom: flag,
  customLabel: text,
  customPlaceholder: text,
  min: numeric,
  max: numeric,
  step: numeric,
  multiple: flag,
  accept: text,
};

export const CARD_RULES: Readonly<Record<string, Rule>> = {
  id: text,
  label: text,
  mood: text,
  references: list("must be an array of strings", text),
  palette: list("must be an array of strings", text),
  displayFont: text,
  bodyFont: text,
};

export const OPTION_RULES: Readonly<Record<string, Rule>> = {
  label: text,
  value: text,
  id: text,
  description: text,
  group: text,
  trailingLabel: text,
};
