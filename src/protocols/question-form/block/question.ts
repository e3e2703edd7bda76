import type { ChoiceField, ChoiceOption, DirectionCard, Field, FileField, PathSegment } from "../../../model/index.js";
import { emptyRecord, ownValue } from "../../../model/index.js";
import { type HiddenTextFinding, hiddenTextFindings } from "./hidden-text.js";
import type { JsonValue } from "../../../text/json-text.js";
import type { QuestionType } from "../../../../generated/question-form-body.js";
import { optionValue } from "../answer-text.js";
import type { FieldExtension } from "../extensions.js";
import { PROTOCOL } from "../limits.js";
import { type BodyReport, type Json, str, strings } from "./findings.js";
import { QUESTION_TYPES, type Reading, TYPE_ALIASES, TYPE_NAMES } from "./question-types.js";
import { CARD_RULES, OPTION_RULES, QUESTION_RULES } from "./schema.js";

/** What every field has. */
type Common = Pick<Field, "id" | "required" | "label" | "description">;
type Kind = Reading["kind"];
type FieldOf<K extends Kind> = Extract<Field, { kind: K }>;

/** A question being read: what the readers of each kind share. */
interface Read {
  report: BodyReport;
  raw: Json;
  type: QuestionType;
  path: PathSegment[];
  ext: FieldExtension;
  /** The question is still streaming in, so a choice may have no options yet. */
  arriving: boolean;
  /** Where each option read was written: `options[i]`, or `cards[i]` for a card. */
  places: Map<ChoiceOption, PathSegment[]>;
}

/**
 * How each kind of field is read from a question: its own keys (undefined when an error stops
 * it), and the default it starts with from the one written (`ignore`d, with why, when it cannot be one).
 */
interface KindReader<K extends Kind> {
  keys(q: Read, reading: Extract<Reading, { kind: K }>): Omit<FieldOf<K>, "kind" | keyof Common> | undefined;
  default(value: JsonValue, field: FieldOf<K>, ignore: (why: string) => undefined): FieldOf<K>["default"];
}

const KINDS: { [K in Kind]: KindReader<K> } = {
  choice: {
    keys: choiceKeys,
    default(value, { options, multiple }, ignore) {
      if (!Array.isArray(value)) {
        const one = optionValue(options, String(value));
        return multiple ? [one] : one;
      }
      if (multiple) return (value as string[]).map((written) => optionValue(options, written));
      return ignore("a single-choice question starts with one value, not a list, so its default is ignored");
    },
  },
  number: {
    keys({ raw, path, report }, { slider }) {
      const [minimum, maximum, step] = (["min", "max", "step"] as const).map((key) => numberAt(raw, key));
      if (step !== undefined && step <= 0)
        report.warn("ignored_key", [...path, "step"], "its `step` must be greater than 0, so it is ignored");
      if (minimum !== undefined && maximum !== undefined && minimum > maximum) {
        const said = `its \`min\` (${minimum}) is greater than its \`max\` (${maximum})`;
        report.error("invalid_range", [...path, "min"], said);
      }
      return {
        integer: false,
        ...(slider && { slider }),
        ...(minimum !== undefined && { minimum }),
        ...(maximum !== undefined && { maximum }),
        ...(step !== undefined && step > 0 && { step }),
      };
    },
    default(value, _field, ignore) {
      const text = typeof value === "string" && value.trim() !== "";
      const n = typeof value === "number" ? value : text ? Number(value) : Number.NaN;
      return Number.isFinite(n) ? n : ignore("the default of a number question must be a number, so it is ignored");
    },
  },
  boolean: {
    keys: () => ({}),
    default(value, _field, ignore) {
      if (value === true || value === "true") return true;
      if (value === false || value === "false") return false;
      return ignore("the default of a switch must be true or false, so it is ignored");
    },
  },
  file: {
    keys({ raw, ext }) {
      const pick: FileField["pick"] = { kind: "file" };
      const accept = str(raw.accept);
      if (accept !== undefined) {
        const list = accept.split(",").flatMap((item) => item.trim() || []);
        if (list.length > 0) pick.accept = list;
        if (list.join(",") !== accept) ext.accept = accept;
      }
      return { multiple: raw.multiple === true, options: [], pick };
    },
    default: (_value, _field, ignore) => ignore("a file question cannot start with a value, so its default is ignored"),
  },
  text: {
    keys({ raw, ext }, { multiline, format }) {
      for (const key of ["min", "max", "step"] as const) {
        const n = numberAt(raw, key);
        if (n !== undefined) ext[key] = n;
      }
      return { ...(multiline && { multiline }), ...(format !== undefined && { format }) };
    },
    default: (value, _field, ignore) =>
      Array.isArray(value)
        ? ignore("the default of a text question must be a string, so it is ignored")
        : String(value),
  },
};

