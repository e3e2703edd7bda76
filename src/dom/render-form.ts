/**
 * `renderForm`: a model form as a `<form>` of real controls in a host's page, its answers read
 * back and checked by formgate's one answer check, its problems shown beside their controls.
 */
import type { Field, FormModel, FormResponse, Issue, PartialForm, Result } from "../model/index.js";
import { failure, success } from "../model/issue.js";
import { askUserQuestionHeading } from "../protocols/ask-user-question/heading.js";
import { validateAnswers } from "../model/validate-answers.js";
import { h } from "./h.js";
import { type Question, type QuestionState, renderQuestion } from "./questions.js";
import { ENGLISH, type RenderStrings } from "./strings.js";
import { type FileStore, createUploads } from "./uploads.js";

/** A form `renderForm` shows: any model form, or a view of a `<question-form>` still arriving. */
export type RenderableForm = FormModel | PartialForm;

export interface RenderOptions {
  /**
   * Called on Submit once formgate's answer check passes (never with answers it rejects), and
   * on Decline and Cancel with `{ action: "decline" }` / `{ action: "cancel" }`.
   */
  onResponse?: (response: FormResponse) => void;
  /**
   * Stores a file the person picked, once per file, when it is picked; returns the URI the
   * answer carries, unchanged. Without it a file question offers only its listed resources.
   */
  files?: FileStore;
  /** The renderer's own words (buttons, hints, counts, the framing of problems); English by default. */
  strings?: Partial<RenderStrings>;
  /** The language of those words: "en" for the default strings, the page's when `strings` is given without it. */
  lang?: string;
  /**
   * The response already given to this form: the form is shown answered (`FormView.settle`), for a chat's
   * history or a page drawn again after the person answered.
   */
  response?: FormResponse;
}

export interface FormView {
  /** The `<form>` element, named by the form's title. */
  readonly element: HTMLFormElement;
  /**
   * Shows a newer version of the same form (a partial view that grew, or the final form),
   * keeping what the person typed or chose and where the focus is. A question that
   * disappears or changes kind drops its answer; nothing else does.
   */
  update(form: RenderableForm): void;
  /**
   * What the controls hold now as an accepted response, checked by formgate's answer check; once settled, the
   * response it was settled with.
   */
  response(): Result<FormResponse>;
  /**
   * Shows the form answered with `response`: what it answered shown read-only (every control disabled, nothing a
   * default put there), no Submit, Decline or Cancel, and a line saying it was sent, declined or cancelled. The
   * host calls it once it has sent the response on; `update` keeps the form answered.
   */
  settle(response: FormResponse): void;
  /** Removes the form from the page. */
  destroy(): void;
}

/** A distinct prefix for each rendered form's element ids, so several forms share a page. */
let rendered = 0;

