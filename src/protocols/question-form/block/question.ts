import type { ChoiceOption, DirectionCard, Field, PathSegment } from "../../../model/index.js";
import type { JsonValue } from "../../../model/json-text.js";
import { type BodyReport, type Json, str } from "./findings.js";
import { CARD_KEYS, CardSchema, OPTION_KEYS, QuestionSchema, QUESTION_KEYS } from "./schema.js";
import { type FieldExtension, PROTOCOL, type QuestionType } from "../types.js";
import { QUESTION_TYPES, type Reading, TYPE_ALIASES, TYPE_NAMES } from "./question-types.js";

/** What every field has. */
interface Common {
  id: string;
  required: boolean;
  label?: string;
  description?: string;
}

/** A question being read: what the kind readers share. */
interface Read {
  raw: Json;
  type: QuestionType;
  path: PathSegment[];
  common: Common;
  placeholder: string | undefined;
  default: JsonValue | undefined;
  defaultPath: PathSegment[];
  ext: FieldExtension;
}

/** Keys only some types have, and those types (the first names them in the warning). */
const ONLY_ON: [key: string, types: QuestionType[]][] = [
  ["maxSelections", ["checkbox"]],
  ["multiple", ["file"]],
  ["accept", ["file"]],
  ["cards", ["direction-cards"]],
];

/** Decodes one question object of a body into a model field. */
export class QuestionReader {
  /** `arriving`: the question is still streaming in, so a choice may have no options yet. */
  constructor(
    private readonly report: BodyReport,
    private readonly arriving = false,
  ) {}

