import { expect } from "chai";
import fc from "fast-check";
import type { Field } from "../../src/model/index.js";
import { type PartialFormEvent, createMessageReader, readMessage } from "../../src/protocols/question-form/index.js";
import { PEER_STREAMING, STREAMING_SOURCE } from "../fixtures/question-form/peer/streaming.js";

const shown = (field: Field): string =>
  `${field.id}: ${field.label ?? ""}` +
  (field.kind === "choice" && field.options.length > 0 ? ` [${field.options.map((o) => o.label).join(", ")}]` : "");

/** The previews a partial reader yields for `chunks`. */
function previews(chunks: string[]): PartialFormEvent[] {
  const reader = createMessageReader({ partial: true });
  return chunks
    .flatMap((chunk) => reader.push(chunk))
    .filter((event): event is PartialFormEvent => event.kind === "partial");
}

describe("question-form: streaming previews", () => {
  describe(`open-design's cases — ${STREAMING_SOURCE}`, () => {
    for (const c of PEER_STREAMING) {
      it(c.name, () => {
        const last = previews([c.buffer]).at(-1);
        if (last === undefined) throw new Error("no preview");
        expect(last.id).to.equal(c.id);
        expect(last.title).to.equal(c.title);
        expect(last.submitLabel).to.equal(c.submitLabel);
        expect([...last.fields, ...(last.arriving === undefined ? [] : [last.arriving])].map(shown)).to.deep.equal(
          c.questions,
        );
        expect(last.arriving !== undefined, "the last question is still arriving").to.equal(c.arriving === true);
        if (c.completed !== undefined) {
          const form = readMessage(c.completed).segments.find((s) => s.kind === "form");
          expect(form?.kind === "form" && form.id).to.equal(last.id);
          expect(form?.kind === "form" && form.form.fields.map((f) => f.id)).to.deep.equal(
            last.fields.map((f) => f.id),
          );
        }
      });
    }
  });

  describe("apps/web/tests/components/AssistantMessage.test.tsx", () => {
    it("shows an inline loading frame while a form is streaming", () => {
      const views = previews(['One quick check:\n<question-form id="discovery" title="Quick brief">\n{"questions":[']);
      expect(views.map((v) => [v.id, v.title, v.fields.length])).to.deep.equal([["discovery", "Quick brief", 0]]);
    });

    it("renders a prose-bodied open tag as text instead of a loading frame", () => {
      const text = "策略判断信息充足，将直接进入生产。\n\n<question-form> 无需提出——所有决策都可通过场景推断安全默认。";
      const reader = createMessageReader({ partial: true });
      const events = [...reader.push(text), ...reader.end()];
      expect(events.filter((e) => e.kind === "partial")).to.deep.equal([]);
      expect(events.map((e) => (e.kind === "prose" ? e.text : "")).join("")).to.equal(text);
    });
  });

  it("shows a question still arriving without the default it may not have finished", () => {
    const last = previews([
      '<question-form id="f">{"questions":[{"id":"a","label":"A","type":"radio","options":["x","y"],"defaultValue":"y"',
    ]).at(-1);
    expect(last?.arriving?.kind === "choice" && last.arriving.default).to.equal(undefined);
    expect(last?.arriving?.kind === "choice" && last.arriving.options.map((o) => o.value)).to.deep.equal(["x", "y"]);
  });

  it("shows a number of the question still arriving once a character after it has arrived", () => {
    const head = '<question-form id="f">{"questions":[{"id":"n","label":"N","type":"number","max":1';
    const cut = previews([head]).at(-1)?.arriving;
    expect(cut?.kind === "number" && cut.maximum, "1 may be the start of 10").to.equal(undefined);
    const whole = previews([`${head}0,`]).at(-1)?.arriving;
    expect(whole?.kind === "number" && whole.maximum).to.equal(10);
  });

  it("does not show a question still arriving whose JSON already breaks the grammar", () => {
    const views = previews(['<question-form id="f">{"questions":[{"id":"a","label":"A","required":tru,"type":"text"']);
    expect(views.map((view) => view.arriving)).to.deep.equal([undefined]);
  });

  it(
    "the id changes at most once, from the fallback to the body's, and every preview's complete questions are the " +
      "final form's first ones",
    () => {
      const message =
        'Intro <question-form>{"title":"T","id":"brief","questions":[' +
        '{"id":"a","label":"A","type":"checkbox","options":["x","y, z"]},{"label":"B"},' +
        '{"id":"c","label":"C","type":"number","min":1}]}</question-form> end';
      const final = readMessage(message).segments.find((s) => s.kind === "form");
      if (final?.kind !== "form") throw new Error("no form");
      fc.assert(
        fc.property(fc.array(fc.nat({ max: message.length }), { maxLength: 30 }), (cuts) => {
          const points = [...new Set(cuts)].sort((a, b) => a - b);
          const chunks = [...points, message.length].map((to, i, all) =>
            message.slice(i === 0 ? 0 : (all[i - 1] as number), to),
          );
          const views = previews(chunks);
          const ids = views.map((v) => v.id).filter((id, i, all) => id !== all[i - 1]);
          // The first view opens with the fallback; the body's id replaces it once its string is whole.
          expect(ids).to.deep.equal(["discovery", "brief"]);
          for (const view of views) expect(view.fields).to.deep.equal(final.form.fields.slice(0, view.fields.length));
        }),
        { numRuns: 100 },
      );
    },
  );
});
