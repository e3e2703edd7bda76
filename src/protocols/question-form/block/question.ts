import type { ChoiceField, ChoiceOption, DirectionCard, Field, PathSegment } from "../../../model/index.js";
import { type HiddenTextFinding, hiddenTextFindings } from "../../../model/index.js";
import type { JsonValue } from "../../../model/json-text.js";
import { type BodyReport, type Json, str } from "./findings.js";
import { CARD_RULES, OPTION_RULES, QUESTION_RULES } from "./schema.js";
import type { QuestionType } from "../../../../generated/question-form-body.js";
import type { FieldExtension } from "../extensions.js";
import { PROTOCOL } from "../limits.js";
import { QUESTION_TYPES, type Reading, TYPE_ALIASES, TYPE_NAMES } from "./question-types.js";

/** What every field has. */
type Common = Pick<Field, "id" | "required" | "label" | "description">;

/** A question being read: what the kind readers share. */
interface Read {
  report: BodyReport;
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

/**
 * The id a question is read with: its own, trimmed, or its number's (`q3`) when it has none;
 * `usable` is false for an id of another type, which its messages cannot name it by.
 */
export function questionId(raw: Json, index: number): { written?: string; id: string; usable: boolean } {
  const written = str(raw.id)?.trim() || undefined;
  const usable = written !== undefined || raw.id === undefined || typeof raw.id === "string";
  return { written, id: written ?? `q${index + 1}`, usable };
}

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
        `question ${index + 1} is not a JSON object, so it is skipped, as the reference renderer skips it`,
      );
      return undefined;
    }
    const { written, id, usable } = questionId(raw, index);
    const report = this.report.question(path, index, usable ? id : undefined);
    if (!report.check(QUESTION_RULES, raw, path)) return undefined;
    report.unknownKeys(raw, QUESTION_RULES, path);
    if (written === undefined)
      report.warn(
        "missing_question_id",
        path,
        "its author gave it no id, so it is read with this one (its number), as the reference renderer does",
      );
    else if (written !== raw.id)
      report.warn("trimmed_id", [...path, "id"], "its id is read without its surrounding spaces");
    const type = this.type(report, raw, path);
    const common = this.common(report, raw, id, path);
    if (raw.defaultValue === undefined && raw.default !== undefined)
      report.warn("alias_merged", [...path, "default"], "its `default` is read as `defaultValue`");
    const reading: Reading = QUESTION_TYPES[type];
    for (const [key, types] of ONLY_ON)
      report.ignoreUnless(
        raw,
        path,
        key,
        types.includes(type),
        `only a ${types[0]} question has \`${key}\`, so it is ignored`,
      );
    const choice = reading.kind === "choice";
    report.ignoreUnless(
      raw,
      path,
      "options",
      choice,
      `a ${type} question has no options, so its \`options\` are ignored`,
    );
    if (!choice)
      for (const key of ["allowCustom", "custom"] as const)
        report.ignoreUnless(
          raw,
          path,
          key,
          false,
          `a ${type} question has no options to add a typed answer to, so \`${key}\` is ignored`,
        );
    const question: Read = {
      report,
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
    for (const hidden of hiddenTextFindings({ fields: [field] })) hiddenText(report, field, raw, path, hidden);
    return field;
  }

  /** What every kind of field has: the id, whether it is required, the label and the help. */
  private common(report: BodyReport, raw: Json, id: string, path: PathSegment[]): Common {
    const common: Common = { id, required: raw.required === true };
    const label = str(raw.label) ?? str(raw.prompt);
    if (raw.label === undefined && raw.prompt !== undefined)
      report.warn("alias_merged", [...path, "prompt"], "its `prompt` is read as `label`");
    if (label === undefined) report.warn("missing_label", path, "it has no label, so renderers show its id");
    else common.label = label;
    const help = str(raw.help);
    if (help !== undefined) common.description = help;
    return common;
  }

  private choice(q: Read, reading: Extract<Reading, { kind: "choice" }>): Field | undefined {
    const built = this.choiceOptions(q, reading.display);
    if (built === undefined) return undefined;
    const field: Field = { kind: "choice", ...q.common, ...built };
    if (q.placeholder !== undefined) field.placeholder = q.placeholder;
    const chosen = this.choiceDefault(q, field.options, field.multiple);
    if (chosen !== undefined) field.default = chosen;
    return field;
  }

  private number(q: Read, reading: Extract<Reading, { kind: "number" }>): Field {
    const { raw, path, report } = q;
    const field: Field = { kind: "number", ...q.common, integer: false };
    if (reading.slider) field.slider = true;
    const [min, max, step] = (["min", "max", "step"] as const).map((key) => numberAt(raw, key));
    if (min !== undefined) field.minimum = min;
    if (max !== undefined) field.maximum = max;
    if (step !== undefined) {
      if (step > 0) field.step = step;
      else report.warn("ignored_key", [...path, "step"], "its `step` must be greater than 0, so it is ignored");
    }
    if (min !== undefined && max !== undefined && min > max)
      report.error("invalid_range", [...path, "min"], `its \`min\` (${min}) is greater than its \`max\` (${max})`);
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
        report.warn(
          "ignored_key",
          q.defaultPath,
          "the default of a number question must be a number, so it is ignored",
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
      q.report.warn("ignored_key", q.defaultPath, "the default of a switch must be true or false, so it is ignored");
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
      q.report.warn(
        "ignored_key",
        q.defaultPath,
        "a file question cannot start with a value, so its default is ignored",
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
      q.report.warn("ignored_key", q.defaultPath, "the default of a text question must be a string, so it is ignored");
    else if (q.default !== undefined) field.default = String(q.default);
    return field;
  }

  private type(report: BodyReport, raw: Json, path: PathSegment[]): QuestionType {
    const written = raw.type;
    const hasOptions = Array.isArray(raw.options) && raw.options.length > 0;
    if (typeof written !== "string") {
      const fallback = hasOptions ? "radio" : "text";
      report.warn(
        "missing_type",
        path,
        `it has no type, so it is read as a ${fallback} question, as the reference renderer does`,
      );
      return fallback;
    }
    const lower = written.trim().toLowerCase();
    if (Object.hasOwn(QUESTION_TYPES, lower)) {
      if (lower !== written)
        report.warn("alias_merged", [...path, "type"], `its type "${written}" is read as "${lower}"`);
      return lower as QuestionType;
    }
    const alias = Object.hasOwn(TYPE_ALIASES, lower) ? TYPE_ALIASES[lower] : undefined;
    if (alias !== undefined) {
      report.warn(
        "alias_merged",
        [...path, "type"],
        `its type "${written}" is an alias of "${alias}", and read as that`,
      );
      return alias;
    }
    report.warn(
      "unknown_type",
      [...path, "type"],
      `its type "${written}" is unknown, so it is read as "text", as the reference renderer does (the known types ` +
        `are ${TYPE_NAMES.join(", ")})`,
    );
    return "text";
  }

  private choiceOptions(q: Read, display: "radio" | "checkbox" | "select" | "cards") {
    const { raw, type, path, ext, report } = q;
    const multiple = display === "checkbox";
    let options: ChoiceOption[] = [];
    const cardsPath = [...path, "cards"];
    if (type === "direction-cards" && Array.isArray(raw.cards) && raw.cards.length > 0) {
      options = this.cards(report, raw.cards, cardsPath);
      // A copy, so the model holds the same plain objects whichever parser read the body.
      if (options.length > 0 && Array.isArray(raw.options)) ext.options = structuredClone(raw.options);
    }
    const fromCards = options.length > 0;
    if (!fromCards && Array.isArray(raw.options) && raw.options.length > 0) {
      if (type === "direction-cards")
        report.warn("missing_cards", path, "it is a direction-cards question without cards, so its options are shown");
      options = this.options(report, raw.options, [...path, "options"], ext);
    }
    // The skill's trigger: a direction-cards question without cards or options, whose cards the host supplies.
    const hostCards =
      type === "direction-cards" &&
      options.length === 0 &&
      !(Array.isArray(raw.options) && raw.options.length > 0) &&
      !this.arriving;
    if (options.length === 0 && !hostCards && !this.arriving) {
      report.error("no_options", path, `it is a ${type} question, which needs at least one option`);
      return undefined;
    }
    options = this.distinct(report, options, fromCards ? cardsPath : [...path, "options"]);
    const out: Pick<ChoiceField, "multiple" | "options" | "catalog" | "display" | "maxItems" | "custom"> = {
      multiple,
      options,
      display,
    };
    if (hostCards) out.catalog = "host";
    if (multiple && typeof raw.maxSelections === "number") out.maxItems = raw.maxSelections;
    const allowCustom = raw.allowCustom ?? raw.custom;
    if (raw.allowCustom === undefined && raw.custom !== undefined)
      report.warn("alias_merged", [...path, "custom"], "its `custom` is read as `allowCustom`");
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

  private options(report: BodyReport, raw: JsonValue[], path: PathSegment[], ext: FieldExtension): ChoiceOption[] {
    const out: ChoiceOption[] = [];
    raw.forEach((item, i) => {
      const at = [...path, i];
      if (typeof item === "string") {
        const label = item.trim();
        if (label === "") return report.warn("empty_option", at, `option ${i + 1} is empty, so it is ignored`);
        if (label !== item)
          report.option(at, label).warn("trimmed_option", at, "it is read without its surrounding spaces");
        return void out.push({ value: label, label });
      }
      const object = item as Json;
      const label = str(object.label)?.trim() ?? "";
      const value = [object.value, object.id].map((x) => str(x)?.trim()).find((x) => x !== undefined && x !== "");
      if (label === "" && value === undefined) {
        report.unknownKeys(object, OPTION_RULES, at);
        return report.warn("empty_option", at, `option ${i + 1} has no label or value, so it is ignored`);
      }
      const option: ChoiceOption = { value: value ?? label, label: label === "" ? (value as string) : label };
      const about = report.option(at, option.value);
      about.unknownKeys(object, OPTION_RULES, at);
      if (object.value === undefined && object.id !== undefined)
        about.warn("alias_merged", [...at, "id"], "its `id` is read as its `value`");
      if (label === "") about.warn("missing_label", at, "it has no label, so its value is shown");
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
  private cards(report: BodyReport, raw: JsonValue[], path: PathSegment[]): ChoiceOption[] {
    return raw.flatMap((item, i) => {
      const at = [...path, i];
      const skip = (why: string): [] => {
        report.warn("skipped_card", at, `card ${i + 1} ${why}, so it is skipped, as the reference renderer skips it`);
        return [];
      };
      if (item === null || typeof item !== "object" || Array.isArray(item)) return skip("is not a JSON object");
      const id = typeof item.id === "string" ? item.id.trim() : "";
      if (id === "") return skip("has no `id` (the answer when the card is chosen)");
      if (typeof item.label !== "string") return skip("has no `label`");
      const about = report.option(at, id);
      if (!about.check(CARD_RULES, item, at)) return [];
      about.unknownKeys(item, CARD_RULES, at);
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
  private distinct(report: BodyReport, options: ChoiceOption[], path: PathSegment[]): ChoiceOption[] {
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
      const about = report.option([...path, i], option.value);
      if (same) about.warn("duplicate_option", [...path, i], "it is repeated, so the repeat is ignored");
      else
        about.error(
          "duplicate_option",
          [...path, i],
          "it repeats the value of an earlier option with another label, so an answer could not tell the two apart",
        );
      return false;
    });
  }

  private choiceDefault(q: Read, options: ChoiceOption[], multiple: boolean): string | string[] | undefined {
    const raw = q.default;
    if (raw === undefined) return undefined;
    const toValue = (x: string): string =>
      (options.find((o) => o.value === x) ?? options.find((o) => o.label === x))?.value ?? x;
    if (Array.isArray(raw)) {
      if (!multiple) {
        q.report.warn(
          "ignored_key",
          q.defaultPath,
          "a single-choice question starts with one value, not a list, so its default is ignored",
        );
        return undefined;
      }
      return (raw as string[]).map(toValue);
    }
    const one = toValue(String(raw));
    return multiple ? [one] : one;
  }
}

/**
 * Text of a question a person cannot fully see (found in the model field, `fields[0]…`), said at
 * the key of the question that wrote it, and of its option when it is in one.
 */
function hiddenText(report: BodyReport, field: Field, raw: Json, path: PathSegment[], hidden: HiddenTextFinding): void {
  const [, , key, j, optionKey, ...more] = hidden.path;
  let at: PathSegment[];
  if (key === "description") at = [...path, "help"];
  else if (key === "custom") at = [...path, j === "label" ? "customLabel" : "customPlaceholder"];
  else if (key !== "options") at = [...path, key as string];
  else {
    const option = (field as ChoiceField).options[j as number] as ChoiceOption;
    // A card's value is its id, its details its keys; a string option is its own label and value.
    const item = option.card === undefined ? [...path, "options", j as number] : [...path, "cards", j as number];
    const written = option.card === undefined && typeof (raw.options as JsonValue[])[j as number] === "string";
    const inItem =
      optionKey === "card" ? more : written ? [] : [optionKey === "value" && option.card ? "id" : optionKey];
    at = [...item, ...(inItem as PathSegment[])];
    report = report.option(item, option.value);
  }
  report.warn(hidden.code, at, `${report.subject(at)} ${hidden.said}`);
}

/** `min`/`max`/`step` as a number (the schema already checked numeric strings). */
function numberAt(raw: Json, key: "min" | "max" | "step"): number | undefined {
  const value = raw[key];
  if (value === undefined) return undefined;
  return typeof value === "number" ? value : Number(value);
}
