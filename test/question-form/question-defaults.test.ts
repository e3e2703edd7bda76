/**
 * A question's number keys and its default, by kind (block/question.ts's KINDS): the cases no
 * test of the mutation spec reached (issue 19's pass over block/): a `min` above its `max`, a
 * `step` of 0, a number or switch default written as text, one that is neither, and a choice's
 * default naming an option by its label, or a list on a single choice.
 */
import { expect } from "chai";
import type { Issue } from "../../src/model/index.js";
import { questionFormProtocol as qf } from "../../src/protocols/question-form/index.js";

/** The one question read (without its id, label and required), and the findings' codes and paths. */
function readQuestion(question: Record<string, unknown>): unknown {
  const read = qf.readForm(
    `<question-form id="d" title="D">\n${JSON.stringify({ questions: [{ label: "L", ...question }] })}\n` +
      "</question-form>",
  );
  const where = (issues: Issue[]) => issues.map((issue) => [issue.code, issue.path]);
  if (!read.ok) return where(read.error.issues);
  const { id, label, required, ...field } = read.value.fields[0] as unknown as Record<string, unknown>;
  return { field, warnings: where(read.warnings) };
}

const merged = ["alias_merged", ["questions", 0, "default"]];
const ignored = (key: string) => ["ignored_key", ["questions", 0, key]];
const options = [{ label: "Red", value: "r" }, "Blue"];
const choice = (multiple: boolean) => ({
  kind: "choice",
  multiple,
  options: [
    { value: "r", label: "Red" },
    { value: "Blue", label: "Blue" },
  ],
  display: multiple ? "checkbox" : "radio",
  custom: {},
});

describe("question-form questions: number keys and defaults by kind", () => {
  it("refuses a min above its max, and ignores a step of 0 with a warning", () => {
    expect(readQuestion({ id: "n", type: "number", min: 5, max: 1 })).to.deep.include.members([
      ["invalid_range", ["questions", 0, "min"]],
    ]);
    expect(readQuestion({ id: "n", type: "number", step: 0 })).to.deep.equal({
      field: { kind: "number", integer: false },
      warnings: [ignored("step")],
    });
  });

  it("reads a number's or a switch's default written as text, and ignores one that is neither", () => {
    const cases: [Record<string, unknown>, unknown][] = [
      [
        { type: "number", default: "5" },
        { field: { kind: "number", integer: false, default: 5 }, warnings: [merged] },
      ],
      [
        { type: "number", default: "five" },
        { field: { kind: "number", integer: false }, warnings: [merged, ignored("default")] },
      ],
      [
        { type: "switch", default: "false" },
        { field: { kind: "boolean", default: false }, warnings: [merged] },
      ],
      [
        { type: "switch", default: "true" },
        { field: { kind: "boolean", default: true }, warnings: [merged] },
      ],
      [
        { type: "switch", default: "maybe" },
        { field: { kind: "boolean" }, warnings: [merged, ignored("default")] },
      ],
    ];
    for (const [question, expected] of cases)
      expect(readQuestion({ id: "q", ...question }), JSON.stringify(question)).to.deep.equal(expected);
  });

  it("reads a choice's default by an option's label as its value, and ignores a list on a single choice", () => {
    const cases: [Record<string, unknown>, unknown][] = [
      [
        { type: "radio", default: "Red" },
        { field: { ...choice(false), default: "r" }, warnings: [merged] },
      ],
      [
        { type: "checkbox", default: "Red" },
        { field: { ...choice(true), default: ["r"] }, warnings: [merged] },
      ],
      [
        { type: "checkbox", default: ["Red", "Blue"] },
        { field: { ...choice(true), default: ["r", "Blue"] }, warnings: [merged] },
      ],
      [
        { type: "radio", default: ["Red"] },
        { field: choice(false), warnings: [merged, ignored("default")] },
      ],
    ];
    for (const [question, expected] of cases)
      expect(readQuestion({ id: "c", options, ...question }), JSON.stringify(question)).to.deep.equal(expected);
  });
});
