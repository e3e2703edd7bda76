/**
 * formgate/react's message reading without a browser: the segments of a message read call after
 * call as it grows are those of the prefix read afresh, and, once whole, those `readMessage` reads;
 * the next user message marks the form it answers or dismisses.
 */
import { expect } from "chai";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { readMessage, writeDismissal } from "../../src/index.js";
import { questionFormProtocol } from "../../src/protocols/question-form/index.js";
import { type MessageSegment, MessageSegments, withReply } from "../../src/react/message-segments.js";

const discovery = readFileSync("examples/discovery.assistant.md", "utf8");
const everyControl = readFileSync("examples/every-control.assistant.md", "utf8");
const broken =
  'Then <question-form id="b">{"questions":[{"id":"x","label":"X","type":"text"}, ' +
  '<question-form id="c">{"questions":[{"id":"y","label":"Y","type":"text"}]}</question-form> and ' +
  '<question-form id="d">{"questions":[{"id":"y","type":"nope"}]}</question-form> end';

/** What a whole message is, by `readMessage`: prose joined, forms ready, broken blocks invalid. */
function wholeSegments(text: string): MessageSegment[] {
  const segments: MessageSegment[] = [];
  for (const segment of readMessage(text).segments) {
    const last = segments[segments.length - 1];
    if (segment.kind === "prose") {
      if (last?.kind === "text") segments[segments.length - 1] = { kind: "text", text: last.text + segment.source };
      else segments.push({ kind: "text", text: segment.source });
    } else if (segment.kind === "form")
      segments.push({ kind: "form", id: segment.id, state: "ready", form: segment.form, issues: segment.warnings });
    else segments.push({ kind: "form", id: segment.id ?? "discovery", state: "invalid", issues: segment.issues });
  }
  return segments;
}

/** The text of every text segment, and each form as its id and state: what a page shows of the message. */
const shape = (segments: MessageSegment[]) =>
  segments.map((segment) => (segment.kind === "text" ? segment.text : `${segment.id}:${segment.state}`));

describe("formgate/react: a message's segments, read as it grows", () => {
  for (const [name, text] of [
    ["discovery.assistant.md", discovery],
    ["every-control.assistant.md", everyControl],
    ["two blocks, one abandoned, one broken", broken],
  ] as const) {
    it(`${name}: at its end, streaming or not, what readMessage reads, however the text was cut`, () => {
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 200 }), (steps) => {
          const reader = new MessageSegments();
          let at = 0;
          for (const step of steps) {
            at = Math.min(text.length, at + step);
            reader.read(text.slice(0, at), true);
          }
          // Every block is closed and the text ends in prose: the incremental segments are already whole.
          expect(reader.read(text, true)).to.deep.equal(wholeSegments(text));
          expect(reader.read(text, false)).to.deep.equal(wholeSegments(text));
        }),
        { numRuns: 40 },
      );
    });
  }

  it("while streaming, the prose so far is the message's prose up to there, a form arriving streaming", () => {
    const reader = new MessageSegments();
    const open = discovery.indexOf('"tone"');
    const segments = reader.read(discovery.slice(0, open), true);
    expect(shape(segments)).to.deep.equal([
      discovery.slice(0, discovery.indexOf("<question-form")),
      "discovery:streaming",
    ]);
    const form = segments[1];
    expect(form?.kind === "form" && form.partial?.fields.map((field) => field.id)).to.deep.equal(["audience"]);
  });

  it("returns the same array while nothing new was read, a new one when something was", () => {
    const reader = new MessageSegments();
    const first = reader.read("Hello", true);
    expect(reader.read("Hello", true)).to.equal(first);
    expect(reader.read("Hello there", true)).to.not.equal(first);
  });

  it("with streaming false, a block still open is prose, and the same text streaming again is read afresh", () => {
    const cut = discovery.slice(0, discovery.indexOf("</question-form>"));
    const reader = new MessageSegments();
    expect(shape(reader.read(cut, true))).to.deep.equal([
      discovery.slice(0, discovery.indexOf("<question-form")),
      "discovery:streaming",
    ]);
    expect(shape(reader.read(cut, false))).to.deep.equal([cut]);
    expect(shape(reader.read(discovery, true))).to.deep.equal(shape(wholeSegments(discovery)));
  });

  it("a text that does not extend the last is read from its start", () => {
    const reader = new MessageSegments();
    reader.read(discovery, true);
    expect(shape(reader.read("Something else entirely", true))).to.deep.equal(["Something else entirely"]);
  });
});

describe("formgate/react: the forms the next user message answers", () => {
  const segments = new MessageSegments().read(discovery, false);
  const form = readMessage(discovery).segments.find((segment) => segment.kind === "form");
  if (form?.kind !== "form") throw new Error("the example has a form");

  it("an answer message marks its form answered, with the answers it sent", () => {
    const written = questionFormProtocol.writeAnswers(
      { action: "accept", answers: { audience: ["VC"], tone: "calm" } },
      form.form,
    );
    expect(written.ok).to.equal(true);
    const marked = withReply(segments, written.ok ? written.value : "");
    const answered = marked.find((segment) => segment.kind === "form");
    expect(answered).to.include({ state: "answered" });
    expect(answered?.kind === "form" && answered.response).to.deep.equal({
      action: "accept",
      answers: { audience: ["VC"], tone: "calm" },
    });
  });

  for (const action of ["decline", "cancel"] as const) {
    it(`a dismissal notice (${action}) marks its form answered with a ${action}`, () => {
      const marked = withReply(segments, writeDismissal(action, form.form));
      expect(marked.find((segment) => segment.kind === "form")).to.deep.include({
        state: "answered",
        response: { action },
      });
    });
  }

  it("a reply about another form, or any other message, leaves the segments as they are", () => {
    for (const reply of [
      "Thanks, go on.",
      "[form answers — other]\n- Tone: Calm",
      writeDismissal("decline", { ...form.form, id: "other" }),
    ])
      expect(withReply(segments, reply)).to.equal(segments);
  });
});
