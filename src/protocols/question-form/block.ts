import * as v from "valibot";
import type { ChoiceOption, DirectionCard, Field, FormModel, PathSegment } from "../../model/index.js";
import { emptyRecord, invisibleTextWarnings } from "../../model/index.js";
import { accepts } from "./accepts.js";
import { type JsonValue, MAX_JSON_DEPTH, offsetOf, parseJson } from "./json.js";
import { Findings } from "./located.js";
import { DEFAULT_FORM_ID, type FieldExtension, PROTOCOL, QUESTION_TYPES, TEXT_FORMATS, TYPE_ALIASES, type QuestionType } from "./types.js";

type Json = { [key: string]: JsonValue };

// Types of the keys the protocol defines. Values of the wrong type are errors: the
// reference renderer silently ignores them, which loses what the model meant.
const text = v.string("must be a string");
const flag = v.boolean("must be true or false");
const numeric = v.union([v.pipe(v.number(), v.finite()), v.pipe(v.string(), v.check((s) => s.trim() !== "" && Number.isFinite(Number(s))))], "must be a number");
const defaultSchema = v.union([v.string(), v.number(), v.boolean(), v.array(v.string())], "must be a string, a number, true/false or an array of strings");

const FormSchema = v.looseObject({
  id: v.optional(text),
  title: v.optional(text),
  description: v.optional(text),
  submitLabel: v.optional(text),
  lang: v.optional(text),
  questions: v.optional(v.array(v.unknown(), "must be an array of questions")),
});

const OptionSchema = v.union(
  [v.string(), v.looseObject({ label: v.optional(text), value: v.optional(text), id: v.optional(text), description: v.optional(text) })],
  "must be a string or an object with `label` and `value`",
);

const CardSchema = v.looseObject({
  id: text,
  label: text,
  mood: v.optional(text),
  references: v.optional(v.array(text, "must be an array of strings")),
  palette: v.optional(v.array(text, "must be an array of strings")),
  displayFont: v.optional(text),
  bodyFont: v.optional(text),
});

const QuestionSchema = v.looseObject({
  id: v.optional(text),
  label: v.optional(text),
  prompt: v.optional(text),
  type: v.optional(text),
  options: v.optional(v.array(OptionSchema, "must be an array of options")),
  placeholder: v.optional(text),
  help: v.optional(text),
  required: v.optional(flag),
  maxSelections: v.optional(v.pipe(v.number("must be a whole number of at least 1"), v.integer("must be a whole number of at least 1"), v.minValue(1, "must be a whole number of at least 1"))),
  cards: v.optional(v.array(CardSchema, "must be an array of cards")),
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
});

/** The body's schemas, for the test that holds `accepts` to valibot's own verdict. */
export const BODY_SCHEMAS = { form: FormSchema, question: QuestionSchema, option: OptionSchema, card: CardSchema } as const;

const FORM_KEYS = new Set(Object.keys(FormSchema.entries));
const QUESTION_KEYS = new Set(Object.keys(QuestionSchema.entries));
const CARD_KEYS = new Set(Object.keys(CardSchema.entries));
const OPTION_KEYS = new Set(["label", "value", "id", "description"]);

/** What a block's open tag said. */
export interface BlockAttributes {
  id?: string;
  title?: string;
}

/**
 * Reads one block body (the text between the tags) into the model. `colons`, how many
 * `:` the reader saw outside strings, lets a body that `JSON.parse` reads prove it has no
 * repeated key; such a body that reads without a single finding needs no positions, and
 * skips the slower parser that locates problems.
 */
