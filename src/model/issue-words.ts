import type { FormModel } from "./index.js";
import { type Failure, type Issue, type PathSegment, type Result, summarize } from "./issue.js";

/**
 * Issues in the user's words (docs/issue-codes.md, "Messages"): every message a whole sentence
 * naming the question (and the option) by the id its author wrote, with the question and option
 * as fields of the issue. Readers and writers say what is wrong at a path; the protocol's entry
 * points (`withQuestionIds`, src/protocols/question-ids.ts) find the question the path is in and
 * make the sentence here, once for every protocol.
 */

/** The question (and option) a path is in. */
export interface QuestionRef {
  question: string;
  option?: string;
}

/** Finds the question a path is in, or undefined for a path outside every question. */
export type QuestionLocator = (path: PathSegment[]) => QuestionRef | undefined;

/** The question of a model path: `fields[i]` (and `options[j]`, by value or URI). */
export function modelQuestionAt(form: FormModel): QuestionLocator {
  return (path) => {
    if (path[0] !== "fields" || typeof path[1] !== "number") return undefined;
    const field = form.fields[path[1]];
    if (field === undefined) return undefined;
    if (path[2] === "options" && typeof path[3] === "number") {
      const option = "options" in field ? field.options[path[3]] : undefined;
      if (option !== undefined) return { question: field.id, option: "value" in option ? option.value : option.uri };
    }
    return { question: field.id };
  };
}

/** Keys an answer path starts with before the question's id (`content.name`, `result.content.name`, `answers.name`). */
const ANSWER_ENVELOPE = new Set<PathSegment>(["result", "content", "answers"]);

/** The question of an answer path: the first key below the envelope that is one of the form's question ids. */
export function answerQuestionAt(form: FormModel): QuestionLocator {
  return (path) => {
    let at = 0;
    while (at < path.length && ANSWER_ENVELOPE.has(path[at] as PathSegment)) at++;
    const id = path[at];
    if (typeof id !== "string" || !form.fields.some((field) => field.id === id)) return undefined;
    return { question: id };
  };
}

/** Every issue of a result said in words, each naming the question `locate` finds for it. */
export function nameQuestions<T>(result: Result<T>, locate: QuestionLocator): Result<T> {
  if (result.ok) return { ...result, warnings: result.warnings.map((issue) => inWords(issue, locate)) };
  const { error } = result;
  const issues = error.issues.map((issue) => inWords(issue, locate));
  const summary = error.message === summarize(error.issues) ? summarize(issues) : sentence(error.message);
  const named: Failure = { ...error, message: summary, issues };
  return { ok: false, error: named };
}

/** One issue with its question (and option), its message led by them. */
export function inWords(issue: Issue, locate: QuestionLocator): Issue {
  // A reader whose paths do not name the question (AskUserQuestion answers, keyed by its text) says it itself.
  const ref =
    issue.question === undefined
      ? locate(issue.path)
      : { question: issue.question, ...(issue.option !== undefined && { option: issue.option }) };
  const out: Issue = { ...issue, message: words(issue.message, ref) };
  if (ref !== undefined) {
    out.question = ref.question;
    if (ref.option !== undefined) out.option = ref.option;
  }
  return out;
}

/**
 * Readers and writers say each message as a whole sentence about what is at its path ("Its
 * `thumbnail` has no place in a standard MCP form, so it is dropped."); inside a question,
 * "Question `id`, option `value`: " comes first, unless the sentence names its question itself
 * ("Question `logo` asks for the person's own files, …").
 */
function words(message: string, ref: QuestionRef | undefined): string {
  const text = sentence(message);
  if (ref === undefined || text.startsWith(`Question \`${ref.question}\``)) return text;
  const option = ref.option === undefined ? "" : `, option \`${ref.option}\``;
  return `Question \`${ref.question}\`${option}: ${lowerFirst(text)}`;
}

/** The `<question-form>` folder's messages are still fragments ("a <question-form> tag is never closed"). */
function sentence(message: string): string {
  const text = message.trim();
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${text.endsWith(".") ? "" : "."}`;
}

/** Lower-cases a sentence's first word after the question: a common word (`Its`, `The`), not a name (`Data`). */
function lowerFirst(text: string): string {
  return /^(It|Its|The|This|A|An|No|Nothing|One|Every|Each|Some|Both|Neither|Only)\b/.test(text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}
