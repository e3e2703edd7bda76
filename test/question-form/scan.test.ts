import { expect } from "chai";
import { OWN } from "../../src/protocols/protocol.js";
import { createMessageReader, detectQuestionForm, readMessage } from "../../src/protocols/question-form/index.js";
import { PEER_FORMS } from "../fixtures/question-form/peer/forms.js";

const BODY = '{"questions": [{"id": "q", "label": "Q", "type": "text"}]}';
const kinds = (text: string) => readMessage(text).segments.map((segment) => segment.kind);
const codes = (text: string) => readMessage(text).warnings.map((issue) => issue.code);

describe("question-form: where a JSON string ends, in a body and in a card", () => {
  it("a stray quote in a body hides the closing tag to its line's end only (the block still closes)", () => {
    const text = `<question-form id="f">\n{"questions": [{"id": "a", "label": "6" screen"}]}\n</question-form>\nAfter.`;
    expect(kinds(text)).to.deep.equal(["error", "prose"]);
    expect(codes(text)).not.to.include("unterminated_form");
  });

  it(
    "a stray quote in an <od-card> payload hides tags to its line's end only " + "(the form after the card is live)",
    () => {
      const text =
        `<od-card>{"note": "a 6" wide" screen}\n</od-card>\n` + `<question-form id="live">${BODY}</question-form>`;
      const forms = readMessage(text).segments.filter((segment) => segment.kind === "form");
      expect(forms.map((form) => form.kind === "form" && form.id)).to.deep.equal(["live"]);
      expect(codes(text)).to.deep.equal([]);
    },
  );
});

describe("question-form: an element ended unclosed is read again from its probe, whatever the chunks", () => {
  const abandoned = `Use a <question-form> tag, like this: <question-form id="a">${BODY}</question-form> done`;

  it(
    "a body left for another open tag, and every open-design case (cards ended by fresh Markdown or by a " +
      "block), read in chunks of 1 to 5 characters, reads as the whole message",
    () => {
      expect(codes(abandoned)).to.deep.equal(["unclosed_open_tag"]);
      for (const message of [abandoned, ...PEER_FORMS.map((c) => c.message)]) {
        const whole = readMessage(message);
        for (const size of [1, 2, 3, 5]) {
          const reader = createMessageReader();
          for (let at = 0; at < message.length; at += size) reader.push(message.slice(at, at + size));
          reader.end();
          expect(reader.result(), `${JSON.stringify(message)} in ${size}-character chunks`).to.deep.equal(whole);
        }
      }
    },
  );
});

describe("question-form: detection", () => {
  it("claims chat text holding either tag name, the alias included", () => {
    expect(detectQuestionForm(`<question-form id="a">${BODY}</question-form>`)).to.equal(OWN);
    expect(detectQuestionForm(`Here:\n<ask-question id="a">${BODY}</ask-question>`)).to.equal(OWN);
    expect(detectQuestionForm("<ASK-QUESTION>")).to.equal(OWN);
    expect(detectQuestionForm("an <ask-questions> tag, or <question-formal>")).not.to.equal(OWN);
  });
});
