import type { ChoiceField, ChoiceOption, Field, FormModel, Result } from "../../model/index.js";
import { FORM_KEYS, awaitsCatalog, ownValue, unwrittenFormKeys } from "../../model/index.js";
import { Report } from "../report/index.js";
import { sentence } from "../report/words.js";
import { escapeAttribute } from "./block/attributes.js";
import { FORMAT_TYPES } from "./block/question-types.js";
import { BODY_TEXT_KEYS } from "./block/schema.js";
import type { Question, QuestionFormBody } from "../../../generated/question-form-body.js";
import type { FieldExtension } from "./extensions.js";
import {
  BOUND_DROPS,
  CARD_DROPS,
  CUSTOM_DROPS,
  CUSTOM_RULE_DROPS,
  FILE_DROPS,
  FILE_LATER_DROPS,
  FREE_CHOICE_DROPS,
  IMAGE_DROPS,
  NUMBER_DROPS,
  OPTION_DROPS,
  RESOURCE_DROPS,
  TEXT_DROPS,
  type Bounded,
  type Say,
  dropAll,
} from "./write-drops.js";
import { DEFAULT_FORM_ID, PROTOCOL } from "./limits.js";

/**
 * Writes a canonical `<question-form>` block; what the text protocol cannot say is a warning.
 * A choice or resource question offering nothing to choose (and no typed answer) cannot be
 * written at all: `unsupported_form`, since a block's choice question needs options.
 */
export function writeQuestionForm(form: FormModel): Result<string> {
  const report = Report.start();
  const said = "It offers nothing to choose, and a <question-form> choice question needs at least one option.";
  form.fields.forEach((field, index) => {
    if (
      field.kind === "resource"
        ? field.options.length === 0
        : field.kind === "choice" && field.custom === undefined && field.catalog !== "host" && !offers(field)
    )
      report.at("fields", index).question(field.id).at("options").error("unsupported_options", said);
  });
  if (!report.ok) return report.fail("unsupported_form");
  // Every key of the model form has its place in a block; one the model does not know is dropped.
  report.adopt(
    unwrittenFormKeys(
      form,
      FORM_KEYS,
      (key) => `The form's ${key} has no place in a <question-form> block, so it is dropped.`,
    ),
  );
  const drop: Say = (at, what) =>
    at.warn("dropped", sentence(`${what} cannot be said in a <question-form> block, so it is dropped`));
  const approximate: Say = (at, message) => at.warn("approximated", sentence(message));
  const body: QuestionFormBody = { questions: [] };
  for (const key of BODY_TEXT_KEYS) if (form[key] !== undefined) body[key] = form[key];
  otherExtensions(form.extensions, report.at("extensions"), drop);
  form.fields.forEach((field, index) =>
    body.questions.push(writeQuestion(field, index, report.at("fields", index).question(field.id), drop, approximate)),
  );

  const id = form.id ?? DEFAULT_FORM_ID;
  if (form.id === undefined)
    report.at("id").warn("defaulted", `The form has no id, so it is written as "${id}", the id renderers assume.`);
  const title = form.title === undefined ? "" : ` title="${escapeAttribute(form.title)}"`;
  // `<` is escaped in JSON strings so that no reader can mistake a `</question-form>` inside a label for the end.
  const json = JSON.stringify(body, null, 2).replace(/</g, "\\u003c");
  return report.result(
    "unsupported_form",
    `<question-form id="${escapeAttribute(id)}"${title}>\n${json}\n</question-form>`,
  );
}

/** What a kind's writer is given: the question so far, what the block read kept, and where to say losses. */
interface Writing {
  q: Question;
  ext: FieldExtension;
  /** The report about the question, at its `fields[i]`. */
  at: Report;
  drop: Say;
  approximate: Say;
}

function writeQuestion(field: Field, index: number, at: Report, drop: Say, approximate: Say): Question {
  const ext = (field.extensions?.[PROTOCOL] ?? {}) as FieldExtension;
  otherExtensions(field.extensions, at.at("extensions"), drop);
  // Written as it reads back (readers trim ids, and number a missing one), so writing is stable.
  const q: Question = { id: field.id.trim() || `q${index + 1}`, type: "text" };
  if (field.label !== undefined) q.label = field.label;
  if (field.description !== undefined) q.help = field.description;
  if ("placeholder" in field && field.placeholder !== undefined) q.placeholder = field.placeholder;
  if (field.required) q.required = true;
  if (field.id.trim() !== field.id || field.id === "") {
    const said = "its id has surrounding spaces (or is empty), so it is read back trimmed (or numbered)";
    approximate(at.at("id"), said);
  }
  (WRITERS[field.kind] as (field: Field, writing: Writing) => void)(field, { q, ext, at, drop, approximate });
  return q;
}

