/**
 * The questions of a form as drawn: a newer version of the form redraws only the questions that changed, keeping
 * what the person gave them, and each field id keeps its element ids while it exists.
 */
import type { Field, FormModel, FormResponse } from "../model/index.js";
import { type Question, type QuestionState, renderQuestion } from "./questions.js";
import type { RenderStrings } from "./strings.js";
import type { Uploads } from "./uploads.js";

/** A question on screen, with the field (and its JSON) it was drawn from. */
export interface ShownQuestion {
  field: Field;
  json: string;
  question: Question;
}

export interface QuestionList {
  /** The questions on screen by field id. */
  readonly shown: ReadonlyMap<string, ShownQuestion>;
  /** Draws the model's questions, answered from `settled` when it is given. */
  draw(model: FormModel, wordsLang: string | undefined, settled: FormResponse | undefined): void;
  /** What the controls hold, in the form's order, whatever order its questions arrived in. */
  answers(model: FormModel): Record<string, unknown>;
  /** Makes the next `draw` draw every question anew. */
  invalidate(): void;
}

export function createQuestionList(
  container: HTMLElement,
  prefix: string,
  strings: RenderStrings,
  uploads: Uploads,
): QuestionList {
  /** Each field id's number, kept while the field exists, so its element ids do not change. */
  const numbers = new Map<string, number>();
  const shown = new Map<string, ShownQuestion>();

  function place(field: Field, wordsLang: string | undefined, settled: FormResponse | undefined): HTMLElement {
    const json = JSON.stringify(field);
    const before = shown.get(field.id);
    if (before?.json === json) return before.question.element;
    const sameKind = before !== undefined && before.field.kind === field.kind;
    if (before !== undefined && !sameKind) uploads.forget(field.id);
    let number = numbers.get(field.id);
    if (number === undefined) numbers.set(field.id, (number = numbers.size));
    const question = renderQuestion(field, {
      id: `${prefix}-q${number}`,
      strings,
      wordsLang,
      uploads,
      previous:
        settled !== undefined ? settledState(settled, field.id) : sameKind ? before.question.state() : undefined,
    });
    if (settled !== undefined) question.settle();
    if (before !== undefined) before.question.element.replaceWith(question.element);
    shown.set(field.id, { field, json, question });
    return question.element;
  }

  return {
    shown,
    draw(model, wordsLang, settled) {
      const seen = new Set<string>();
      const order: HTMLElement[] = [];
      for (const field of model.fields) {
        if (seen.has(field.id)) continue; // a duplicate id is the form's problem, reported by its reader
        seen.add(field.id);
        order.push(place(field, wordsLang, settled));
      }
      for (const [id, entry] of shown) {
        if (seen.has(id)) continue;
        entry.question.element.remove();
        shown.delete(id);
        numbers.delete(id);
        uploads.forget(id);
      }
      // Elements already in place stay where they are (moving one would blur it).
      order.forEach((question, i) => {
        if (container.children[i] !== question) container.insertBefore(question, container.children[i] ?? null);
      });
    },
    answers(model) {
      const answers: Record<string, unknown> = {};
      for (const field of model.fields) {
        const value = shown.get(field.id)?.question.read();
        if (value !== undefined) answers[field.id] = value;
      }
      return answers;
    },
    invalidate() {
      for (const entry of shown.values()) entry.json = "";
    },
  };
}

/** What a question shows once settled: its answer in an accepted response, else nothing (never its default). */
function settledState(response: FormResponse, id: string): QuestionState {
  return { answer: response.action === "accept" ? response.answers[id] : undefined, touched: true };
}
