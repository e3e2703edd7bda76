import type { PermissionResult } from "@anthropic-ai/claude-agent-sdk";
import type { AskUserQuestionInput, AskUserQuestionOutput } from "@anthropic-ai/claude-agent-sdk/sdk-tools";
import { expect } from "chai";
import fc from "fast-check";
import { askUserQuestionProtocol as auq } from "../../src/protocols/ask-user-question/index.js";
import type {
  AskUserQuestionAnnotation,
  AskUserQuestionItem,
  AskUserQuestionOption,
} from "../../src/protocols/ask-user-question/index.js";
import { responseFor } from "../gateway/arbitraries.js";
import { askUserQuestionInput } from "./arbitraries.js";

/**
 * formgate's AskUserQuestion shapes against the Claude Agent SDK's own types (0.3.328; the SDK
 * ships no runtime validator, so its types and docs are the check): fixtures written against
 * `AskUserQuestionInput`, `AskUserQuestionOutput` and `PermissionResult` (type-checked by
 * `npm run typecheck`), formgate's wire types assignable both ways where the SDK's arrays are
 * not tuples, and formgate's output checked at run time for what the tuples say (1 to 4
 * questions, 2 to 4 options).
 */

type SdkQuestion = AskUserQuestionInput["questions"][number];
type SdkOption = SdkQuestion["options"][number];
type SdkAnnotation = NonNullable<AskUserQuestionOutput["annotations"]>[string];

// Compile-time: each formgate shape is the SDK's, and the SDK's is formgate's (fails `tsc` when either changes).
const optionBothWays: [AskUserQuestionOption, SdkOption] = [{} as SdkOption, {} as AskUserQuestionOption];
const annotationBothWays: [AskUserQuestionAnnotation, SdkAnnotation] = [
  {} as SdkAnnotation,
  {} as AskUserQuestionAnnotation,
];
const itemToSdk: Omit<SdkQuestion, "options"> = {} as Omit<AskUserQuestionItem, "options">;
const sdkToItem: Omit<AskUserQuestionItem, "options"> = {} as Omit<SdkQuestion, "options">;
void [optionBothWays, annotationBothWays, itemToSdk, sdkToItem];

const docsQuestions = [
  {
    question: "How should I format the output?",
    header: "Format",
    options: [
      { label: "Summary", description: "Brief overview of key points" },
      { label: "Detailed", description: "Full explanation with examples" },
    ],
    multiSelect: false,
  },
  {
    question: "Which sections should I include?",
    header: "Sections",
    options: [
      { label: "Introduction", description: "Opening context" },
      { label: "Conclusion", description: "Final summary" },
    ],
    multiSelect: true,
  },
] satisfies AskUserQuestionInput["questions"];

const docsInput = { questions: docsQuestions } satisfies AskUserQuestionInput;

const docsResult = {
  behavior: "allow",
  updatedInput: {
    questions: docsQuestions,
    answers: {
      "How should I format the output?": "Summary",
      "Which sections should I include?": "Introduction, Conclusion",
    },
  },
} satisfies PermissionResult;

const output = {
  questions: docsQuestions,
  answers: { "How should I format the output?": "Detailed" },
  annotations: {
    "How should I format the output?": { notes: "Keep it short" },
    "Which sections should I include?": { unanswered: "skipped" },
  },
} satisfies AskUserQuestionOutput;

const deny = {
  behavior: "deny",
  message: "The user declined to answer the questions.",
  interrupt: false,
} satisfies PermissionResult;

/** What the SDK's tuple types say of an input, checked at run time. */
function fitsSdkTuples(input: { questions: { options: unknown[] }[] }): boolean {
  return (
    input.questions.length >= 1 &&
    input.questions.length <= 4 &&
    input.questions.every((q) => q.options.length >= 2 && q.options.length <= 4)
  );
}

describe("ask-user-question: the Claude Agent SDK's types", () => {
  it("reads the SDK-typed fixtures: the docs' input, a canUseTool allow, the tool's output, a deny", () => {
    const form = auq.readForm(docsInput);
    if (!form.ok) return expect.fail(JSON.stringify(form.error));
    expect(auq.writeForm(form.value)).to.deep.include({ ok: true, value: docsInput });
    const allowed = auq.readAnswers(docsResult, form.value);
    expect(allowed.ok && allowed.value).to.deep.equal({
      action: "accept",
      answers: { format: "Summary", sections: ["Introduction", "Conclusion"] },
    });
    const fromOutput = auq.readAnswers(output, form.value);
    expect(fromOutput.ok && fromOutput.value).to.deep.equal({
      action: "accept",
      answers: { format: "Detailed" },
      notes: { format: "Keep it short" },
    });
    expect(auq.readAnswers(deny, form.value)).to.deep.equal({ ok: true, value: { action: "decline" }, warnings: [] });
  });

  it("writes what the SDK's types take: a PermissionResult whose updatedInput is an AskUserQuestionInput", () => {
    const form = auq.readForm(docsInput);
    if (!form.ok) return expect.fail(JSON.stringify(form.error));
    const written = auq.writeAnswers(
      { action: "accept", answers: { format: "Summary", sections: ["Introduction", "Conclusion"] } },
      form.value,
    );
    if (!written.ok) return expect.fail(JSON.stringify(written.error));
    const result: PermissionResult = written.value;
    expect(result).to.deep.equal(docsResult);
  });

  it(
    "formgate's output over random forms fits the SDK's tuples (1 to 4 questions of 2 to 4 options), answers " +
      "strings keyed by shown questions",
    () => {
      fc.assert(
        fc.property(
          askUserQuestionInput.chain((input) => {
            const form = auq.readForm(input);
            if (!form.ok) throw new Error(JSON.stringify(form.error));
            return (responseFor(form.value) ?? fc.constant(undefined)).map((response) => ({
              form: form.value,
              response,
            }));
          }),
          ({ form, response }) => {
            const written = auq.writeForm(form);
            if (!written.ok) throw new Error(JSON.stringify(written.error));
            expect(fitsSdkTuples(written.value)).to.equal(true);
            if (response === undefined) return;
            const answers = auq.writeAnswers(response, form);
            if (!answers.ok) {
              expect(answers.error.code).to.equal("unsupported_response");
              return;
            }
            if (answers.value.behavior === "deny") {
              expect(answers.value.message).to.be.a("string");
              return;
            }
            const shown = new Set(answers.value.updatedInput.questions.map((q) => q.question));
            for (const [text, answer] of Object.entries(answers.value.updatedInput.answers)) {
              expect(shown.has(text)).to.equal(true);
              expect(answer).to.be.a("string");
            }
          },
        ),
        { numRuns: 100 },
      );
    },
  );
});