/**
 * The report about a question, naming it by the id it is read with: its own, trimmed, or its
 * number's (`q3`) when it has none; by its number for an id of another type, which messages cannot say.
 */
export function aboutQuestion(body: BodyReport, raw: Json, index: number, path: PathSegment[]) {
  const written = str(raw.id)?.trim() || undefined;
  const usable = written !== undefined || raw.id === undefined || typeof raw.id === "string";
  const id = written ?? `q${index + 1}`;
  return { written, id, report: body.question(path, index, usable ? id : undefined) };
}

/** Decodes one question object of a body into a model field; `arriving`: it is still streaming in. */
export function readQuestionField(
  body: BodyReport,
  raw: JsonValue,
  index: number,
  path: PathSegment[],
  arriving = false,
): Field | undefined {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    const said = `question ${index + 1} is not a JSON object, so it is skipped, as the reference renderer skips it`;
    return void body.warn("skipped_question", path, said);
  }
  const { written, id, report } = aboutQuestion(body, raw, index, path);
  if (!report.check(QUESTION_RULES, raw, path)) return undefined;
  report.unknownKeys(raw, QUESTION_RULES, path);
  const unnamed = "its author gave it no id, so it is read with this one (its number), as the reference renderer does";
  if (written === undefined) report.warn("missing_question_id", path, unnamed);
  else if (written !== raw.id)
    report.warn("trimmed_id", [...path, "id"], "its id is read without its surrounding spaces");
  const type = readType(report, raw, path);
  const q: Read = { report, raw, type, path, ext: {}, arriving, places: new Map() };
  const label = aliased(q, "label", "prompt") as string | undefined;
  if (label === undefined) report.warn("missing_label", path, "it has no label, so renderers show its id");
  const help = str(raw.help);
  const common: Common = {
    id,
    required: raw.required === true,
    ...(label !== undefined && { label }),
    ...(help !== undefined && { description: help }),
  };
  const given = aliased(q, "defaultValue", "default");
  const reading: Reading = QUESTION_TYPES[type];
  ignoreKeys(q, reading.kind === "choice");

  const kind = KINDS[reading.kind] as KindReader<Kind>;
  const keys = kind.keys(q, reading as never);
  if (keys === undefined) return undefined;
  const field = { kind: reading.kind, ...common, ...keys } as FieldOf<Kind>;
  const placeholder = str(raw.placeholder);
  if (placeholder !== undefined && field.kind === "boolean") q.ext.placeholder = placeholder;
  else if (placeholder !== undefined) (field as Exclude<FieldOf<Kind>, { kind: "boolean" }>).placeholder = placeholder;
  if (given !== undefined) {
    const at = [...path, raw.defaultValue === undefined ? "default" : "defaultValue"];
    const value = kind.default(given, field as never, (why) => void report.warn("ignored_key", at, why));
    if (value !== undefined) field.default = value;
  }
  if (Object.keys(q.ext).length > 0) field.extensions = { [PROTOCOL]: q.ext as Record<string, unknown> };
  for (const hidden of hiddenTextFindings({ fields: [field] })) hiddenText(q, field, hidden);
  return field;
}

/** The value of `key`, else of its alias, which is read as it with a warning. */
function aliased({ raw, path, report }: Read, key: string, alias: string): JsonValue | undefined {
  if (raw[key] === undefined && raw[alias] !== undefined)
    report.warn("alias_merged", [...path, alias], `its \`${alias}\` is read as \`${key}\``);
  return raw[key] ?? raw[alias];
}

/** Keys only some question types have, and that type. */
const ONLY_ON: [key: string, type: QuestionType][] = [
  ["maxSelections", "checkbox"],
  ["multiple", "file"],
  ["accept", "file"],
  ["cards", "direction-cards"],
];

/** Keys only some questions have, ignored with a warning on the others. */
function ignoreKeys({ raw, type, path, report }: Read, choice: boolean): void {
  for (const [key, only] of ONLY_ON)
    if (type !== only && raw[key] !== undefined)
      report.warn("ignored_key", [...path, key], `only a ${only} question has \`${key}\`, so it is ignored`);
  if (choice) return;
  if (raw.options !== undefined) {
    const said = `a ${type} question has no options, so its \`options\` are ignored`;
    report.warn("ignored_key", [...path, "options"], said);
  }
  for (const key of ["allowCustom", "custom"])
    if (raw[key] !== undefined) {
      const said = `a ${type} question has no options to add a typed answer to, so \`${key}\` is ignored`;
      report.warn("ignored_key", [...path, key], said);
    }
}

