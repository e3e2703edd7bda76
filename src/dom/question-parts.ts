/** The parts every kind of question is drawn with: its label, notes, error slot and the answer its controls hold. */
import type { ChoiceField, Field, FileField, ResourceField, TextFormat } from "../model/index.js";
import { fieldHeader } from "../model/heading.js";
import { type Child, h } from "./h.js";
import type { Built, QuestionContext } from "./questions.js";
import type { RenderStrings } from "./strings.js";

/** What the question starts with: what the person gave it before, else the form's default. */
export function startOf(field: Field, context: QuestionContext): unknown {
  return context.previous?.touched ? context.previous.answer : field.default;
}

/** The input type of a text format: its own name but for two. */
export const inputType = (format: TextFormat | undefined): string =>
  format === undefined ? "text" : format === "uri" ? "url" : format === "date-time" ? "datetime-local" : format;

/** A question answered by one labelled control. */
export function single(
  field: Field,
  context: QuestionContext,
  control: HTMLElement,
  hints: string[],
  read: () => unknown,
  extras: Child[] = [],
): Built {
  const error = errorSlot(context);
  const element = h(
    "div",
    { class: `fg-question fg-${field.kind}`, "data-question": field.id },
    h("label", { for: context.id, class: "fg-label", dir: "auto" }, ...labelText(field, context)),
    ...notes(field, context, hints),
    error,
    control,
    ...extras,
  );
  return { element, read, controls: () => [control], error };
}

/** A question of several controls in a `<fieldset>`, named by its `<legend>`. */
export function fieldset(
  field: Field,
  context: QuestionContext,
  hints: string[],
  className: string,
  ...children: Child[]
): { element: HTMLFieldSetElement; error: HTMLElement } {
  const error = errorSlot(context);
  const element = h(
    "fieldset",
    { class: className, "data-question": field.id, "aria-describedby": describedBy(field, context.id, hints) },
    h("legend", { class: "fg-label", dir: "auto" }, ...labelText(field, context)),
    ...notes(field, context, hints),
    error,
    ...children,
  );
  return { element, error };
}

/** A list answer for a multiple question, one value for a single one; undefined when nothing is given. */
export function answerOf(multiple: boolean, values: string[]): unknown {
  if (values.length === 0) return undefined;
  // Two values for a single question go on as a list: formgate's check says what is wrong.
  return multiple || values.length > 1 ? values : values[0];
}

export function boundsHints(field: ChoiceField | ResourceField | FileField, strings: RenderStrings): string[] {
  if (!field.multiple) return [];
  const item = field.kind === "file" ? "file" : "choice";
  return present([
    field.minItems !== undefined && field.minItems > 0 && strings.atLeastItems(field.minItems, item),
    field.maxItems !== undefined && strings.atMostItems(field.maxItems, item),
  ]);
}

/** A control that always holds a value answers only once the person changed it, unless it starts answered. */
export function setOnce(control: HTMLInputElement | HTMLTextAreaElement, startsAnswered: boolean): () => boolean {
  let answered = startsAnswered;
  const set = () => void (answered = true);
  control.addEventListener("input", set);
  control.addEventListener("change", set);
  return () => answered;
}

/**
 * The question's label (its id when it has none) and a required mark that is not part of its name (`aria-required` says
 * it).
 */
function labelText(field: Field, context: QuestionContext): Child[] {
  const chip = fieldHeader(field);
  return [
    // Out of the question's name, which stays its text: the form's heading says the headers.
    chip !== undefined && chip !== "" && h("span", { class: "fg-chip", dir: "auto", "aria-hidden": "true" }, chip),
    field.label ?? field.id,
    field.required &&
      h(
        "span",
        { class: "fg-required", "aria-hidden": "true", title: context.strings.required, lang: context.wordsLang },
        " *",
      ),
  ];
}

function notes(field: Field, context: QuestionContext, hints: string[]): HTMLElement[] {
  const { id } = context;
  return [
    ...(field.description !== undefined
      ? [h("p", { class: "fg-description", id: `${id}-description`, dir: "auto" }, field.description)]
      : []),
    ...(hints.length > 0
      ? [h("p", { class: "fg-hint", id: `${id}-hint`, lang: context.wordsLang }, context.strings.hints(hints))]
      : []),
  ];
}

export function describedBy(field: Field, id: string, hints: string[], counted = false, extra?: string): string {
  return present([
    field.description !== undefined && `${id}-description`,
    hints.length > 0 && `${id}-hint`,
    counted && `${id}-count`,
    extra,
    `${id}-error`,
  ]).join(" ");
}

function errorSlot(context: QuestionContext): HTMLElement {
  return h("p", { class: "fg-error", id: `${context.id}-error`, hidden: true });
}

export function present(items: (string | false | undefined | 0)[]): string[] {
  return items.filter((item): item is string => typeof item === "string");
}
