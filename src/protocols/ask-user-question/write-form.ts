import * as v from "valibot";
import {
  type ChoiceField,
  type Field,
  type FormModel,
  type Issue,
  type ResourceField,
  type Result,
  unwrittenFormKeys,
  named,
  quoted,
} from "../../model/index.js";
import { codePointLength } from "../../text/text-length.js";
import { Report } from "../report/index.js";
import { type AskUserQuestionFieldExtension, type AskUserQuestionFormExtension, extensionOf } from "./extensions.js";
import { BOOLEAN_LABELS, HEADER_WIDTH, MAX_OPTIONS, MAX_QUESTIONS, MIN_OPTIONS, PROTOCOL } from "./limits.js";
import { ASK_LAYOUT, checkQuestions } from "./rules.js";
import { FORM } from "./schema.js";
import type { AskUserQuestionForm, AskUserQuestionItem, AskUserQuestionOption } from "./wire.js";

/** A model field as AskUserQuestion asks it, with the model answer each of its options stands for. */
export interface AskedQuestion {
  field: Field;
  /** The field's index in the model form. */
  index: number;
  item: AskUserQuestionItem;
  /** The model answer of each option, in order: the option's value, the resource's URI, or true / false. */
  values: (string | boolean)[];
}

/** What writing a model form as AskUserQuestion gives: the questions asked, or why it cannot be. */
export interface WrittenQuestions {
  asked: AskedQuestion[];
  /** What writing them found: the warnings, and the errors that mean the form cannot be asked. */
  report: Report;
}

/** Resource metadata an option cannot show (its title is the label, its description the option's). */
const UNSAID = ["mimeType", "size", "icons", "thumbnail", "annotations", "meta"] as const;

/**
 * Writes a model form as an AskUserQuestion tool input (docs/ask-user-question.md, "Writing"):
 * each choice, resource or yes/no question a question whose labels are the option titles,
 * its header the one read (or derived from its title, approximated). What the tool cannot
 * say is a warning; what it cannot ask (more than 4 questions, fewer than 2 or more than 4
 * options, files, a required text or number question, untitled resources) is `unsupported_form`.
 */
export function writeAskUserQuestionForm(form: FormModel): Result<AskUserQuestionForm> {
  const written = writeQuestions(form);
  const { report } = written;
  if (!report.ok) return report.fail("unsupported_form");
  const output: AskUserQuestionForm = { questions: written.asked.map((asked) => asked.item) };
  const { metadata } = extensionOf<AskUserQuestionFormExtension>(form);
  if (metadata !== undefined) output.metadata = structuredClone(metadata);
  // The output is checked as a host would read it: a writer's bug is an error, never a form no host takes.
  const parsed = v.safeParse(FORM, output, { abortEarly: false });
  if (!parsed.success) {
    return report.valibot(parsed.issues, ASK_LAYOUT).fail("unsupported_form");
  }
  // Only its errors: what it tolerates with a warning (a long header) was written from the form itself.
  const check = Report.start(["questions"]);
  checkQuestions(parsed.output.questions, check);
  if (!check.ok) return check.fail("unsupported_form");
  return report.result("unsupported_form", output);
}

/** The questions a model form is asked as, shared by the form writer and both answer directions. */
export function writeQuestions(form: FormModel): WrittenQuestions {
  const report = Report.start();
  report.adopt(
    unwrittenFormKeys(
      form,
      ["fields", "extensions"],
      (key) =>
        `The form's ${named(key)} has no place in AskUserQuestion (it asks its questions only), so it is dropped.`,
    ),
  );
  droppedExtensions(form.extensions, report);
  const asked: AskedQuestion[] = [];
  const unasked: { field: Field; index: number }[] = [];
  form.fields.forEach((field, index) => {
    const at = report.at("fields", index).question(field.id, index);
    if (field.kind === "text" || field.kind === "number") return unasked.push({ field, index });
    if (field.kind === "file") {
      at.error(
        "unsupported_field",
        `Question \`${field.id}\` asks for the person's own files, which AskUserQuestion cannot ask for (it ` +
          `offers options only).`,
      );
      return;
    }
    const item = writeItem(field, at);
    if (item !== undefined) asked.push({ field, index, ...item });
  });
  unaskedFields(unasked, asked.length > 0, report);
  if (asked.length > MAX_QUESTIONS)
    report
      .at("fields")
      .error(
        "too_many_fields",
        `The form has ${asked.length} questions AskUserQuestion would ask, and it asks at most ${MAX_QUESTIONS} at ` +
          `a time (${asked.map((a) => `\`${a.field.id}\``).join(", ")}).`,
      );
  const texts = new Map<string, AskedQuestion>();
  for (const one of asked) {
    const first = texts.get(one.item.question);
    if (first === undefined) texts.set(one.item.question, one);
    else
      report
        .at("fields", one.index, "label")
        .question(one.field.id, one.index)
        .error(
          "duplicate_id",
          `Question \`${one.field.id}\` has the same text as question \`${first.field.id}\` ` +
            `(${quoted(one.item.question)}): AskUserQuestion keys answers by the question's text, so each must be ` +
            `unique.`,
        );
  }
  // Each question's problems in form order, then the form's own (too many questions).
  const order = (issue: Issue) => (typeof issue.path[1] === "number" ? issue.path[1] : Number.POSITIVE_INFINITY);
  report.errors.sort((a, b) => order(a) - order(b));
  return { asked, report };
}

