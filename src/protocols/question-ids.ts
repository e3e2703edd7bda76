import {
  type FormModel,
  type QuestionLocator,
  answerQuestionAt,
  inWords,
  modelQuestionAt,
  nameQuestions,
} from "../model/index.js";
import type { Protocol } from "./protocol.js";

/**
 * A protocol whose every issue names its question in words (src/model/issue-words.ts): forms
 * read are located by the protocol's `questionAt` on the wire form, forms written by the model
 * form's fields, answers by the question ids of the form they answer. Each protocol's `index.ts`
 * wraps its `Protocol` in this once, so the gateway, the bridge, the CLI and the server all get
 * the same words.
 */
export function withQuestionIds<W, A, O extends object = object>(protocol: Protocol<W, A, O>): Protocol<W, A, O> {
  const { questionAt, summarize } = protocol;
  const outside = () => undefined;
  return {
    ...protocol,
    ...(summarize !== undefined && {
      summarize: (text: string) => {
        const summary = summarize(text);
        return { ...summary, problems: summary.problems.map((issue) => inWords(issue, outside)) };
      },
    }),
    readForm: (input, options) => nameQuestions(protocol.readForm(input, options), (path) => questionAt?.(input, path)),
    writeForm: (form, options) => nameQuestions(protocol.writeForm(form, options), modelQuestionAt(form)),
    readAnswers: (input, form, options) =>
      nameQuestions(protocol.readAnswers(input, form, options), answersOrFields(form)),
    writeAnswers: (response, form, options) =>
      nameQuestions(protocol.writeAnswers(response, form, options), answersOrFields(form)),
  };
}

/** Answers' issues are at their answers' paths, or at the form's fields for a form the target cannot ask. */
function answersOrFields(form: FormModel): QuestionLocator {
  const answers = answerQuestionAt(form);
  const fields = modelQuestionAt(form);
  return (path) => answers(path) ?? fields(path);
}