export function renderForm(container: Element, form: RenderableForm, options: RenderOptions = {}): FormView {
  const strings: RenderStrings = { ...ENGLISH, ...options.strings };
  const wordsLangOption = options.lang ?? (options.strings === undefined ? "en" : undefined);
  const prefix = `fg${++rendered}`;
  const uploads = createUploads(options.files);
  /** Each field id's number, kept while the field exists, so its element ids do not change. */
  const numbers = new Map<string, number>();
  const shown = new Map<string, { field: Field; json: string; question: Question }>();
  let current = modelOf(form);
  let partial = isPartial(form);
  let wordsLang: string | undefined;
  let shownForm = form;
  let settled: FormResponse | undefined = options.response;

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

  const respond = (response: FormResponse) => options.onResponse?.(response);
  decline.addEventListener("click", () => respond({ action: "decline" }));
  cancel.addEventListener("click", () => respond({ action: "cancel" }));
  let submitting = false;
  element.addEventListener("submit", (event) => {
    event.preventDefault();
    if (partial || submitting || settled !== undefined) return;
    void submitWhenStored();
  });

  async function submitWhenStored(): Promise<void> {
    if (uploads.storing()) {
      // Submit waits for the files still being stored, and says so.
      submitting = true;
      status.textContent = strings.waitingForFiles;
      await uploads.settled();
      submitting = false;
      status.textContent = "";
    }
    const checked = view.response();
    if (checked.ok) {
      showProblems([]);
      respond(checked.value);
    } else {
      showProblems(checked.error.issues);
      focusFirstInvalid();
    }
  }

  function draw(next: RenderableForm): void {
    shownForm = next;
    const model = modelOf(next);
    partial = isPartial(next);
    current = model;
    wordsLang = wordsLangOption !== undefined && wordsLangOption !== model.lang ? wordsLangOption : undefined;
    const title = model.title || askUserQuestionHeading(model) || model.id || "Form";
    heading.textContent = title;
    description.textContent = model.description ?? "";
    description.hidden = model.description === undefined;
    if (model.lang !== undefined) element.lang = model.lang;
    else element.removeAttribute("lang");
    submit.textContent = model.submitLabel || strings.submit;
    for (const [button, words] of [
      [submit, model.submitLabel ? undefined : wordsLang],
      [decline, wordsLang],
      [cancel, wordsLang],
      [status, wordsLang],
      [formError, wordsLang],
      [summaryHeading, wordsLang],
    ] as const) {
      if (words === undefined) button.removeAttribute("lang");
      else button.lang = words;
    }
    submit.disabled = partial;
    actions.hidden = settled !== undefined;
    element.classList.toggle("fg-answered", settled !== undefined);
    status.textContent = settled !== undefined ? strings.outcome(settled.action) : partial ? strings.stillArriving : "";

    const focused = focusOf(element);
    const seen = new Set<string>();
    const order: HTMLElement[] = [];
    for (const field of model.fields) {
      if (seen.has(field.id)) continue; // a duplicate id is the form's problem, reported by its reader
      seen.add(field.id);
      const json = JSON.stringify(field);
      const before = shown.get(field.id);
      if (before?.json === json) {
        order.push(before.question.element);
        continue;
      }
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
      order.push(question.element);
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
      if (questions.children[i] !== question) questions.insertBefore(question, questions.children[i] ?? null);
    });
    focused?.restore();
  }

  function showProblems(issues: readonly Issue[]): void {
    const byQuestion = new Map<Question, Issue[]>();
    const elsewhere: Issue[] = [];
    for (const issue of issues) {
      const entry = typeof issue.path[0] === "string" ? shown.get(issue.path[0]) : undefined;
      if (entry === undefined) elsewhere.push(issue);
      else byQuestion.set(entry.question, [...(byQuestion.get(entry.question) ?? []), issue]);
    }
    const links: HTMLElement[] = [];
    for (const { field, question } of shown.values()) {
      const problems = byQuestion.get(question);
      question.error.hidden = problems === undefined;
      question.error.replaceChildren();
      if (wordsLang !== undefined) question.error.lang = wordsLang;
      if (problems !== undefined) {
        const message = strings.problem(problems);
        question.error.append(h("span", { class: "fg-visually-hidden" }, `${strings.errorPrefix} `), message);
        links.push(h("li", {}, summaryLink(question, strings.summaryLink(field.label ?? field.id, message))));
      }
      for (const control of question.controls()) {
        if (problems === undefined) control.removeAttribute("aria-invalid");
        else control.setAttribute("aria-invalid", "true");
      }
    }
    formError.hidden = elsewhere.length === 0;
    formError.textContent = elsewhere.length === 0 ? "" : strings.formProblem(elsewhere);
    if (elsewhere.length > 0) links.push(h("li", {}, strings.formProblem(elsewhere)));
    summaryList.replaceChildren(...links);
    summary.hidden = links.length === 0;
  }

  /** A summary's link to a question: it moves the focus to the question's first control, as GOV.UK's do. */
  function summaryLink(question: Question, text: string): HTMLElement {
    const [first] = question.controls();
    const link = h("a", { href: `#${first?.id ?? ""}`, dir: "auto" }, text);
    link.addEventListener("click", (event) => {
      event.preventDefault();
      first?.focus();
      first?.scrollIntoView({ block: "center" });
    });
    return link;
  }

  function focusFirstInvalid(): void {
    for (const { question } of shown.values()) {
      if (question.error.hidden) continue;
      const [first] = question.controls();
      if (first !== undefined) {
        first.focus();
        return;
      }
    }
    if (!formError.hidden) submit.focus();
  }

  const view: FormView = {
    element,
    update(next) {
      draw(next);
    },
    response() {
      if (settled !== undefined) return success(settled);
      const answers: Record<string, unknown> = {};
      // In the form's order, whatever order its questions arrived in.
      for (const field of current.fields) {
        const value = shown.get(field.id)?.question.read();
        if (value !== undefined) answers[field.id] = value;
      }
      // The controls' values go to the check as they are: it names what is wrong, nothing is corrected.
      const issues = validateAnswers(current, answers);
      if (partial) return failure("invalid_response", issues, "The form is still arriving: it cannot be answered yet.");
      return issues.length === 0
        ? success({ action: "accept", answers } as FormResponse)
        : failure("invalid_response", issues);
    },
    settle(response) {
      settled = response;
      submitting = false;
      showProblems([]);
      // Every question is drawn again from the response, whatever its controls held.
      for (const entry of shown.values()) entry.json = "";
      draw(shownForm);
    },
    destroy() {
      element.remove();
    },
  };
  draw(form);
  container.append(element);
  return view;
}

/** What a question shows once settled: its answer in an accepted response, else nothing (never its default). */
function settledState(response: FormResponse, id: string): QuestionState {
  return { answer: response.action === "accept" ? response.answers[id] : undefined, touched: true };
}

function isPartial(form: RenderableForm): form is PartialForm {
  return "kind" in form && form.kind === "partial";
}

/** The model form a view shows: a partial view's complete questions and the one arriving. */
function modelOf(form: RenderableForm): FormModel {
  if (!isPartial(form)) return form;
  const { id, title, description, submitLabel, lang, fields, arriving } = form;
  return { id, title, description, submitLabel, lang, fields: arriving === undefined ? fields : [...fields, arriving] };
}

/** The control with focus inside the form, to focus again (with its caret) if it is drawn anew. */
function focusOf(form: HTMLFormElement): { restore(): void } | undefined {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !form.contains(active) || active.id === "") return undefined;
  const caret = caretOf(active);
  return {
    restore() {
      if (active.isConnected) return;
      const again = form.querySelector<HTMLElement>(`#${CSS.escape(active.id)}`);
      again?.focus({ preventScroll: true });
      // Not every input type has a caret: setting one where there is none throws.
      if (caret !== undefined && (again instanceof HTMLInputElement || again instanceof HTMLTextAreaElement))
        try {
          again.setSelectionRange(...caret);
        } catch {}
    },
  };
}

function caretOf(element: HTMLElement): [number, number] | undefined {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return undefined;
  const { selectionStart, selectionEnd } = element;
  return selectionStart === null ? undefined : [selectionStart, selectionEnd ?? selectionStart];
}