/** The writer of each field kind. */
const WRITERS: { [K in Field["kind"]]: (field: Extract<Field, { kind: K }>, writing: Writing) => void } = {
  text(field, { q, ext, at, drop }) {
    q.type = field.format !== undefined ? FORMAT_TYPES[field.format] : field.multiline ? "textarea" : "text";
    dropAll(field, TEXT_DROPS, at, drop);
    for (const key of ["min", "max", "step"] as const) if (ext[key] !== undefined) q[key] = ext[key];
    if (field.default !== undefined) q.defaultValue = field.default;
  },
  number(field, { q, at, drop, approximate }) {
    q.type = field.slider ? "range" : "number";
    if (field.minimum !== undefined) q.min = field.minimum;
    // Readers reject min > max (no answer could satisfy both): the maximum is not written.
    if (!dropAll(field, NUMBER_DROPS, at, drop) && field.maximum !== undefined) q.max = field.maximum;
    if (field.step !== undefined) q.step = field.step;
    if (field.integer) {
      const said = "“whole numbers only” cannot be said in a <question-form> block";
      approximate(at.at("integer"), `${said}, but the answer is still checked when read back`);
    }
    if (field.default !== undefined) q.defaultValue = String(field.default);
  },
  boolean(field, { q, ext }) {
    q.type = "switch";
    if (ext.placeholder !== undefined) q.placeholder = ext.placeholder;
    if (field.default !== undefined) q.defaultValue = String(field.default);
  },
  choice(field, writing) {
    const { q, at, drop, approximate } = writing;
    field.options.forEach((option, i) => {
      if (ignored(option, isCards(field)))
        drop(at.at("options", i).option(option.value), "an option with no value (or card id) or label");
    });
    // A choice offering nothing is free text (a native string array without suggestions): a
    // <question-form> choice needs options, so it is written as the text input it amounts to.
    if (awaitsCatalog(field) && !field.multiple) {
      // The skill's trigger: the host supplies the cards.
      q.type = "direction-cards";
      writeCustom(field, writing, true);
      if (field.default !== undefined) q.defaultValue = field.default;
    } else if (!offers(field)) {
      q.type = field.multiple ? "textarea" : "text";
      const typed = field.multiple ? ", and what the person types there is read as one answer" : "";
      approximate(at, `a choice without options is written as a ${q.type} question${typed}`);
      // A text input says its starting text, and none of the choice's bounds or typed-answer copy and rules.
      if (typeof field.default === "string") q.defaultValue = field.default;
      dropAll(field, FREE_CHOICE_DROPS, at, drop);
      dropAll(field.custom ?? {}, CUSTOM_DROPS, at.at("custom"), drop);
    } else writeChoice(field, writing);
  },
  resource(field, { q, at, drop, approximate }) {
    q.type = field.multiple ? "checkbox" : "radio";
    approximate(at, "a resource question is written as a choice of its URIs (titles as labels)");
    q.options = field.options.map((resource, i) => {
      dropAll(resource, RESOURCE_DROPS, at.at("options", i).option(resource.uri), drop);
      return optionEntry(resource.uri, (resource.title ?? resource.name).trim() || resource.uri, resource.description);
    });
    q.allowCustom = false;
    writeBounds(field, q, at, drop);
    if (field.default !== undefined) q.defaultValue = field.default;
  },
  file(field, { q, ext, at, drop }) {
    q.type = "file";
    if (field.multiple) q.multiple = true;
    if (ext.accept !== undefined) q.accept = ext.accept;
    else if (field.pick.accept !== undefined && field.pick.accept.length > 0) q.accept = field.pick.accept.join(",");
    dropAll(field, FILE_DROPS, at, drop);
    dropAll({ ...field, maxItems: undefined }, BOUND_DROPS, at, drop);
    dropAll(field, FILE_LATER_DROPS, at, drop);
  },
};

/** Direction cards: a single choice displayed as cards. */
const isCards = (field: ChoiceField): boolean => field.display === "cards" && !field.multiple;
/** An option a reader ignores: a card without an id, an option without a value or a label (spaces are none). */
const ignored = (option: ChoiceOption, cards: boolean): boolean =>
  option.value.trim() === "" && (cards || (option.label ?? "").trim() === "");
