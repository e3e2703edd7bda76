import { type FormModel, type Issue, type PathSegment, type Result, summarize } from "../model/index.js";
import type { Protocol } from "./protocol.js";
import { type About, aboutFirst, sentence } from "./report/words.js";

/**
 * The way issues were named before `Report` (src/protocols/report/), kept for `<question-form>`'s
 * answers alone (its block reader and form writer report into one): their issues are located
 * afterwards, by the question ids of the form answered (or its fields), and said in words by the
 * one wording rule.
 */
export function withQuestionIds<W, A, O extends object = object>(protocol: Protocol<W, A, O>): Protocol<W, A, O> {
  return {
    ...protocol,
    readAnswers: (input, form, options) =>
      nameQuestions(protocol.readAnswers(input, form, options), answersOrFields(form)),
    writeAnswers: (response, form, options) =>
      nameQuestions(protocol.writeAnswers(response, form, options), answersOrFields(form)),
  };
}

/** Finds the question a path is in, or undefined for a path outside every question. */
type QuestionLocator = (path: PathSegment[]) => About | undefined;

/** The question of a model path: `fields[i]` (and `options[j]`, by value or URI). */
function modelQuestionAt(form: FormModel): QuestionLocator {
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

/** Keys an answer path starts with before the question's id (`content.name`, `answers.name`). */
const ANSWER_ENVELOPE = new Set<PathSegment>(["result", "content", "answers"]);

/** Answers' issues are at their answers' paths (the first key below the envelope), or at the form's fields. */
function answersOrFields(form: FormModel): QuestionLocator {
  const fields = modelQuestionAt(form);
  return (path) => {
    let at = 0;
    while (at < path.length && ANSWER_ENVELOPE.has(path[at] as PathSegment)) at++;
    const id = path[at];
    if (typeof id === "string" && form.fields.some((field) => field.id === id)) return { question: id };
    return fields(path);
  };
}

/** Every issue of a result said in words, each naming the question `locate` finds for it. */
function nameQuestions<T>(result: Result<T>, locate: QuestionLocator): Result<T> {
  if (result.ok) return { ...result, warnings: result.warnings.map((issue) => named(issue, locate)) };
  const { error } = result;
  const issues = error.issues.map((issue) => named(issue, locate));
  const summary = error.message === summarize(error.issues) ? summarize(issues) : sentence(error.message);
  return { ok: false, error: { ...error, message: summary, issues } };
}

/** One issue with its question (and option), its message led by them. */
function named(issue: Issue, locate: QuestionLocator): Issue {
  const about =
    issue.question === undefined
      ? locate(issue.path)
      : { question: issue.question, ...(issue.option !== undefined && { option: issue.option }) };
  const out: Issue = { ...issue, message: aboutFirst(sentence(issue.message), about) };
  if (about?.question !== undefined) out.question = about.question;
  if (about?.option !== undefined) out.option = about.option;
  return out;
}
