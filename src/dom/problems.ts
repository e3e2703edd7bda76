/** A response's problems shown beside their questions and in the summary at the top, which links to each. */
import type { Issue } from "../model/index.js";
import type { Frame } from "./form-frame.js";
import { h } from "./h.js";
import type { ShownQuestion } from "./question-list.js";
import type { Question } from "./questions.js";
import type { RenderStrings } from "./strings.js";

export function showProblems(
  issues: readonly Issue[],
  shown: ReadonlyMap<string, ShownQuestion>,
  frame: Frame,
  strings: RenderStrings,
  wordsLang: string | undefined,
): void {
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
  const { formError, summary, summaryList } = frame;
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

/** Focuses the first control of the first question with a problem, else Submit when the form itself has one. */
export function focusFirstInvalid(shown: ReadonlyMap<string, ShownQuestion>, frame: Frame): void {
  for (const { question } of shown.values()) {
    if (question.error.hidden) continue;
    const [first] = question.controls();
    if (first !== undefined) {
      first.focus();
      return;
    }
  }
  if (!frame.formError.hidden) frame.submit.focus();
}
