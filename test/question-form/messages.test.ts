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
