/**
 * One question of a form as real, labelled controls, and the answer they hold. The controls do
 * not validate (the form is `novalidate`): formgate's answer check does (render-form.ts). Each
 * kind of field is drawn by its own module; the parts they share are question-parts.ts.
 */
import type { Field } from "../model/index.js";
import { choiceQuestion, groupQuestion } from "./choice-questions.js";
import { fileQuestion } from "./file-question.js";
import { resourceOption } from "./options.js";
import type { RenderStrings } from "./strings.js";
import { numberQuestion, switchQuestion, textQuestion } from "./typed-questions.js";
import type { Uploads } from "./uploads.js";

/** What a question held when it is drawn again: its answer, and whether the person changed it. */
export interface QuestionState {
  answer: unknown;
  touched: boolean;
}

/** One rendered question. */
export interface Question {
  element: HTMLElement;
  /** The answer the controls hold, or undefined when the question is unanswered. */
  read(): unknown;
  state(): QuestionState;
  /** Shows the question answered: every control disabled, the ways to change the answer (clear, pick files) gone. */
  settle(): void;
  /** The controls marked `aria-invalid` when the question has a problem; the first takes focus. */
  controls(): HTMLElement[];
  /** Where its problems are shown. */
  error: HTMLElement;
}

/** What drawing a question needs besides its field. */
export interface QuestionContext {
  /** The HTML id of the question's control; its other parts' ids start with it. */
  id: string;
  strings: RenderStrings;
  /** The `lang` of the renderer's own words, where it differs from the form's. */
  wordsLang: string | undefined;
  uploads: Uploads;
  /** What the question held before, when a newer version of the form redraws it. */
  previous: QuestionState | undefined;
}

/** A question as a kind's module draws it; `renderQuestion` adds what every kind has. */
export type Built = Omit<Question, "state" | "settle">;

export function renderQuestion(field: Field, context: QuestionContext): Question {
  const question = build(field, context);
  let touched = context.previous?.touched ?? false;
  const touch = () => void (touched = true);
  question.element.addEventListener("input", touch);
  question.element.addEventListener("change", touch);
  question.element.addEventListener("click", (event) => {
    if ((event.target as Element).closest("button.fg-clear")) touch();
  });
  return { ...question, state: () => ({ answer: question.read(), touched }), settle: () => settle(question.element) };
}

function settle(element: HTMLElement): void {
  for (const control of element.querySelectorAll<HTMLInputElement>("input, select, textarea, button"))
    control.disabled = true;
  for (const change of element.querySelectorAll<HTMLElement>(".fg-clear, .fg-upload-picker")) change.hidden = true;
}

function build(field: Field, context: QuestionContext): Built {
  switch (field.kind) {
    case "text":
      return textQuestion(field, context);
    case "number":
      return numberQuestion(field, context);
    case "boolean":
      return switchQuestion(field, context);
    case "choice":
      return choiceQuestion(field, context);
    case "resource":
      return groupQuestion(field, context, field.options.map(resourceOption(context.strings)));
    case "file":
      return fileQuestion(field, context);
  }
}