/**
 * Text and number questions have no AskUserQuestion form: an optional one is left out with a
 * warning (its answer is simply not asked for), a required one is an error (no answer could
 * then satisfy the form), and so is each of them when no question would be left to ask.
 */
function unaskedFields(unasked: { field: Field; index: number }[], othersAsked: boolean, report: Report): void {
  for (const { field, index } of unasked) {
    const kind = field.kind === "text" ? "a typed text" : "a number";
    const at = report.at("fields", index).question(field.id, index);
    if (othersAsked && !field.required)
      at.warn(
        "dropped",
        `Question \`${field.id}\` asks for ${kind}, which AskUserQuestion cannot ask (it offers options only): ` +
          `it is left out, and its answer is not asked for.`,
      );
    else
      at.error(
        "unsupported_field",
        `Question \`${field.id}\` asks for ${kind}, which AskUserQuestion cannot ask (it offers options ` +
          `only)${othersAsked ? "; it is required, so it cannot be left out" : ", and the form asks nothing else"}.`,
      );
  }
}

function writeItem(
  field: ChoiceField | ResourceField | Extract<Field, { kind: "boolean" }>,
  at: Report,
): { item: AskUserQuestionItem; values: (string | boolean)[] } | undefined {
  const ext = extensionOf<AskUserQuestionFieldExtension>(field);
  droppedExtensions(field.extensions, at);
  if (field.required)
    at.at("required").warn(
      "dropped",
      "AskUserQuestion cannot mark a question required (the person may skip it); an answer without it is still " +
        "refused.",
    );
  if (field.description !== undefined)
    at.at("description").warn("dropped", "Its help text is dropped: an AskUserQuestion question has none.");
  if (field.default !== undefined)
    at.at("default").warn("dropped", "Its default is dropped: nothing starts selected in AskUserQuestion.");
  const choices = optionsOf(field, at);
  if (choices === undefined) return undefined;
  if (choices.options.length < MIN_OPTIONS || choices.options.length > MAX_OPTIONS) {
    at.at("options").error(
      "unsupported_options",
      `Question \`${field.id}\` offers ${choices.options.length} ` +
        `option${choices.options.length === 1 ? "" : "s"}, and AskUserQuestion offers ${MIN_OPTIONS} to ` +
        `${MAX_OPTIONS}.`,
    );
    return undefined;
  }
  const question = field.label ?? field.id;
  const multiSelect = field.kind !== "boolean" && field.multiple;
  const item: AskUserQuestionItem = {
    question,
    header: ext.header ?? derivedHeader(question, field.id, at),
    options: choices.options,
    multiSelect,
  };
  if (ext.multiSelectOmitted && !multiSelect) delete (item as Partial<AskUserQuestionItem>).multiSelect;
  return { item, values: choices.values };
}