function readType(report: BodyReport, raw: Json, path: PathSegment[]): QuestionType {
  const written = raw.type;
  if (typeof written !== "string") {
    const fallback = Array.isArray(raw.options) && raw.options.length > 0 ? "radio" : "text";
    const said = `it has no type, so it is read as a ${fallback} question, as the reference renderer does`;
    report.warn("missing_type", path, said);
    return fallback;
  }
  const lower = written.trim().toLowerCase();
  const type = Object.hasOwn(QUESTION_TYPES, lower) ? (lower as QuestionType) : ownValue(TYPE_ALIASES, lower);
  if (type === undefined) {
    const said = `its type "${written}" is unknown, so it is read as "text", as the reference renderer does`;
    report.warn("unknown_type", [...path, "type"], `${said} (the known types are ${TYPE_NAMES.join(", ")})`);
    return "text";
  }
  if (type !== written) {
    const said = type === lower ? `is read as "${lower}"` : `is an alias of "${type}", and read as that`;
    report.warn("alias_merged", [...path, "type"], `its type "${written}" ${said}`);
  }
  return type;
}

/** A choice's options (a direction-cards question's cards, else its options) and its typed answer. */
function choiceKeys(q: Read, { display }: Extract<Reading, { kind: "choice" }>) {
  const { raw, type, path, ext, report } = q;
  const cards = type === "direction-cards";
  const written = Array.isArray(raw.options) && raw.options.length > 0 ? raw.options : undefined;
  let options = cards && Array.isArray(raw.cards) && raw.cards.length > 0 ? readCards(q, raw.cards) : [];
  // A copy, so the model holds the same plain objects whichever parser read the body.
  if (options.length > 0 && Array.isArray(raw.options)) ext.options = structuredClone(raw.options);
  if (options.length === 0 && written !== undefined) {
    if (cards)
      report.warn("missing_cards", path, "it is a direction-cards question without cards, so its options are shown");
    options = readOptions(q, written);
  }
  // The skill's trigger: a direction-cards question without cards or options, whose cards the host supplies.
  const hostCards = cards && options.length === 0 && written === undefined && !q.arriving;
  if (options.length === 0 && !hostCards && !q.arriving)
    return void report.error("no_options", path, `it is a ${type} question, which needs at least one option`);
  const multiple = display === "checkbox";
  const out: Omit<ChoiceField, "kind" | keyof Common> = {
    multiple,
    options: distinct(q, options),
    display,
  };
  if (hostCards) out.catalog = "host";
  if (multiple && typeof raw.maxSelections === "number") out.maxItems = raw.maxSelections;
  const allowCustom = aliased(q, "allowCustom", "custom");
  const label = str(raw.customLabel);
  const placeholder = str(raw.customPlaceholder);
  // A card grid has no typed-answer input: direction-cards take one only when asked to.
  if (cards ? allowCustom !== true : allowCustom === false) {
    if (label !== undefined) ext.customLabel = label;
    if (placeholder !== undefined) ext.customPlaceholder = placeholder;
  } else out.custom = { ...(label !== undefined && { label }), ...(placeholder !== undefined && { placeholder }) };
  // Written although unset means the same: kept, so the block is written back as it was.
  if (raw.allowCustom === !cards) ext.allowCustom = !cards;
  return out;
}

function readOptions({ report, path, ext, places }: Read, raw: JsonValue[]): ChoiceOption[] {
  const out: ChoiceOption[] = [];
  raw.forEach((item, i) => {
    const at = [...path, "options", i];
    if (typeof item === "string") {
      const label = item.trim();
      if (label === "") return report.warn("empty_option", at, `its option ${i + 1} is empty, so it is ignored`);
      if (label !== item)
        report.option(at, label).warn("trimmed_option", at, "it is read without its surrounding spaces");
      const option = { value: label, label };
      places.set(option, at);
      return void out.push(option);
    }
    const object = item as Json;
    const label = str(object.label)?.trim() ?? "";
    const value = [object.value, object.id].map((x) => str(x)?.trim()).find((x) => x !== undefined && x !== "");
    if (label === "" && value === undefined) {
      report.unknownKeys(object, OPTION_RULES, at);
      return report.warn("empty_option", at, `its option ${i + 1} has no label or value, so it is ignored`);
    }
    const option: ChoiceOption = { value: value ?? label, label: label === "" ? (value as string) : label };
    const about = report.option(at, option.value);
    about.unknownKeys(object, OPTION_RULES, at);
    if (object.value === undefined && object.id !== undefined)
      about.warn("alias_merged", [...at, "id"], "its `id` is read as its `value`");
    if (label === "") about.warn("missing_label", at, "it has no label, so its value is shown");
    const description = str(object.description)?.trim();
    if (description) option.description = description;
    const details = strings(object, ["group", "trailingLabel"]);
    if (details.group !== undefined || details.trailingLabel !== undefined)
      (ext.optionDetails ??= emptyRecord())[option.value] = details;
    places.set(option, at);
    out.push(option);
  });
  return out;
}