/** Whether a choice offers an option a reader keeps. */
const offers = (field: ChoiceField): boolean => field.options.some((option) => !ignored(option, isCards(field)));

/**
 * The option texts readers trim, an empty one read as absent (as the reference renderer does), and what they read
 * instead.
 */
const TRIMMED = [
  ["value", "the label"],
  ["label", "the value"],
  ["description", "none"],
] as const;

function writeChoice(field: ChoiceField, writing: Writing): void {
  const { q, ext, at, drop, approximate } = writing;
  const cards = isCards(field);
  const kept = field.options.filter((option) => !ignored(option, cards));
  q.type = field.multiple ? "checkbox" : cards ? "direction-cards" : field.display === "select" ? "select" : "radio";
  if (field.display !== undefined && field.display !== "checkbox" && field.multiple)
    drop(at.at("display"), `a multiple-choice ${field.display} display (written as checkbox)`);
  if (field.display === "checkbox" && !field.multiple)
    drop(at.at("display"), "a single-choice checkbox display (written as radio)");
  field.options.forEach((option, i) => {
    if (ignored(option, cards)) return;
    const item = at.at("options", i).option(option.value);
    // A card's label is read as written, and its description is not written.
    for (const [key, instead] of TRIMMED) {
      const text = option[key];
      if (text !== undefined && (key === "value" || !cards) && (text === "" || text.trim() !== text))
        approximate(item.at(key), `its ${key} is read back without surrounding spaces (an empty one as ${instead})`);
    }
    // A card's description is said by the options a block read kept beside the cards.
    dropAll(option, cards ? (ext.options === undefined ? CARD_DROPS : IMAGE_DROPS) : OPTION_DROPS, item, drop);
  });
  if (cards) {
    q.cards = kept.map((option) => ({
      id: option.value,
      label: option.label ?? option.value,
      ...option.card,
    }));
    if (ext.options !== undefined) q.options = ext.options as Question["options"];
  } else {
    q.options = kept.map((option) =>
      optionEntry(option.value, option.label, option.description, ownValue(ext.optionDetails ?? {}, option.value)),
    );
  }
  writeCustom(field, writing, cards);
  writeBounds(field, q, at, drop);
  if (field.default !== undefined) q.defaultValue = field.default;
}

/**
 * `allowCustom` where it differs from the type's default (typed answers on for choices, off
 * for direction-cards), or where the block read said it anyway; the custom-answer copy.
 */
function writeCustom({ custom }: ChoiceField, { q, ext, at, drop }: Writing, cards: boolean): void {
  if (custom === undefined ? !cards || ext.allowCustom === false : cards || ext.allowCustom === true)
    q.allowCustom = custom !== undefined;
  const label = custom === undefined ? ext.customLabel : custom.label;
  const placeholder = custom === undefined ? ext.customPlaceholder : custom.placeholder;
  if (label !== undefined) q.customLabel = label;
  if (placeholder !== undefined) q.customPlaceholder = placeholder;
  dropAll(custom ?? {}, CUSTOM_RULE_DROPS, at.at("custom"), drop);
}

/** An option as the reader reads it back (trimmed; what differs is warned), so that writing is stable. */
function optionEntry(
  rawValue: string,
  rawLabel: string | undefined,
  rawDescription: string | undefined,
  details?: NonNullable<FieldExtension["optionDetails"]>[string],
): NonNullable<Question["options"]>[number] {
  const value = rawValue.trim() || (rawLabel ?? "").trim();
  const label = (rawLabel ?? "").trim() || value;
  const description = rawDescription?.trim();
  if (!description && details === undefined && label === value) return label;
  return { label, value, ...(description && { description }), ...details };
}

/** `maxSelections` (a whole number ≥ 1), and the bounds and selection modes the text protocol has no words for. */
function writeBounds(field: Bounded, q: Question, at: Report, drop: Say): void {
  if (field.multiple && (field.maxItems ?? 0) >= 1) q.maxSelections = field.maxItems;
  dropAll(field, BOUND_DROPS, at, drop);
}

function otherExtensions(extensions: Record<string, unknown> | undefined, at: Report, drop: Say): void {
  for (const name of Object.keys(extensions ?? {}))
    if (name !== PROTOCOL) drop(at.at(name), `the ${name} protocol's details`);
}
