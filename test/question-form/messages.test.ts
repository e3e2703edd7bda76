import { expect } from "chai";
import fc from "fast-check";
import type { FormModel } from "../../src/model/index.js";
import {
  formCompletion,
  questionFormProtocol,
  readAnswerMessage,
  readMessage,
} from "../../src/protocols/question-form/index.js";
import {
  CARD_RULES,
  FORM_RULES,
  OPTION_RULES,
  QUESTION_RULES,
} from "../../src/protocols/question-form/block/schema.js";

/** The body keys the reader knows, with values of every type: the wrong ones meet its checks. */
const KEYS = [
  ...new Set([FORM_RULES, QUESTION_RULES, CARD_RULES, OPTION_RULES].flatMap((rules) => Object.keys(rules))),
];
const value = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: "small" },
    fc.string({ maxLength: 3 }),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("any"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie("any"), { maxKeys: 6 }),
  ),
})).any;
const question = fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 8 });
const body = fc
  .record({ questions: fc.array(fc.oneof(question, value), { minLength: 1, maxLength: 3 }) }, { requiredKeys: [] })
  .chain((top) =>
    fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 3 }).map((extra) => ({ ...extra, ...top })),
  );

describe("question-form: what a person reads", () => {
  it("no problem is worded by the validator (`Invalid key: Expected …`): every message is formgate's", () => {
    fc.assert(
      fc.property(body, (json) => {
        const { segments } = readMessage(`<question-form id="f">${JSON.stringify(json)}</question-form>`);
        for (const segment of segments) {
          const issues = segment.kind === "form" ? segment.warnings : segment.kind === "error" ? segment.issues : [];
          for (const issue of issues)
            expect(issue.message, JSON.stringify(json)).not.to.match(
              /Invalid (key|type|length)|Expected .*received|but received/,
            );
        }
      }),
      { numRuns: 1500 },
    );
  });
});

describe("question-form: each issue in a question names it (issue 21)", () => {
  const issues = (body: unknown) =>
    readMessage(`<question-form id="f">${JSON.stringify(body)}</question-form>`).segments.flatMap((segment) =>
      segment.kind === "form" ? segment.warnings : segment.kind === "error" ? segment.issues : [],
    );
  const said = (body: unknown) => issues(body).map((i) => [i.code, i.question, i.option, i.message]);

  it("by its id and its option's value, as fields and first in the message", () => {
    expect(said({ questions: [{ id: "size", label: "Size", type: "radio", options: ["S", " M "] }] })).to.deep.equal([
      ["trimmed_option", "size", "M", "Question `size`, option `M`: it is read without its surrounding spaces."],
    ]);
    expect(said({ questions: [{ id: "a", label: "A", required: "yes" }] })).to.deep.equal([
      ["invalid_type", "a", undefined, "Question `a`: `required` must be true or false."],
    ]);
  });

  it("by the id it is read with when its author gave none, and by its number when it has no usable id", () => {
    expect(said({ questions: [{ label: "A" }] })[0]?.slice(0, 3)).to.deep.equal([
      "missing_question_id",
      "q1",
      undefined,
    ]);
    expect(said({ questions: [{ id: 5, label: "A" }] })).to.deep.equal([
      ["invalid_type", undefined, undefined, "Question 1: `id` must be a string."],
    ]);
    expect(
      said({
        questions: [
          { id: "a", label: "A" },
          { id: "a", label: "B" },
        ],
      }),
    ).to.deep.include([
      "duplicate_question_id",
      "a",
      undefined,
      "Question `a`: the id of question 1 is repeated by question 2.",
    ]);
  });

  it("a key written twice names the question it is in, with its path, and none outside every question", () => {
    // JSON.stringify cannot repeat a key: these bodies are written out.
    const read = (json: string) =>
      readMessage(`<question-form id="f">${json}</question-form>`).segments.flatMap((segment) =>
        segment.kind === "form" ? segment.warnings.filter((issue) => issue.code === "duplicate_key") : [],
      );
    const twice = (json: string) => read(json).map((i) => [i.path, i.question, i.message, i.line, i.column]);
    expect(twice('{"questions": [{"id": "a", "label": "A"}, {"id": "b", "label": "B", "label": "B2"}]}')).to.deep.equal(
      [
        [
          ["questions", 1, "label"],
          "b",
          "Question `b`: the key `label` appears twice in one object, so the last one is read.",
          1,
          91,
        ],
      ],
    );
    expect(
      twice('{"questions": [{"id": "c", "type": "radio", "label": "C", "options": [{"value": "x", "value": "y"}]}]}'),
    ).to.deep.equal([
      [
        ["questions", 0, "options", 0, "value"],
        "c",
        "Question `c`: the key `value` appears twice in one object, so the last one is read.",
        1,
        108,
      ],
    ]);
    expect(twice('{"title": "T", "title": "U", "questions": [{"id": "d", "label": "D"}]}')).to.deep.equal([
      [["title"], undefined, "The key `title` appears twice in one object, so the last one is read.", 1, 38],
    ]);
  });

  it("an option is said at the item it was written at, when an earlier one was skipped", () => {
    const placed = (body: unknown) => issues(body).map((i) => [i.code, i.path.join("."), i.option]);
    const radio = { id: "a", label: "A", type: "radio" };
    expect(
      placed({ questions: [{ ...radio, options: ["", "x\u200by", { label: "L\u202e", value: "v" }] }] }),
    ).to.deep.equal([
      ["empty_option", "questions.0.options.0", undefined],
      ["invisible_characters", "questions.0.options.1", "x\u200by"],
      ["invisible_characters", "questions.0.options.2.label", "v"],
    ]);
    expect(
      placed({ questions: [{ ...radio, options: ["p", "p", { label: "Q", value: "q", description: "d\u200b" }] }] }),
    ).to.deep.equal([
      ["duplicate_option", "questions.0.options.1", "p"],
      ["invisible_characters", "questions.0.options.2.description", "q"],
    ]);
    const cards = [{ label: "no id" }, { id: "c", label: "C" }, { id: "c", label: "C", mood: "m\u200b" }];
    expect(placed({ questions: [{ id: "t", label: "T", type: "direction-cards", cards }] })).to.deep.equal([
      ["duplicate_option", "questions.0.cards.2", "c"],
      ["skipped_card", "questions.0.cards.0", undefined],
    ]);
  });

  it("outside every question, a sentence naming nothing", () => {
    expect(said({ questions: [], title: 4 })).to.deep.equal([
      ["invalid_type", undefined, undefined, "The form's `title` must be a string."],
    ]);
  });
});

