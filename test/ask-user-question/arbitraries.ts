import fc from "fast-check";
import type { AskUserQuestionForm } from "../../src/protocols/ask-user-question/index.js";

/**
 * Random AskUserQuestion tool inputs the reader accepts: 1 to 4 questions of 2 to 4 options, labels that need quoting
 * among them.
 */

const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,10}[A-Za-z0-9]$/);
const text = fc.oneof(word, fc.constantFrom("Email, SMS", 'Say "hi"', "Café ✨", "Which one?", "Mobile (iOS)"));
const option = fc.record(
  { label: text, description: fc.oneof(fc.constant(""), word), preview: word },
  { requiredKeys: ["label", "description"] },
);
const question = fc
  .record({
    question: text,
    header: fc.oneof(word, fc.constantFrom("", "Auth method", "A header wider than its chip")),
    options: fc.uniqueArray(option, { minLength: 2, maxLength: 4, selector: (o) => o.label }),
    multiSelect: fc.option(fc.boolean(), { nil: undefined }),
  })
  .map(({ multiSelect, ...rest }) => (multiSelect === undefined ? rest : { ...rest, multiSelect }));

export const askUserQuestionInput: fc.Arbitrary<AskUserQuestionForm> = fc
  .record(
    {
      questions: fc.uniqueArray(question, { minLength: 1, maxLength: 4, selector: (q) => q.question }),
      metadata: fc.record({ source: word }),
    },
    { requiredKeys: ["questions"] },
  )
  .map((input) => input as AskUserQuestionForm);