/**
 * Cards as options. A card that is not an object, or has no id or label, is skipped with a
 * warning, as the reference renderer skips it, and the others are kept.
 */
function readCards({ report, path, places }: Read, raw: JsonValue[]): ChoiceOption[] {
  return raw.flatMap((item, i) => {
    const at = [...path, "cards", i];
    const skip = (why: string): [] => {
      report.warn("skipped_card", at, `its card ${i + 1} ${why}, so it is skipped, as the reference renderer skips it`);
      return [];
    };
    if (item === null || typeof item !== "object" || Array.isArray(item)) return skip("is not a JSON object");
    const id = typeof item.id === "string" ? item.id.trim() : "";
    if (id === "") return skip("has no `id` (the answer when the card is chosen)");
    if (typeof item.label !== "string") return skip("has no `label`");
    const about = report.option(at, id);
    if (!about.check(CARD_RULES, item, at)) return [];
    about.unknownKeys(item, CARD_RULES, at);
    const details: DirectionCard = strings(item, ["mood", "displayFont", "bodyFont"]);
    for (const key of ["references", "palette"] as const)
      if (Array.isArray(item[key])) details[key] = item[key] as string[];
    const card = { value: id, label: item.label, card: details };
    places.set(card, at);
    return [card];
  });
}

/**
 * Options with distinct values. An exact repeat (same value, label and description) says
 * nothing new and is dropped with a warning, as the renderer shows the same choice twice; a
 * value repeated with another label is an error: the answer names the value, so it could
 * not say which of the two the person chose.
 */
function distinct({ report, places }: Read, options: ChoiceOption[]): ChoiceOption[] {
  const seen = new Map<string, ChoiceOption>();
  return options.filter((option) => {
    const first = seen.get(option.value);
    if (first === undefined) return seen.set(option.value, option);
    const same =
      first.label === option.label && first.description === option.description && !first.card && !option.card;
    const at = places.get(option) as PathSegment[];
    const about = report.option(at, option.value);
    const other =
      "it repeats the value of an earlier option with another label, so an answer could not tell the two apart";
    if (same) about.warn("duplicate_option", at, "it is repeated, so the repeat is ignored");
    else about.error("duplicate_option", at, other);
    return false;
  });
}

/**
 * Text of a question a person cannot fully see (found in the model field, `fields[0]…`), said at
 * the key of the question that wrote it, and of its option when it is in one.
 */
function hiddenText({ report, raw, path, places }: Read, field: Field, hidden: HiddenTextFinding): void {
  const [, , key, j, optionKey, ...more] = hidden.path;
  let at: PathSegment[];
  if (key === "description") at = [...path, "help"];
  else if (key === "custom") at = [...path, j === "label" ? "customLabel" : "customPlaceholder"];
  else if (key !== "options") at = [...path, key as string];
  else {
    const option = (field as ChoiceField).options[j as number] as ChoiceOption;
    const item = places.get(option) as PathSegment[];
    // A card's value is its id, its details its keys; a string option is its own label and value.
    const written =
      option.card === undefined && typeof (raw.options as JsonValue[])[item.at(-1) as number] === "string";
    const inItem =
      optionKey === "card" ? more : written ? [] : [optionKey === "value" && option.card ? "id" : optionKey];
    at = [...item, ...(inItem as PathSegment[])];
    report = report.option(item, option.value);
  }
  report.warn(hidden.code, at, `${report.subject(at)} ${hidden.said}`);
}

/** `min`/`max`/`step` as a number (the schema already checked numeric strings). */
const numberAt = (raw: Json, key: "min" | "max" | "step"): number | undefined =>
  raw[key] === undefined ? undefined : Number(raw[key]);
