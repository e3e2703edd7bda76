// A stray entry: a line shaped as an answer (`- Nope: 3`) whose label is no question of the form
// (docs/question-form.md, "Answers"). It may end the answer above or be part of it; each case here
// is one a writer can produce, and none may lose or invent an answer, or change one silently.
import { expect } from "chai";
import type { Issue } from "../../src/model/index.js";
import { questionFormProtocol as qf } from "../../src/protocols/question-form/index.js";
import { readTestForm } from "../support/question-form.js";

const form = readTestForm(
  `<question-form id="stray" title="Stray">
{"questions": [
  {"id": "name", "label": "Name", "type": "text"},
  {"id": "count", "label": "Count", "type": "number"},
  {"id": "pick", "label": "Pick", "type": "radio", "options": [{"label": "Red one", "value": "red"}, "Blue"]},
  {"id": "note", "label": "Note", "type": "textarea"}
]}
</question-form>`,
);

const message = (...lines: string[]) => ["[form answers — stray]", ...lines].join("\n");
const where = (issue: Issue) => ({ code: issue.code, path: issue.path, line: issue.line });
/** The answers read and the warnings (code, path, line), or the issues that kept them from being applied. */
function read(text: string) {
  const result = qf.readAnswers(text, form);
  if (!result.ok) return { issues: result.error.issues.map(where) };
  if (result.value.action !== "accept") throw new Error(result.value.action);
  return { answers: { ...result.value.answers }, warnings: result.warnings.map(where) };
}
function warningsOf(text: string): Issue[] {
  const result = qf.readAnswers(text, form);
  if (!result.ok) throw new Error(result.error.message);
  return result.warnings;
}

describe("question-form: a stray entry line (a label that names no question)", () => {
  it("after a number answer, it ends the answer and is an unknown_field warning at its line, not unreadable", () => {
    expect(read(message("- Count: 3", "- Nope: 3", "- Pick: Blue"))).to.deep.equal({
      answers: { count: 3, pick: "Blue" },
      warnings: [{ code: "unknown_field", path: [], line: 3 }],
    });
  });

  it("after a one-line text or a choice, the answer does not gain the line", () => {
    expect(read(message("- Name: Ada", "- Nope: 3"))).to.deep.equal({
      answers: { name: "Ada" },
      warnings: [{ code: "unknown_field", path: [], line: 3 }],
    });
    expect(read(message("- Pick: Red one", "* Nope: yes", "- Note: n"))).to.deep.equal({
      answers: { pick: "red", note: "n" },
      warnings: [{ code: "unknown_field", path: [], line: 3 }],
    });
    // A skipped answer stays skipped.
    expect(read(message("- Count: (skipped)", "- Nope: 3"))).to.deep.equal({
      answers: {},
      warnings: [{ code: "unknown_field", path: [], line: 3 }],
    });
  });

  it("the lines after it, up to the next answer, go with it: one warning, and no answer gains them", () => {
    expect(read(message("- Count: 3", "- Nope: x", "more of it", "  and more", "- Pick: Blue"))).to.deep.equal({
      answers: { count: 3, pick: "Blue" },
      warnings: [{ code: "unknown_field", path: [], line: 3 }],
    });
    // Two in a row are two warnings; before the first answer it is one too (not text before the answers).
    expect(read(message("- Nope: 1", "- Count: 3", "- Nope: 2", "- Other: 3"))).to.deep.equal({
      answers: { count: 3 },
      warnings: [
        { code: "unknown_field", path: [], line: 2 },
        { code: "unknown_field", path: [], line: 4 },
        { code: "unknown_field", path: [], line: 5 },
      ],
    });
  });

  it("its warning is a sentence quoting the line and naming the question whose answer it ends", () => {
    const [stray] = warningsOf(message("- Count: 3", "- Nope: 3"));
    expect(stray?.severity).to.equal("warning");
    expect(stray?.message).to.match(/^The line "- Nope: 3" .*`count`.*\.$/);
  });

  it("after a long text formgate wrote (its lines indented), it ends the answer, which keeps its own lines", () => {
    expect(read(message("- Count: 2", "- Note: first", "  second", "- Nope: 3", "  more"))).to.deep.equal({
      answers: { count: 2, note: "first\nsecond" },
      warnings: [{ code: "unknown_field", path: [], line: 5 }],
    });
  });

  it("after a long text written unindented (open-design's writing), it is part of the answer, with a warning", () => {
    const text = message("- Count: 2", "- Note: Must have:", "- Login: email", "- Export: PDF");
    expect(read(text)).to.deep.equal({
      answers: { count: 2, note: "Must have:\n- Login: email\n- Export: PDF" },
      warnings: [
        { code: "unknown_field", path: ["note"], line: 4 },
        { code: "unknown_field", path: ["note"], line: 5 },
      ],
    });
    const [first] = warningsOf(text);
    expect(first?.question).to.equal("note");
    expect(first?.message).to.match(/^Question `note`: the line "- Login: email" .*\.$/);
  });

  it("an indented line always continues the answer above, whatever it looks like", () => {
    expect(read(message("- Note: a", "  - Foo: bar", "  - Name: Ada"))).to.deep.equal({
      answers: { note: "a\n- Foo: bar\n- Name: Ada" },
      warnings: [],
    });
    expect(read(message("- Count: 3", "  - Nope: 3"))).to.deep.equal({
      issues: [{ code: "unreadable_answer", path: ["count"], line: 2 }],
    });
  });

  it("a bullet line that is not shaped as an entry (no `label: `) is text of the answer above", () => {
    expect(read(message("- Note: list", "- one", "- 10:30 call", "- see https://x.test"))).to.deep.equal({
      answers: { note: "list\n- one\n- 10:30 call\n- see https://x.test" },
      warnings: [],
    });
  });

  it("formgate's own answers holding entry-shaped lines read back as written, without a warning", () => {
    const note = "Must have:\n- Login: email\n- Nope: 3\n\n* Pick: Blue";
    const written = qf.writeAnswers({ action: "accept", answers: { name: "- Nope: 3", note } }, form);
    if (!written.ok) throw new Error(written.error.message);
    expect(read(written.value)).to.deep.equal({ answers: { name: "- Nope: 3", note }, warnings: [] });
  });
});