/** The options a field is asked with, and the model answer each stands for; undefined when it cannot be asked. */
function optionsOf(
  field: ChoiceField | ResourceField | Extract<Field, { kind: "boolean" }>,
  at: Report,
): { options: AskUserQuestionOption[]; values: (string | boolean)[] } | undefined {
  if (field.kind === "boolean") {
    at.warn(
      "approximated",
      `Question \`${field.id}\` is asked as a choice between "${BOOLEAN_LABELS.yes}" and "${BOOLEAN_LABELS.no}"; ` +
        `a typed "Other" answer is refused when read back.`,
    );
    return {
      options: [
        { label: BOOLEAN_LABELS.yes, description: "" },
        { label: BOOLEAN_LABELS.no, description: "" },
      ],
      values: [true, false],
    };
  }
  if (field.kind === "resource") return resourceOptions(field, at);
  const { previews } = extensionOf<AskUserQuestionFieldExtension>(field);
  for (const key of ["placeholder", "display", "catalog", "minItems", "maxItems"] as const)
    if (field[key] !== undefined && !(key === "minItems" && impliedMinItems(field)))
      at.at(key).warn("dropped", `Its ${named(key)} is dropped: AskUserQuestion has none.`);
  if (field.custom === undefined)
    at.warn(
      "approximated",
      `Question \`${field.id}\` takes no typed answer, but AskUserQuestion always offers "Other": a typed answer ` +
        `is refused when read back.`,
    );
  else
    for (const key of Object.keys(field.custom).filter(
      (key) => !(key === "minLength" && field.custom?.minLength === 0),
    ))
      at.at("custom", key).warn(
        "dropped",
        `Its typed answer's ${named(key)} is dropped: AskUserQuestion's "Other" input is the host's own, ` +
          `without one.`,
      );
  const options = field.options.map((option, j) => {
    for (const key of ["thumbnail", "icons", "card"] as const)
      if (option[key] !== undefined)
        at.at("options", j)
          .option(option.value)
          .at(key)
          .warn("dropped", `Its ${named(key)} is dropped: an AskUserQuestion option has none.`);
    const label = option.label ?? option.value;
    if (label !== option.value)
      at.at("options", j)
        .option(option.value)
        .at("value")
        .warn(
          "approximated",
          `An AskUserQuestion answer carries the label ${quoted(label)}, which stands for the value ` +
            `${quoted(option.value)} (read back alone, the label is the value).`,
        );
    const written: AskUserQuestionOption = { label, description: option.description ?? "" };
    const preview = previews?.[label];
    if (preview !== undefined) written.preview = preview;
    return written;
  });
  return { options, values: field.options.map((option) => option.value) };
}

function resourceOptions(
  field: ResourceField,
  at: Report,
): { options: AskUserQuestionOption[]; values: string[] } | undefined {
  const untitled = field.options.flatMap((resource, j) => (resource.title === undefined ? [j] : []));
  if (untitled.length > 0) {
    for (const j of untitled)
      at.at("options", j)
        .option(field.options[j]?.uri)
        .at("title")
        .error(
          "unsupported_options",
          `The resource ${quoted(field.options[j]?.name)} has no title, and an AskUserQuestion option needs a ` +
            `label a person reads.`,
        );
    return undefined;
  }
  at.warn(
    "approximated",
    `Question \`${field.id}\` is asked as a choice of the resources' titles, answered by their URIs; a typed ` +
      `"Other" answer is refused when read back.`,
  );
  for (const key of ["selection", "minItems", "maxItems"] as const)
    if (
      field[key] !== undefined &&
      !(key === "selection" && field.selection === "explicit") &&
      !(key === "minItems" && impliedMinItems(field))
    )
      at.at(key).warn("dropped", `Its ${named(key)} is dropped: AskUserQuestion has none.`);
  const options = field.options.map((resource, j) => {
    for (const key of UNSAID)
      if (resource[key] !== undefined)
        at.at("options", j)
          .option(resource.uri)
          .at(key)
          .warn("dropped", `Its ${named(key)} is dropped: an AskUserQuestion option has none.`);
    return { label: resource.title as string, description: resource.description ?? "" };
  });
  return { options, values: field.options.map((resource) => resource.uri) };
}

/** A `minItems` that says nothing: at most the one a multiple question implies (1 when required, else 0). */
function impliedMinItems(field: ChoiceField | ResourceField): boolean {
  return field.minItems !== undefined && field.minItems <= (field.required ? 1 : 0);
}

/** A header chip from the question's text: its first words that fit 12 characters (an approximation). */
function derivedHeader(question: string, id: string, at: Report): string {
  const text = question.trim().replace(/[?!.:;,]+$/u, "") || question.trim() || id;
  const words = text.split(/\s+/u);
  let header = "";
  for (const word of words) {
    const next = header === "" ? word : `${header} ${word}`;
    if (codePointLength(next) > HEADER_WIDTH) break;
    header = next;
  }
  if (header === "") header = [...(words[0] ?? "")].slice(0, HEADER_WIDTH).join("");
  at.warn(
    "approximated",
    `AskUserQuestion shows a header chip beside the question; it is derived from the question's text ` +
      `(${quoted(header)}).`,
  );
  return header;
}

function droppedExtensions(extensions: FormModel["extensions"], at: Report): void {
  for (const name of Object.keys(extensions ?? {}))
    if (name !== PROTOCOL)
      at.at("extensions", name).warn(
        "dropped",
        `${at.path.length === 0 ? "The form's" : "Its"} details only ${name} can say are dropped.`,
      );
}