describe("question-form answers: each issue a sentence naming its question where it is made (issue 29)", () => {
  const form: FormModel = {
    id: "f",
    fields: [
      { kind: "text", id: "name", label: "Name", required: true },
      { kind: "number", id: "age", label: "Age", required: false, integer: false, maximum: 130 },
      { kind: "text", id: "note", label: "Note", required: false },
    ],
  };
  const said = (issues: { code: string; question?: string; message: string; line?: number }[]) =>
    issues.map(({ code, question, message, line }) => [code, question, message, line]);
  const twice = "[form answers — f]\n- Name: Ada\n- Name: Grace";
  const repeated = "Question `name`: it is answered again (first on line 2), so which answer was meant is not known.";

  it("readAnswerMessage and formCompletion say them as readAnswers does, line and all", () => {
    expect(said(readAnswerMessage(twice, form).issues)).to.deep.equal([["repeated_answer", "name", repeated, 3]]);
    expect(said(formCompletion(form, twice).issues)).to.deep.equal([["repeated_answer", "name", repeated, 3]]);
    const read = questionFormProtocol.readAnswers(twice, form);
    expect(read.ok ? [] : said(read.error.issues)).to.deep.equal([["repeated_answer", "name", repeated, 3]]);
  });

  it("the form's answer rules, and the writer's losses, are said of the question they are about", () => {
    const read = questionFormProtocol.readAnswers("[form answers — f]\n- Age: 200", form);
    expect(read.ok ? [] : said(read.error.issues)).to.deep.equal([
      ["missing_answer", "name", "Question `name`: it is required but was not answered.", undefined],
      ["too_big", "age", "Question `age`: the answer must be at most 130, not 200.", undefined],
    ]);
    const written = questionFormProtocol.writeAnswers({ action: "accept", answers: { name: "Ada", note: "" } }, form);
    expect(written.ok && said(written.warnings)).to.deep.equal([
      [
        "approximated",
        "note",
        "Question `note`: an empty answer is written as (skipped) and reads back as unanswered.",
        undefined,
      ],
    ]);
  });
});
