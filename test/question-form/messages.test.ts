import { expect } from "chai";
import fc from "fast-check";
import { readMessage } from "../../src/protocols/question-form/index.js";
import { BODY_KEYS } from "../../src/protocols/question-form/block/schema.js";

/** The body keys the reader knows, with values of every type: the wrong ones meet its checks. */
const KEYS = BODY_KEYS;
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
      "Question `a`: question 2 repeats this id, of question 1.",
    ]);
  });

  it("outside every question, a sentence naming nothing", () => {
    expect(said({ questions: [], title: 4 })).to.deep.equal([
      ["invalid_type", undefined, undefined, "The form's `title` must be a string."],
    ]);
  });
});