  question(raw: JsonValue, index: number, path: PathSegment[]): Field | undefined {
    if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
      this.report.warn(
        "skipped_question",
        path,
        "a question must be a JSON object; it is skipped, as the reference renderer skips it",
      );
      return undefined;
    }
    if (!this.report.check(QuestionSchema, raw, path)) return undefined;
    this.report.unknownKeys(raw, QUESTION_KEYS, path);
    const id = this.id(raw, index, path);
    const type = this.type(raw, path);
    const common = this.common(raw, id, path);
    if (raw.defaultValue === undefined && raw.default !== undefined)
      this.report.warn("alias_merged", [...path, "default"], "`default` is read as `defaultValue`");
    const reading: Reading = QUESTION_TYPES[type];
    for (const [key, types] of ONLY_ON)
      this.report.ignoreUnless(raw, path, key, types.includes(type), `only a ${types[0]} question has \`${key}\``);
    const choice = reading.kind === "choice";
    this.report.ignoreUnless(raw, path, "options", choice, `a ${type} question has no options`);
    if (!choice)
      for (const key of ["allowCustom", "custom"] as const)
        this.report.ignoreUnless(raw, path, key, false, `a ${type} question has no options to add a custom answer to`);
    const question: Read = {
      raw,
      type,
      path,
      common,
      placeholder: str(raw.placeholder),
      default: raw.defaultValue ?? raw.default,
      defaultPath: [...path, raw.defaultValue === undefined ? "default" : "defaultValue"],
      ext: {},
    };
    const field = this[reading.kind](question, reading as never);
    if (field === undefined) return undefined;
    if (Object.keys(question.ext).length > 0)
      field.extensions = { [PROTOCOL]: question.ext as Record<string, unknown> };
    return field;
  }

  private id(raw: Json, index: number, path: PathSegment[]): string {
    let id = str(raw.id)?.trim();
    if (id === undefined || id === "") {
      id = `q${index + 1}`;
      this.report.warn(
        "missing_question_id",
        [...path],
        `the question has no id; it is read as "${id}", as the reference renderer does`,
      );
    } else if (id !== raw.id) {
      this.report.warn("trimmed_id", [...path, "id"], `the id is read without its surrounding spaces ("${id}")`);
    }
    return id;
  }

  /** What every kind of field has: the id, whether it is required, the label and the help. */
  private common(raw: Json, id: string, path: PathSegment[]): Common {
    const common: Common = { id, required: raw.required === true };
    const label = str(raw.label) ?? str(raw.prompt);
    if (raw.label === undefined && raw.prompt !== undefined)
      this.report.warn("alias_merged", [...path, "prompt"], "`prompt` is read as `label`");
    if (label === undefined)
      this.report.warn("missing_label", path, `the question has no label; renderers show its id ("${id}")`);
    else common.label = label;
    const help = str(raw.help);
    if (help !== undefined) common.description = help;
    return common;
  }

  private choice(q: Read, reading: Extract<Reading, { kind: "choice" }>): Field | undefined {
    const built = this.choiceOptions(q.raw, q.type, reading.display, q.path, q.ext);
    if (built === undefined) return undefined;
    const field: Field = { kind: "choice", ...q.common, ...built };
    if (q.placeholder !== undefined) field.placeholder = q.placeholder;
    const chosen = this.choiceDefault(q.default, field.options, field.multiple, q.defaultPath);
    if (chosen !== undefined) field.default = chosen;
    return field;
  }

  private number(q: Read, reading: Extract<Reading, { kind: "number" }>): Field {
    const { raw, path } = q;
    const field: Field = { kind: "number", ...q.common, integer: false };
    if (reading.slider) field.slider = true;
    const [min, max, step] = (["min", "max", "step"] as const).map((key) => numberAt(raw, key));
    if (min !== undefined) field.minimum = min;
    if (max !== undefined) field.maximum = max;
    if (step !== undefined) {
      if (step > 0) field.step = step;
      else this.report.warn("ignored_key", [...path, "step"], "a step must be greater than 0; it is ignored");
    }
    if (min !== undefined && max !== undefined && min > max)
      this.report.error("invalid_range", [...path, "min"], `min (${min}) is greater than max (${max})`);
    if (q.placeholder !== undefined) field.placeholder = q.placeholder;
    if (q.default !== undefined) {
      const n =
        typeof q.default === "number"
          ? q.default
          : typeof q.default === "string" && q.default.trim() !== ""
            ? Number(q.default)
            : Number.NaN;
      if (Number.isFinite(n)) field.default = n;
      else
        this.report.warn(
          "ignored_key",
          q.defaultPath,
          "the default of a number question must be a number; it is ignored",
        );
    }
    return field;
  }

  private boolean(q: Read): Field {
    const field: Field = { kind: "boolean", ...q.common };
    if (q.placeholder !== undefined) q.ext.placeholder = q.placeholder;
    if (q.default === true || q.default === "true") field.default = true;
    else if (q.default === false || q.default === "false") field.default = false;
    else if (q.default !== undefined)
      this.report.warn("ignored_key", q.defaultPath, "the default of a switch must be true or false; it is ignored");
    return field;
  }

  private file(q: Read): Field {
    const field: Field = {
      kind: "file",
      ...q.common,
      multiple: q.raw.multiple === true,
      options: [],
      pick: { kind: "file" },
    };
    const accept = str(q.raw.accept);
    if (accept !== undefined) {
      const list = accept
        .split(",")
        .map((item) => item.trim())
        .filter((item) => item !== "");
      if (list.length > 0) field.pick.accept = list;
      if (list.join(",") !== accept) q.ext.accept = accept;
    }
    if (q.placeholder !== undefined) field.placeholder = q.placeholder;
    if (q.default !== undefined)
      this.report.warn(
        "ignored_key",
        q.defaultPath,
        "a file question cannot start with a value; its default is ignored",
      );
    return field;
  }

  private text(q: Read, reading: Extract<Reading, { kind: "text" }>): Field {
    const field: Field = { kind: "text", ...q.common };
    if (reading.multiline) field.multiline = true;
    if (reading.format !== undefined) field.format = reading.format;
    if (q.placeholder !== undefined) field.placeholder = q.placeholder;
    for (const key of ["min", "max", "step"] as const) {
      const n = numberAt(q.raw, key);
      if (n !== undefined) q.ext[key] = n;
    }
    if (Array.isArray(q.default))
      this.report.warn("ignored_key", q.defaultPath, "the default of a text question must be a string; it is ignored");
    else if (q.default !== undefined) field.default = String(q.default);
    return field;
  }

  private type(raw: Json, path: PathSegment[]): QuestionType {
    const written = raw.type;
    const hasOptions = Array.isArray(raw.options) && raw.options.length > 0;
    if (typeof written !== "string") {
      const fallback = hasOptions ? "radio" : "text";
      this.report.warn(
        "missing_type",
        path,
        `the question has no type; it is read as "${fallback}", as the reference renderer does`,
      );
      return fallback;
    }
    const lower = written.trim().toLowerCase();
    if (Object.hasOwn(QUESTION_TYPES, lower)) {
      if (lower !== written)
        this.report.warn("alias_merged", [...path, "type"], `the type "${written}" is read as "${lower}"`);
      return lower as QuestionType;
    }
    const alias = Object.hasOwn(TYPE_ALIASES, lower) ? TYPE_ALIASES[lower] : undefined;
    if (alias !== undefined) {
      this.report.warn(
        "alias_merged",
        [...path, "type"],
        `the type "${written}" is an alias; its canonical name is "${alias}"`,
      );
      return alias;
    }
    this.report.warn(
      "unknown_type",
      [...path, "type"],
      `the type "${written}" is unknown; it is read as "text", as the reference renderer does (known types: ` +
        `${TYPE_NAMES.join(", ")})`,
    );
    return "text";
  }

  private choiceOptions(
    raw: Json,
    type: QuestionType,
    display: "radio" | "checkbox" | "select" | "cards",
    path: PathSegment[],
    ext: FieldExtension,
  ) {
    const multiple = display === "checkbox";
    let options: ChoiceOption[] = [];
    const cardsPath = [...path, "cards"];
    if (type === "direction-cards" && Array.isArray(raw.cards) && raw.cards.length > 0) {
      options = this.cards(raw.cards, cardsPath);
      // A copy, so the model holds the same plain objects whichever parser read the body.
      if (options.length > 0 && Array.isArray(raw.options)) ext.options = structuredClone(raw.options);
    }
    const fromCards = options.length > 0;
    if (!fromCards && Array.isArray(raw.options) && raw.options.length > 0) {
      if (type === "direction-cards")
        this.report.warn(
          "missing_cards",
          path,
          "a direction-cards question has no cards; its options are shown instead",
        );
      options = this.options(raw.options, [...path, "options"], ext);
    }
    // The skill's trigger: a direction-cards question without cards or options, whose cards the host supplies.
    const hostCards =
      type === "direction-cards" &&
      options.length === 0 &&
      !(Array.isArray(raw.options) && raw.options.length > 0) &&
      !this.arriving;
    if (options.length === 0 && !hostCards && !this.arriving) {
      this.report.error("no_options", path, `a ${type} question needs at least one option`);
      return undefined;
    }
    options = this.distinct(options, fromCards ? cardsPath : [...path, "options"]);
    const out: {
      multiple: boolean;
      options: ChoiceOption[];
      catalog?: "host";
      display: "radio" | "select" | "checkbox" | "cards";
      maxItems?: number;
      custom?: { label?: string; placeholder?: string };
    } = { multiple, options, display };
    if (hostCards) out.catalog = "host";
    if (multiple && typeof raw.maxSelections === "number") out.maxItems = raw.maxSelections;
    const allowCustom = raw.allowCustom ?? raw.custom;
    if (raw.allowCustom === undefined && raw.custom !== undefined)
      this.report.warn("alias_merged", [...path, "custom"], "`custom` is read as `allowCustom`");
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

  private options(raw: JsonValue[], path: PathSegment[], ext: FieldExtension): ChoiceOption[] {
    const out: ChoiceOption[] = [];
    raw.forEach((item, i) => {
      if (typeof item === "string") {
        const label = item.trim();
        if (label === "") return this.report.warn("empty_option", [...path, i], "an empty option is ignored");
        if (label !== item)
          this.report.warn("trimmed_option", [...path, i], "the option is read without its surrounding spaces");
        return void out.push({ value: label, label });
      }
      const object = item as Json;
      this.report.unknownKeys(object, OPTION_KEYS, [...path, i]);
      const label = str(object.label)?.trim() ?? "";
      const value = [object.value, object.id].map((x) => str(x)?.trim()).find((x) => x !== undefined && x !== "");
      if (object.value === undefined && object.id !== undefined)
        this.report.warn("alias_merged", [...path, i, "id"], "an option's `id` is read as its `value`");
      if (label === "" && value === undefined)
        return this.report.warn("empty_option", [...path, i], "an option without label or value is ignored");
      if (label === "") this.report.warn("missing_label", [...path, i], "the option has no label; its value is shown");
      const option: ChoiceOption = { value: value ?? label, label: label === "" ? (value as string) : label };
      const description = str(object.description)?.trim();
      if (description) option.description = description;
      const group = str(object.group);
      const trailingLabel = str(object.trailingLabel);
      if (group !== undefined || trailingLabel !== undefined) {
        ext.optionDetails ??= Object.create(null) as Record<string, { group?: string; trailingLabel?: string }>;
        ext.optionDetails[option.value] = {
          ...(group !== undefined && { group }),
          ...(trailingLabel !== undefined && { trailingLabel }),
        };
      }
      out.push(option);
    });
    return out;
  }

  /**
   * Cards as options. A card that is not an object, or has no id or label, is skipped with a
   * warning, as the reference renderer skips it, and the others are kept.
   */
  private cards(raw: JsonValue[], path: PathSegment[]): ChoiceOption[] {
    return raw.flatMap((item, i) => {
      const at = [...path, i];
      if (item === null || typeof item !== "object" || Array.isArray(item)) {
        this.report.warn(
          "skipped_card",
          at,
          "a card must be a JSON object; it is skipped, as the reference renderer skips it",
        );
        return [];
      }
      const id = typeof item.id === "string" ? item.id.trim() : "";
      if (id === "" || typeof item.label !== "string") {
        const missing = id === "" ? "a non-empty `id` (the answer when the card is chosen)" : "a `label`";
        this.report.warn(
          "skipped_card",
          at,
          `a card needs ${missing}; it is skipped, as the reference renderer skips it`,
        );
        return [];
      }
      if (!this.report.check(CardSchema, item, at)) return [];
      this.report.unknownKeys(item, CARD_KEYS, at);
      const details: DirectionCard = {};
      for (const key of ["mood", "displayFont", "bodyFont"] as const)
        if (typeof item[key] === "string") details[key] = item[key];
      for (const key of ["references", "palette"] as const)
        if (Array.isArray(item[key])) details[key] = item[key] as string[];
      return [{ value: id, label: item.label, card: details }];
    });
  }

  /**
   * Options with distinct values. An exact repeat (same value, label and description) says
   * nothing new and is dropped with a warning, as the renderer shows the same choice twice; a
   * value repeated with another label is an error: the answer names the value, so it could
   * not say which of the two the person chose.
   */
  private distinct(options: ChoiceOption[], path: PathSegment[]): ChoiceOption[] {
    const seen = new Map<string, ChoiceOption>();
    return options.filter((option, i) => {
      const first = seen.get(option.value);
      if (first === undefined) {
        seen.set(option.value, option);
        return true;
      }
      const same =
        first.label === option.label &&
        first.description === option.description &&
        first.card === undefined &&
        option.card === undefined;
      if (same)
        this.report.warn(
          "duplicate_option",
          [...path, i],
          `repeats the option "${option.value}"; the repeat is ignored`,
        );
      else
        this.report.error(
          "duplicate_option",
          [...path, i],
          `repeats the option value "${option.value}" with another label: an answer could not tell them apart`,
        );
      return false;
    });
  }

  private choiceDefault(
    raw: JsonValue | undefined,
    options: ChoiceOption[],
    multiple: boolean,
    path: PathSegment[],
  ): string | string[] | undefined {
    if (raw === undefined) return undefined;
    const toValue = (x: string): string =>
      (options.find((o) => o.value === x) ?? options.find((o) => o.label === x))?.value ?? x;
    if (Array.isArray(raw)) {
      if (!multiple) {
        this.report.warn(
          "ignored_key",
          path,
          "a single-choice question starts with one value, not a list; the default is ignored",
        );
        return undefined;
      }
      return (raw as string[]).map(toValue);
    }
    const one = toValue(String(raw));
    return multiple ? [one] : one;
  }
}

/** `min`/`max`/`step` as a number (the schema already checked numeric strings). */
function numberAt(raw: Json, key: "min" | "max" | "step"): number | undefined {
  const value = raw[key];
  if (value === undefined) return undefined;
  return typeof value === "number" ? value : Number(value);
}