export function readBlock(attributes: BlockAttributes, body: string, bodyOffset: number, findings: Findings, colons?: number): FormModel | undefined {
  const { json, jsonOffset } = unwrapFence(body, bodyOffset, findings);
  if (json.trim() === "") {
    findings.error("empty_body", [], "the form has no body: expected a JSON object with a `questions` array", bodyOffset);
    return undefined;
  }
  const quick = colons === undefined ? undefined : parseWithoutRepeatedKeys(json, colons);
  if (quick !== undefined) {
    const clean = new Findings();
    const form = new BodyReader(clean, () => 0).form(attributes, quick);
    // Hidden text is a finding too: such a form goes the slow way, which locates it.
    if (clean.errors.length === 0 && clean.warnings.length === 0 && (form === undefined || invisibleTextWarnings(form).length === 0)) return form;
  }
  const parsed = parseJson(json);
  if (!parsed.ok) {
    findings.error("invalid_json", [], `the body is not valid JSON: ${parsed.message}`, jsonOffset + parsed.offset);
    return undefined;
  }
  const at = (path: readonly PathSegment[]): number => jsonOffset + offsetOf(parsed.value, parsed.positions, path, 0);
  for (const duplicate of parsed.duplicates) {
    findings.warn("duplicate_key", [], `the key "${duplicate.key}" appears twice in one object; the last one is read`, jsonOffset + duplicate.offset);
  }
  const reader = new BodyReader(findings, at);
  const form = reader.form(attributes, parsed.value);
  const questions: PathSegment[] = Array.isArray(parsed.value) ? [] : ["questions"];
  for (const hidden of form === undefined ? [] : invisibleTextWarnings(form, (path) => bodyPath(form, parsed.value, questions, path))) {
    findings.warn(hidden.code, hidden.path, hidden.message, at(hidden.path));
  }
  return form;
}

/** Where a model text of a block was written (fields are the questions, in order, once a form is read). */
function bodyPath(form: FormModel, body: JsonValue, questions: PathSegment[], path: PathSegment[]): PathSegment[] {
  if (path[0] !== "fields") return path;
  const [, index, key, j, optionKey] = path;
  const at = [...questions, index as number];
  const field = form.fields[index as number];
  if (key === "description") return [...at, "help"];
  if (key === "custom") return [...at, j === "label" ? "customLabel" : "customPlaceholder"];
  if (key !== "options") return [...at, key as string];
  const option = field?.kind === "choice" ? field.options[j as number] : undefined;
  if (option?.card === undefined) {
    // A string option is its own label and value.
    const written = valueAt(body, [...at, "options", j as number]);
    return typeof written === "string" ? [...at, "options", j as number] : [...at, "options", j as number, optionKey as string];
  }
  if (optionKey === "card") return [...at, "cards", j as number, ...path.slice(5)];
  return [...at, "cards", j as number, optionKey === "value" ? "id" : (optionKey as string)];
}

function valueAt(root: JsonValue, path: PathSegment[]): JsonValue | undefined {
  let node: JsonValue | undefined = root;
  for (const key of path) node = node !== null && typeof node === "object" ? (node as Record<string, JsonValue>)[key as string] : undefined;
  return node;
}

/** Reads one question object on its own (for a partial view of a form still arriving). */
export function readQuestion(json: string, index: number): Field | undefined {
  const parsed = parseJson(json);
  if (!parsed.ok) return undefined;
  const findings = new Findings();
  const field = new BodyReader(findings, () => 0).question(parsed.value, index, [index]);
  return findings.errors.length === 0 ? field : undefined;
}

/**
 * `JSON.parse`, when the text has exactly `colons` object members (none repeated: JSON.parse
 * would keep the last silently); otherwise undefined, and the caller parses with positions.
 */
function parseWithoutRepeatedKeys(json: string, colons: number): JsonValue | undefined {
  let value: JsonValue;
  try {
    value = JSON.parse(json) as JsonValue;
  } catch {
    return undefined;
  }
  return memberCount(value, 0) === colons ? value : undefined;
}

/** Object members in a parsed value; -1 past the depth parseJson accepts. */
function memberCount(value: JsonValue, depth: number): number {
  if (value === null || typeof value !== "object") return 0;
  if (depth > MAX_JSON_DEPTH) return -1;
  let count = 0;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    const inner = memberCount(item, depth + 1);
    if (inner < 0) return -1;
    count += inner;
  }
  return Array.isArray(value) ? count : count + Object.keys(value).length;
}

