import { expect } from "chai";
import fc from "fast-check";
import { joinAnswer, splitAnswer } from "../../src/protocols/ask-user-question/answer-text.js";

/**
 * The multi-select answer text (docs/ask-user-question.md, "Reading a multi-select answer"): Claude Code's quoted ", "
 * join, read back.
 */

const labels = (answer: ReturnType<typeof splitAnswer>) =>
  answer.ok ? answer.parts.map((part) => ("label" in part ? part.label : `typed:${part.typed}`)) : "ambiguous";

describe("ask-user-question: multi-select answer text", () => {
  it('joins labels with ", ", JSON-quoting a label that holds ", " or a quote, as Claude Code does', () => {
    expect(joinAnswer(["Email", "Email, SMS", 'Say "hi"'])).to.equal('Email, "Email, SMS", "Say \\"hi\\""');
  });

  it("the ambiguity cases: unquoted labels that read two ways are refused; quoting or other labels settle them", () => {
    const offered = ["Email", "SMS", "Email, SMS"];
    expect(labels(splitAnswer("Email, SMS", offered, true))).to.equal("ambiguous");
    expect(labels(splitAnswer("Email, SMS", offered, false))).to.equal("ambiguous");
    expect(labels(splitAnswer('"Email, SMS"', offered, true))).to.deep.equal(["Email, SMS"]);
    expect(labels(splitAnswer('Email, "SMS"', offered, true))).to.deep.equal(["Email", "SMS"]);
    // Without the joined label offered, the same text is two labels.
    expect(labels(splitAnswer("Email, SMS", ["Email", "SMS"], true))).to.deep.equal(["Email", "SMS"]);
    // An unquoted label holding ", " that reads one way only is read whole.
    expect(labels(splitAnswer("Email, SMS", ["Email, SMS", "Post"], true))).to.deep.equal(["Email, SMS"]);
  });

  it("the typed answer is what no label covers, labels taken from its ends; two places for it are ambiguous", () => {
    const offered = ["Email", "SMS"];
    expect(labels(splitAnswer("Email, call me", offered, true))).to.deep.equal(["Email", "typed:call me"]);
    expect(labels(splitAnswer("call me, SMS", offered, true))).to.deep.equal(["typed:call me", "SMS"]);
    expect(labels(splitAnswer("Email, a pager, a fax, SMS", offered, true))).to.deep.equal([
      "Email",
      "typed:a pager, a fax",
      "SMS",
    ]);
    expect(labels(splitAnswer("pager, Email, fax", offered, true))).to.deep.equal(["typed:pager, Email, fax"]);
    expect(labels(splitAnswer('Email, "a, b"', offered, true))).to.deep.equal(["Email", "typed:a, b"]);
    // Without typed answers, text that is no label is handed on whole (the answer check names it).
    expect(labels(splitAnswer("Email, call me", offered, false))).to.deep.equal(["typed:Email, call me"]);
    // "x, Email, y" reads as the label "x, Email" and a typed y, or a typed x and the label "Email, y".
    expect(labels(splitAnswer("x, Email, y", ["Email", "x, Email", "Email, y"], true))).to.equal("ambiguous");
  });

  it('a quote that does not close a JSON string, or is followed by more than ", ", is plain text', () => {
    expect(labels(splitAnswer('"Email, SMS', ["Email", "SMS"], true))).to.deep.equal(['typed:"Email', "SMS"]);
    expect(labels(splitAnswer('"Email"x, SMS', ["Email", "SMS"], true))).to.deep.equal(['typed:"Email"x', "SMS"]);
  });

  it(
    "joining distinct labels reads back as exactly those labels, whatever they hold (quoted where they must " + "be)",
    () => {
      const label = fc.oneof(
        fc.constantFrom("Email", "SMS", "Email, SMS", 'Say "hi"', ", ", '"', "a, b, c", "\\"),
        fc.string({ minLength: 1, maxLength: 6 }),
      );
      fc.assert(
        fc.property(fc.uniqueArray(label, { minLength: 2, maxLength: 4 }), fc.integer({ min: 1 }), (offered, seed) => {
          const chosen = offered.filter((_, i) => (seed >> i) & 1);
          fc.pre(chosen.length > 0);
          const split = splitAnswer(joinAnswer(chosen), offered, false);
          // Quoted labels read one way; unquoted ones holding no ", " cannot be split otherwise.
          expect(labels(split)).to.deep.equal(chosen);
        }),
        { numRuns: 300 },
      );
    },
  );

  it(
    "a long answer is read without backtracking: 5,001 pieces, one typed x that could sit anywhere, is " + "ambiguous",
    () => {
      const pieces = (n: number) => Array.from({ length: n }, () => "x").join(", ");
      expect(splitAnswer(pieces(5001), ["x, x", "y"], true).ok).to.equal(false);
      expect(labels(splitAnswer(pieces(5000), ["x, x", "y"], true))).to.have.length(2500);
    },
  );
});
