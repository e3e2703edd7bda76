import type { FormModel } from "./index.js";
import { type Failure, type Issue, type PathSegment, type Result, summarize } from "./issue.js";

/**
 * Issues in the user's words (docs/issue-codes.md, "Messages"): every message a whole sentence
 * naming the question (and the option) by the id its author wrote, with the question and option
 * as fields of the issue. Readers and writers say what is wrong at a path; the protocol's entry
 * points (`withQuestionIds`, src/protocols/question-ids.ts) find the question the path is in and
 * make the sentence here, once for every protocol.
 */

/** The question (and option) a path is in, and where the rest of the path (what in it) starts. */
export interface QuestionRef {
  question: string;
  option?: string;
  /** The index of the path's first segment below the question or option. */
  rest: number;
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
      if (option !== undefined)
        return { question: field.id, option: "value" in option ? option.value : option.uri, rest: 4 };
    }
    return { question: field.id, rest: 2 };
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
    return { question: id, rest: at + 1 };
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

/** One issue with its question (and option) and its message as a whole sentence naming them. */
export function inWords(issue: Issue, locate: QuestionLocator): Issue {
  if (issue.question !== undefined) return issue;
  const ref = locate(issue.path);
  const out: Issue = { ...issue, message: words(issue.message, issue.path, ref) };
  if (ref !== undefined) {
    out.question = ref.question;
    if (ref.option !== undefined) out.option = ref.option;
  }
  return out;
}

/**
 * The sentence: a message that already is one is kept (ended with a period); a fragment at a
 * path ("has no mcp form", "must be a string") gets the thing it is said of ("its `thumbnail`",
 * "The `timeout`"); inside a question, "Question `id`, option `value`: " comes first.
 */
function words(message: string, path: PathSegment[], ref: QuestionRef | undefined): string {
  let text = message.trim();
  const prefix =
    ref === undefined
      ? ""
      : `Question \`${ref.question}\`${ref.option === undefined ? "" : `, option \`${ref.option}\``}: `;
  if (ref !== undefined && text.startsWith(prefix.slice(0, -2))) return sentence(text);
  if (!/^[A-Z`]/.test(text)) {
    // A fragment naming its key or value in quotes first (`"timeout" is not a keyword …`) names it in code.
    if (text.startsWith('"')) text = text.replace(/^"([^"]*)"/, "`$1`");
    else if (!/^(its?|the|this|a|an|no|one|every|each|some)\b/i.test(text))
      text = `${subject(path.slice(ref?.rest ?? 0), ref !== undefined)} ${text}`;
  }
  return ref === undefined ? sentence(upperFirst(text)) : sentence(`${prefix}${lowerFirst(text)}`);
}

/** What a fragment is said of: the last key of the rest of its path, and the item of a list it ends in. */
function subject(rest: PathSegment[], inQuestion: boolean): string {
  const last = rest[rest.length - 1];
  const item = typeof last === "number" ? ` item ${last + 1}` : "";
  const key = [...rest].reverse().find((segment): segment is string => typeof segment === "string");
  if (key === undefined)
    return item === "" ? (inQuestion ? "it" : "The input") : `${inQuestion ? "its" : "The"}${item}`;
  return `${inQuestion ? "its" : "The"} \`${key}\`${item}`;
}

function sentence(text: string): string {
  return text.endsWith(".") ? text : `${text}.`;
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Lower-cases a sentence's first word unless it is an acronym or a name in code (`MCP`, `` `x` ``). */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
