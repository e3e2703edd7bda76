import { readFileSync, readdirSync } from "node:fs";
import { expect } from "chai";
import fc from "fast-check";
import {
  createMessageReader,
  readMessage,
  summarizeMessage,
  type ReaderEvent,
} from "../../src/protocols/question-form/index.js";
import { goldenView } from "./golden.js";

const dir = new URL("../fixtures/question-form/", import.meta.url);
const fixtures = readdirSync(dir)
  .filter((name) => name.endsWith(".json"))
  .map((name) => ({
    name,
    ...(JSON.parse(readFileSync(new URL(name, dir), "utf8")) as { message: string; expected: unknown }),
  }));

/** Feeds `text` cut at `cuts` (as strings or as UTF-8 bytes) and returns the reader's result. */
function readInChunks(text: string, cuts: number[], bytes: boolean) {
  const reader = createMessageReader({ partial: true });
  const events: ReaderEvent[] = [];
  const input = bytes ? new TextEncoder().encode(text) : text;
  const points = [...new Set(cuts.map((c) => c % (input.length + 1)))].sort((a, b) => a - b);
  let from = 0;
  for (const point of [...points, input.length]) {
    events.push(...reader.push(input.slice(from, point)));
    from = point;
  }
  events.push(...reader.end());
  return { result: reader.result(), events };
}

describe("question-form: assistant message fixtures", () => {
  for (const fixture of fixtures) {
    describe(fixture.name, () => {
      it("reads the golden segments, models and issues", () => {
        expect(goldenView(readMessage(fixture.message))).to.deep.equal(fixture.expected);
      });

      it("loses nothing: the segments' sources concatenate to the message", () => {
        expect(
          readMessage(fixture.message)
            .segments.map((s) => s.source)
            .join(""),
        ).to.equal(fixture.message);
      });

      it("reads the same under any chunking, as text or UTF-8 bytes", () => {
        const whole = readMessage(fixture.message);
        fc.assert(
          fc.property(fc.array(fc.nat(), { maxLength: 40 }), fc.boolean(), (cuts, bytes) => {
            const { result, events } = readInChunks(fixture.message, cuts, bytes);
            expect(result).to.deep.equal(whole);
            // Streamed prose and blocks, in order, are the message again.
            const streamed = events
              .map((e) =>
                e.kind === "prose" ? e.text : e.kind === "form" || e.kind === "error" ? e.segment.source : "",
              )
              .join("");
            expect(streamed).to.equal(fixture.message);
          }),
          { numRuns: 60 },
        );
      });

      it("reads the same when the result is asked for after every chunk", () => {
        const whole = readMessage(fixture.message);
        fc.assert(
          fc.property(fc.array(fc.nat(), { maxLength: 40 }), (cuts) => {
            const reader = createMessageReader();
            const points = [...new Set(cuts.map((c) => c % (fixture.message.length + 1)))].sort((a, b) => a - b);
            let from = 0;
            let sofar = reader.result();
            for (const point of [...points, fixture.message.length]) {
              reader.push(fixture.message.slice(from, point));
              from = point;
              sofar = reader.result();
              // What was read so far is the message so far, minus what is held back (a possible tag).
              expect(fixture.message.startsWith(sofar.segments.map((s) => s.source).join(""))).to.equal(true);
            }
            reader.end();
            expect(reader.result()).to.deep.equal(whole);
            expect(sofar.segments.length).to.be.at.most(whole.segments.length);
          }),
          { numRuns: 40 },
        );
      });

      it("every problem in the summary has a line and a column", () => {
        for (const issue of summarizeMessage(fixture.message).problems) {
          expect(issue.line, issue.message).to.be.a("number");
          expect(issue.column, issue.message).to.be.a("number");
        }
      });
    });
  }

  it("streams prose before the message ends and a form as soon as it closes", () => {
    const reader = createMessageReader({ partial: true });
    const first = reader.push(
      'Hello there. <question-form id="f" title="T">{"questions": [{"id": "a", "type": "text", "label": "A"},',
    );
    expect(first[0]).to.deep.include({ kind: "prose", text: "Hello there. " });
    const partials = first.filter((e) => e.kind === "partial");
    expect(
      partials.map((p) => (p.kind === "partial" ? [p.id, p.title, p.fields.map((f) => f.id)] : null)),
    ).to.deep.equal([
      ["f", "T", []],
      ["f", "T", ["a"]],
    ]);
    const second = reader.push(' {"id": "b", "type": "text"}]}</question-form> bye');
    expect(second.map((e) => e.kind)).to.deep.equal(["partial", "form", "prose"]);
  });

  it("keeps a form whose label contains the closing tag, unlike a naive scan", () => {
    const message =
      '<question-form id="x">{"questions": [{"id": "a", "label": "</question-form>", "type": "text"}]}</question-form>';
    const [segment] = readMessage(message).segments;
    expect(segment?.kind).to.equal("form");
  });

  // No clock here (speed is the bench's): a scan that rescans from each `<` or backtick is quadratic, and over
  // these 1.2 million characters it would not end within the test's timeout; a linear one takes a tenth of a second.
  it("reads a long hostile message of unclosed tags, backticks and quotes as prose, with one warning", () => {
    const hostile = "<question-form ".repeat(32_000) + "`".repeat(80_000) + '"<'.repeat(320_000);
    const { segments, warnings } = readMessage(hostile);
    expect(segments.map((segment) => [segment.kind, segment.source])).to.deep.equal([["prose", hostile]]);
    expect(warnings.map(({ code, line, column }) => ({ code, line, column }))).to.deep.equal([
      { code: "unterminated_form", line: 1, column: 1 },
    ]);
  });
});