/** A body wrapped in a fenced ```json block is read as its content (a reference leniency). */
function unwrapFence(body: string, bodyOffset: number, findings: Findings): { json: string; jsonOffset: number } {
  const open = /^\s*```[ \t]*(?:json)?[ \t]*\r?\n?/i.exec(body);
  if (open === null) return { json: body, jsonOffset: bodyOffset };
  const close = /\r?\n?[ \t]*```\s*$/.exec(body.slice(open[0].length));
  const inner = close === null ? body.slice(open[0].length) : body.slice(open[0].length, open[0].length + close.index);
  findings.warn("fenced_body", [], "the JSON body is wrapped in a ``` fence; read as its content", bodyOffset + open[0].search(/`/));
  return { json: inner, jsonOffset: bodyOffset + open[0].length };
}

class BodyReader {
  constructor(
    private readonly findings: Findings,
    private readonly at: (path: readonly PathSegment[]) => number,
  ) {}

  form(attributes: BlockAttributes, value: JsonValue): FormModel | undefined {
    let top: Json;
    let questions: JsonValue[];
    let questionsPath: PathSegment[] = ["questions"];
    if (Array.isArray(value)) {
      this.warn("bare_question_array", [], "the body is a bare array of questions; read as `{\"questions\": [...]}`");
      top = emptyRecord<JsonValue>();
      questions = value;
      questionsPath = [];
    } else if (value !== null && typeof value === "object") {
      top = value;
      if (!this.check(FormSchema, top, [])) return undefined;
      if (!Array.isArray(top.questions)) {
        const bare = "type" in top || "label" in top || "options" in top;
        this.error(
          bare ? "bare_question" : "missing_questions",
          [],
          bare
            ? "the body is a single question; wrap it as {\"questions\": [ … ]} (a renderer recognizes only the wrapped form)"
            : "the body has no `questions` array",
        );
        return undefined;
      }
      questions = top.questions;
      this.unknownKeys(top, FORM_KEYS, []);
    } else {
      this.error("not_an_object", [], "the body must be a JSON object with a `questions` array");
      return undefined;
    }

    const form: FormModel = { fields: [] };
    const id = attributes.id ?? str(top.id);
    if (id === undefined) this.warn("missing_form_id", [], `the form has no id; it is read as "${DEFAULT_FORM_ID}", as the reference renderer does`);
    form.id = id ?? DEFAULT_FORM_ID;
    this.attributeWins("id", attributes.id, top.id);
    const title = attributes.title ?? str(top.title);
    if (title !== undefined) form.title = title;
    this.attributeWins("title", attributes.title, top.title);
    for (const key of ["description", "submitLabel", "lang"] as const) {
      const text = str(top[key]);
      if (text !== undefined) form[key] = text;
    }

    const seen = new Map<string, number>();
    const errorsBefore = this.findings.errors.length;
    questions.forEach((raw, index) => {
      const field = this.question(raw, index, [...questionsPath, index]);
      if (field === undefined) return;
      const first = seen.get(field.id);
      if (first !== undefined) {
        this.error("duplicate_question_id", [...questionsPath, index, "id"], `repeats the question id "${field.id}" of question ${first + 1}`);
        return;
      }
      seen.set(field.id, index);
      form.fields.push(field);
    });
    if (questions.length === 0) this.error("no_questions", questionsPath, "the form has no questions");
    return this.findings.errors.length > errorsBefore ? undefined : form;
  }

  question(raw: JsonValue, index: number, path: PathSegment[]): Field | undefined {
    if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
      this.error("invalid_question", path, "each question must be a JSON object");
      return undefined;
    }
    if (!this.check(QuestionSchema, raw, path)) return undefined;
    this.unknownKeys(raw, QUESTION_KEYS, path);

    let id = str(raw.id)?.trim();
    if (id === undefined || id === "") {
      id = `q${index + 1}`;
      this.warn("missing_question_id", [...path], `the question has no id; it is read as "${id}", as the reference renderer does`);
    } else if (id !== raw.id) {
      this.warn("trimmed_id", [...path, "id"], `the id is read without its surrounding spaces ("${id}")`);
    }
    const type = this.type(raw, path);
    const ext: FieldExtension = {};
    const common: { id: string; required: boolean; label?: string; description?: string } = { id, required: raw.required === true };
    const label = str(raw.label) ?? str(raw.prompt);
    if (raw.label === undefined && raw.prompt !== undefined) this.warn("alias_key", [...path, "prompt"], "`prompt` is read as `label`");
    if (label === undefined) this.warn("missing_label", path, `the question has no label; renderers show its id ("${id}")`);
    else common.label = label;
    const help = str(raw.help);
    if (help !== undefined) common.description = help;
    const placeholder = str(raw.placeholder);
    const rawDefault = raw.defaultValue ?? raw.default;
    if (raw.defaultValue === undefined && raw.default !== undefined) this.warn("alias_key", [...path, "default"], "`default` is read as `defaultValue`");
    const defaultPath = [...path, raw.defaultValue === undefined ? "default" : "defaultValue"];

    this.ignoreUnless(raw, path, "maxSelections", type === "checkbox", "only a checkbox question has `maxSelections`");
    this.ignoreUnless(raw, path, "multiple", type === "file", "only a file question has `multiple`");
    this.ignoreUnless(raw, path, "accept", type === "file", "only a file question has `accept`");
    this.ignoreUnless(raw, path, "cards", type === "direction-cards", "only a direction-cards question has `cards`");
    const choice = type === "radio" || type === "checkbox" || type === "select" || type === "direction-cards";
    this.ignoreUnless(raw, path, "options", choice, `a ${type} question has no options`);
    if (!choice) {
      for (const key of ["allowCustom", "custom"] as const) this.ignoreUnless(raw, path, key, false, `a ${type} question has no options to add a custom answer to`);
    }

    let field: Field;
    if (choice) {
      const built = this.choice(raw, type, path, ext);
      if (built === undefined) return undefined;
      field = { kind: "choice", ...common, ...built };
      if (placeholder !== undefined) field.placeholder = placeholder;
      const chosen = this.choiceDefault(rawDefault, field.options, field.multiple, defaultPath);
      if (chosen !== undefined) field.default = chosen;
    } else if (type === "number" || type === "range") {
      field = { kind: "number", ...common, integer: false };
      if (type === "range") field.slider = true;
      const [min, max, step] = (["min", "max", "step"] as const).map((key) => numberAt(raw, key));
      if (min !== undefined) field.minimum = min;
      if (max !== undefined) field.maximum = max;
      if (step !== undefined) {
        if (step > 0) field.step = step;
        else this.warn("ignored_key", [...path, "step"], "a step must be greater than 0; it is ignored");
      }
      if (min !== undefined && max !== undefined && min > max) this.error("invalid_bounds", [...path, "min"], `min (${min}) is greater than max (${max})`);
      if (placeholder !== undefined) field.placeholder = placeholder;
      if (rawDefault !== undefined) {
        const n = typeof rawDefault === "number" ? rawDefault : typeof rawDefault === "string" && rawDefault.trim() !== "" ? Number(rawDefault) : NaN;
        if (Number.isFinite(n)) field.default = n;
        else this.warn("ignored_key", defaultPath, "the default of a number question must be a number; it is ignored");
      }
    } else if (type === "switch") {
      field = { kind: "boolean", ...common };
      if (placeholder !== undefined) ext.placeholder = placeholder;
      if (rawDefault !== undefined) {
        if (rawDefault === true || rawDefault === "true") field.default = true;
        else if (rawDefault === false || rawDefault === "false") field.default = false;
        else this.warn("ignored_key", defaultPath, "the default of a switch must be true or false; it is ignored");
      }
    } else if (type === "file") {
      field = { kind: "file", ...common, multiple: raw.multiple === true, options: [], pick: { kind: "file" } };
      const accept = str(raw.accept);
      if (accept !== undefined) {
        const list = accept.split(",").map((item) => item.trim()).filter((item) => item !== "");
        if (list.length > 0) field.pick.accept = list;
        if (list.join(",") !== accept) ext.accept = accept;
      }
      if (placeholder !== undefined) field.placeholder = placeholder;
      if (rawDefault !== undefined) this.warn("ignored_key", defaultPath, "a file question cannot start with a value; its default is ignored");
    } else {
      field = { kind: "text", ...common };
      if (type === "textarea") field.multiline = true;
      else if (type !== "text") field.format = TEXT_FORMATS[type];
      if (placeholder !== undefined) field.placeholder = placeholder;
      for (const key of ["min", "max", "step"] as const) {
        const n = numberAt(raw, key);
        if (n !== undefined) ext[key] = n;
      }
      if (rawDefault !== undefined) {
        if (Array.isArray(rawDefault)) this.warn("ignored_key", defaultPath, "the default of a text question must be a string; it is ignored");
        else field.default = String(rawDefault);
      }
    }
    if (Object.keys(ext).length > 0) field.extensions = { [PROTOCOL]: ext as Record<string, unknown> };
    return field;
  }

  private type(raw: Json, path: PathSegment[]): QuestionType {
    const written = raw.type;
    const hasOptions = Array.isArray(raw.options) && raw.options.length > 0;
    if (typeof written !== "string") {
      const fallback = hasOptions ? "radio" : "text";
      this.warn("missing_type", path, `the question has no type; it is read as "${fallback}", as the reference renderer does`);
      return fallback;
    }
    const lower = written.trim().toLowerCase();
    if ((QUESTION_TYPES as readonly string[]).includes(lower)) {
      if (lower !== written) this.warn("type_alias", [...path, "type"], `the type "${written}" is read as "${lower}"`);
      return lower as QuestionType;
    }
    const alias = Object.hasOwn(TYPE_ALIASES, lower) ? TYPE_ALIASES[lower] : undefined;
    if (alias !== undefined) {
      this.warn("type_alias", [...path, "type"], `the type "${written}" is an alias; its canonical name is "${alias}"`);
      return alias;
    }
    this.warn("unknown_type", [...path, "type"], `the type "${written}" is unknown; it is read as "text", as the reference renderer does (known types: ${QUESTION_TYPES.join(", ")})`);
    return "text";
  }

  private choice(raw: Json, type: QuestionType, path: PathSegment[], ext: FieldExtension) {
    const multiple = type === "checkbox";
    const display = type === "direction-cards" ? "cards" : (type as "radio" | "checkbox" | "select");
    let options: ChoiceOption[];
    if (type === "direction-cards" && Array.isArray(raw.cards) && raw.cards.length > 0) {
      options = this.cards(raw.cards, [...path, "cards"]);
      // A copy, so the model holds the same plain objects whichever parser read the body.
      if (Array.isArray(raw.options)) ext.options = structuredClone(raw.options);
    } else {
      if (type === "direction-cards") this.warn("missing_cards", path, "a direction-cards question has no cards; its options are shown instead");
      options = Array.isArray(raw.options) ? this.options(raw.options, [...path, "options"]) : [];
    }
    if (options.length === 0) {
      this.error("missing_options", path, `a ${type} question needs at least one option`);
      return undefined;
    }
    const seen = new Set<string>();
    for (const [i, option] of options.entries()) {
      if (seen.has(option.value)) this.error("duplicate_option", [...path, type === "direction-cards" && raw.cards ? "cards" : "options", i], `repeats the option value "${option.value}"`);
      seen.add(option.value);
    }
    const out: { multiple: boolean; options: ChoiceOption[]; display: "radio" | "select" | "checkbox" | "cards"; maxItems?: number; custom?: { label?: string; placeholder?: string } } = { multiple, options, display };
    if (multiple && typeof raw.maxSelections === "number") out.maxItems = raw.maxSelections;
    const allowCustom = raw.allowCustom ?? raw.custom;
    if (raw.allowCustom === undefined && raw.custom !== undefined) this.warn("alias_key", [...path, "custom"], "`custom` is read as `allowCustom`");
    const customLabel = str(raw.customLabel);
    const customPlaceholder = str(raw.customPlaceholder);
    // A card grid has no typed-answer input: direction-cards take one only when asked to.
    const cards = type === "direction-cards";
    if (cards ? allowCustom !== true : allowCustom === false) {
      if (customLabel !== undefined) ext.customLabel = customLabel;
      if (customPlaceholder !== undefined) ext.customPlaceholder = customPlaceholder;
      if (cards && raw.allowCustom === false) ext.allowCustom = false;
    } else {
      out.custom = {};
      if (customLabel !== undefined) out.custom.label = customLabel;
      if (customPlaceholder !== undefined) out.custom.placeholder = customPlaceholder;
      if (!cards && raw.allowCustom === true) ext.allowCustom = true;
    }
    return out;
  }

  private options(raw: JsonValue[], path: PathSegment[]): ChoiceOption[] {
    const out: ChoiceOption[] = [];
    raw.forEach((item, i) => {
      if (typeof item === "string") {
        const label = item.trim();
        if (label === "") return this.warn("empty_option", [...path, i], "an empty option is ignored");
        if (label !== item) this.warn("trimmed_option", [...path, i], "the option is read without its surrounding spaces");
        return void out.push({ value: label, label });
      }
      const object = item as Json;
      this.unknownKeys(object, OPTION_KEYS, [...path, i]);
      const label = str(object.label)?.trim() ?? "";
      const value = [object.value, object.id].map((x) => str(x)?.trim()).find((x) => x !== undefined && x !== "");
      if (object.value === undefined && object.id !== undefined) this.warn("alias_key", [...path, i, "id"], "an option's `id` is read as its `value`");
      if (label === "" && value === undefined) return this.warn("empty_option", [...path, i], "an option without label or value is ignored");
      if (label === "") this.warn("missing_label", [...path, i], "the option has no label; its value is shown");
      const option: ChoiceOption = { value: value ?? label, label: label === "" ? (value as string) : label };
      const description = str(object.description)?.trim();
      if (description) option.description = description;
      out.push(option);
    });
    return out;
  }

  private cards(raw: JsonValue[], path: PathSegment[]): ChoiceOption[] {
    return raw.flatMap((item, i) => {
      const card = item as Json;
      this.unknownKeys(card, CARD_KEYS, [...path, i]);
      const id = (card.id as string).trim();
      if (id === "") {
        this.error("missing_card_id", [...path, i, "id"], "a card needs a non-empty id: it is the answer when the card is chosen");
        return [];
      }
      const details: DirectionCard = {};
      for (const key of ["mood", "displayFont", "bodyFont"] as const) if (typeof card[key] === "string") details[key] = card[key];
      for (const key of ["references", "palette"] as const) if (Array.isArray(card[key])) details[key] = card[key] as string[];
      return [{ value: id, label: card.label as string, card: details }];
    });
  }

  private choiceDefault(raw: JsonValue | undefined, options: ChoiceOption[], multiple: boolean, path: PathSegment[]): string | string[] | undefined {
    if (raw === undefined) return undefined;
    const toValue = (x: string): string => (options.find((o) => o.value === x) ?? options.find((o) => o.label === x))?.value ?? x;
    if (Array.isArray(raw)) {
      if (!multiple) {
        this.warn("ignored_key", path, "a single-choice question starts with one value, not a list; the default is ignored");
        return undefined;
      }
      return (raw as string[]).map(toValue);
    }
    const one = toValue(String(raw));
    return multiple ? [one] : one;
  }

  private check(schema: v.GenericSchema, value: JsonValue, path: PathSegment[]): boolean {
    if (accepts(schema, value)) return true;
    const result = v.safeParse(schema, value);
    if (result.success) return true;
    for (const issue of result.issues) {
      const sub = (issue.path ?? []).map((item) => item.key as PathSegment);
      this.error("invalid_type", [...path, ...sub], issue.message);
    }
    return false;
  }

  private unknownKeys(object: Json, known: ReadonlySet<string>, path: PathSegment[]): void {
    for (const key of Object.keys(object)) {
      if (!known.has(key)) this.warn("unknown_key", [...path, key], `the key "${key}" is not part of the protocol; it is ignored`);
    }
  }

  private ignoreUnless(raw: Json, path: PathSegment[], key: string, applies: boolean, why: string): void {
    if (!applies && raw[key] !== undefined) this.warn("ignored_key", [...path, key], `${why}; \`${key}\` is ignored`);
  }

  private attributeWins(key: "id" | "title", attribute: string | undefined, body: JsonValue | undefined): void {
    if (attribute !== undefined && typeof body === "string" && body !== attribute) {
      this.warn("attribute_wins", [key], `the body's ${key} "${body}" differs from the tag's ${key} attribute "${attribute}"; the attribute wins`);
    }
  }

  private error(code: string, path: PathSegment[], message: string): void {
    this.findings.error(code, path, message, this.at(path));
  }

  private warn(code: string, path: PathSegment[], message: string): void {
    this.findings.warn(code, path, message, this.at(path));
  }
}

/** `min`/`max`/`step` as a number (the schema already checked numeric strings). */
function numberAt(raw: Json, key: "min" | "max" | "step"): number | undefined {
  const value = raw[key];
  if (value === undefined) return undefined;
  return typeof value === "number" ? value : Number(value);
}

function str(value: JsonValue | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}
