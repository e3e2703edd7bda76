/**
 * `renderForm`: a model form as a `<form>` of real controls in a host's page, its answers read
 * back and checked by formgate's one answer check, its problems shown beside their controls.
 */
import type { FormModel, FormResponse, Issue, Result } from "../model/index.js";
import { failure, success } from "../model/issue.js";
import { validateAnswers } from "../model/validate-answers.js";
import { focusOf } from "./focus.js";
import { createFrame, drawFrame } from "./form-frame.js";
import { focusFirstInvalid, showProblems } from "./problems.js";
import { createQuestionList } from "./question-list.js";
import { type RenderableForm, isPartial, modelOf } from "./renderable.js";
import { ENGLISH, type RenderStrings } from "./strings.js";
import { type FileStore, createUploads } from "./uploads.js";

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
  const frame = createFrame(prefix, strings);
  const list = createQuestionList(frame.questions, prefix, strings, uploads);
  let current = modelOf(form);
  let partial = isPartial(form);
  let wordsLang: string | undefined;
  let shownForm = form;
  let settled: FormResponse | undefined = options.response;
  let submitting = false;

  const respond = (response: FormResponse) => options.onResponse?.(response);
  const showIssues = (issues: readonly Issue[]) => showProblems(issues, list.shown, frame, strings, wordsLang);
  frame.decline.addEventListener("click", () => respond({ action: "decline" }));
  frame.cancel.addEventListener("click", () => respond({ action: "cancel" }));
  frame.element.addEventListener("submit", (event) => {
    event.preventDefault();
    if (partial || submitting || settled !== undefined) return;
    void submitWhenStored();
  });

  async function submitWhenStored(): Promise<void> {
    if (uploads.storing()) {
      // Submit waits for the files still being stored, and says so.
      submitting = true;
      frame.status.textContent = strings.waitingForFiles;
      await uploads.settled();
      submitting = false;
      frame.status.textContent = "";
    }
    const checked = view.response();
    showIssues(checked.ok ? [] : checked.error.issues);
    if (checked.ok) respond(checked.value);
    else focusFirstInvalid(list.shown, frame);
  }

  function draw(next: RenderableForm): void {
    shownForm = next;
    current = modelOf(next);
    partial = isPartial(next);
    wordsLang = wordsLangOption !== undefined && wordsLangOption !== current.lang ? wordsLangOption : undefined;
    drawFrame(frame, { model: current, partial, settled, wordsLang }, strings);
    const focused = focusOf(frame.element);
    list.draw(current, wordsLang, settled);
    focused?.restore();
  }

  const view: FormView = {
    element: frame.element,
    update: draw,
    response: () =>
      settled !== undefined ? success(settled) : checkedResponse(current, partial, list.answers(current)),
    settle(response) {
      settled = response;
      submitting = false;
      showIssues([]);
      // Every question is drawn again from the response, whatever its controls held.
      list.invalidate();
      draw(shownForm);
    },
    destroy() {
      frame.element.remove();
    },
  };
  draw(form);
  container.append(frame.element);
  return view;
}

/** What the controls hold as a response, checked as they are: the check names what is wrong, nothing is corrected. */
function checkedResponse(model: FormModel, partial: boolean, answers: Record<string, unknown>): Result<FormResponse> {
  const issues = validateAnswers(model, answers);
  if (partial) return failure("invalid_response", issues, "The form is still arriving: it cannot be answered yet.");
  return issues.length === 0
    ? success({ action: "accept", answers } as FormResponse)
    : failure("invalid_response", issues);
}
