/** The form around its questions: heading, description, error summary, buttons and status line. */
import type { FormModel, FormResponse } from "../model/index.js";
import { headersHeading } from "../model/heading.js";
import { h } from "./h.js";
import type { RenderStrings } from "./strings.js";

export interface Frame {
  element: HTMLFormElement;
  heading: HTMLElement;
  description: HTMLElement;
  summary: HTMLElement;
  summaryHeading: HTMLElement;
  summaryList: HTMLElement;
  questions: HTMLElement;
  formError: HTMLElement;
  status: HTMLElement;
  submit: HTMLButtonElement;
  decline: HTMLButtonElement;
  cancel: HTMLButtonElement;
  actions: HTMLElement;
}

export function createFrame(prefix: string, strings: RenderStrings): Frame {
  const heading = h("h2", { class: "fg-title", id: `${prefix}-title`, dir: "auto" });
  const description = h("p", { class: "fg-form-description", dir: "auto" });
  const summaryHeading = h("h3", { class: "fg-summary-title", id: `${prefix}-summary` }, strings.problemsHeading);
  const summaryList = h("ul", { class: "fg-summary-list" });
  const summary = h(
    "div",
    { class: "fg-summary", role: "alert", "aria-labelledby": summaryHeading.id, hidden: true },
    summaryHeading,
    summaryList,
  );
  const questions = h("div", { class: "fg-questions" });
  const formError = h("p", { class: "fg-error fg-form-error", id: `${prefix}-error`, role: "alert", hidden: true });
  const status = h("p", { class: "fg-status", role: "status" });
  const submit = h("button", { type: "submit", class: "fg-submit" });
  const decline = h("button", { type: "button", class: "fg-decline" }, strings.decline);
  const cancel = h("button", { type: "button", class: "fg-cancel" }, strings.cancel);
  const actions = h("div", { class: "fg-actions" }, submit, decline, cancel);
  const element = h(
    "form",
    { class: "fg-form", novalidate: true, "aria-labelledby": heading.id },
    heading,
    description,
    summary,
    questions,
    formError,
    actions,
    status,
  );
  return {
    element,
    heading,
    description,
    summary,
    summaryHeading,
    summaryList,
    questions,
    formError,
    status,
    submit,
    decline,
    cancel,
    actions,
  };
}

/** What the frame shows of a form: still arriving, answered, and the language of the renderer's own words. */
export interface FrameState {
  model: FormModel;
  partial: boolean;
  settled: FormResponse | undefined;
  wordsLang: string | undefined;
}

export function drawFrame(frame: Frame, state: FrameState, strings: RenderStrings): void {
  const { model, partial, settled, wordsLang } = state;
  const { element, submit, status } = frame;
  // A form without a title (an AskUserQuestion form) is headed by its questions' headers.
  frame.heading.textContent = model.title || headersHeading(model) || model.id || "Form";
  frame.description.textContent = model.description ?? "";
  frame.description.hidden = model.description === undefined;
  if (model.lang !== undefined) element.lang = model.lang;
  else element.removeAttribute("lang");
  submit.textContent = model.submitLabel || strings.submit;
  for (const [part, words] of [
    [submit, model.submitLabel ? undefined : wordsLang],
    [frame.decline, wordsLang],
    [frame.cancel, wordsLang],
    [status, wordsLang],
    [frame.formError, wordsLang],
    [frame.summaryHeading, wordsLang],
  ] as const) {
    if (words === undefined) part.removeAttribute("lang");
    else part.lang = words;
  }
  submit.disabled = partial;
  frame.actions.hidden = settled !== undefined;
  element.classList.toggle("fg-answered", settled !== undefined);
  status.textContent = settled !== undefined ? strings.outcome(settled.action) : partial ? strings.stillArriving : "";
}
