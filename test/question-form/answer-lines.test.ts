/**
 * The running indices of `AnswerLines` (answer-lines.ts): each line is classified once, and any run of lines then says
 * in constant time where its text ends and whether formgate indented it. Held here to the plain definitions they
 * replace, which sliced the lines and scanned them again.
 */
import { expect } from "chai";
import fc from "fast-check";
import { AnswerLines } from "../../src/protocols/question-form/answer-lines.js";

/** The lines after `entry`, up to `end`, without trailing blank ones (the definition). */
function laterLines(lines: string[], entry: number, end: number): string[] {
  const more = lines.slice(entry + 1, end);
  while (more.length > 0 && (more.at(-1) as string).trim() === "") more.pop();
  return more;
}

const line = fc.constantFrom(
  "",
  " ",
  "  ",
  "   x",
  "\t",
  "- Name: a",
  "* b:",
  "- c",
  "text",
  "  more",
  "[x]",
  "[form answers — f]",
);

describe("question-form answers: a message's lines, classified once", () => {
  it("says where a run's text ends and whether formgate indented it, as slicing and scanning the run would", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (text) => {
        const lines = new AnswerLines(text);
        for (let entry = -1; entry < text.length; entry++)
          for (let end = entry + 1; end <= text.length; end++) {
            const more = laterLines(text, entry, end);
            const to = lines.laterEnd(entry, end);
            expect(to - entry - 1, `${entry}..${end}`).to.equal(more.length);
            expect(lines.writtenIndented(entry + 1, to)).to.equal(
              more.length > 0 && more.every((one) => one === "" || one.startsWith("  ")),
            );
          }
      }),
    );
  });

  it("classifies a bullet once: what follows it, and whether it is shaped as an entry", () => {
    const lines = new AnswerLines(["[form answers — f]", "- Name: Ann", "* 10:30 call", "  - Name: b", "", "[note]"]);
    expect(lines.kinds.map((one) => one.kind)).to.deep.equal([
      "header",
      "bullet",
      "bullet",
      "indented",
      "blank",
      "appendix",
    ]);
    expect(lines.kinds[1]).to.deep.include({ bullet: "-", after: "Name: Ann", shaped: true });
    expect(lines.kinds[2]).to.deep.include({ bullet: "*", after: "10:30 call", shaped: false });
    expect(lines.first).to.equal(0);
  });
});
