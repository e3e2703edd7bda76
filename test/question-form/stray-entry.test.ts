// A stray entry: a line shaped as an answer (`- Nope: 3`) whose label is no question of the form
// (docs/question-form.md, "Answers"). It may end the answer above or be part of it. A stray line:
// an unindented line after the first line of an answer that can only be one line (any but a long
// text's): it ends the answer. Each case here is one a writer can produce, and none may lose or
// invent an answer, or change one silently.
import { expect } from "chai";
import type { FormResponse, Issue } from "../../src/model/index.js";
import { questionFormProtocol as qf } from "../../src/protocols/question-form/index.js";
import { readTestForm } from "../support/question-form.js";

const form = readTestForm(
  `<question-form id="stray" title="Stray">
{"questions": [
  {"id": "name", "label": "Name", "type": "text"},
  {"id": "count", "label": "Count", "type": "number"},
  {"id": "pick", "label": "Pick", "type": "radio", "options": [{"label": "Red one", "value": "red"}, "Blue"]},
  {"id": "tags", "label": "Tags", "type": "checkbox", "options": ["Red", "Blue"]},
  {"id": "ok", "label": "OK", "type": "switch"},
  {"id": "when", "label": "When", "type": "date"},
  {"id": "shots", "label": "Shots", "type": "file", "multiple": true},
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

/** What reading a message with `thanks` after the answer `entry` gives. */
const thanksAfter = (entry: string) => read(message(entry, "thanks"));
const ignoredAt = (line: number) => ({ code: "ignored_text", path: [], line });

describe("question-form: an unindented line after a one-line answer", () => {
  it("ends a one-line text answer, which keeps its first line; the line is an ignored_text warning", () => {
    expect(thanksAfter("- Name: Ada")).to.deep.equal({ answers: { name: "Ada" }, warnings: [ignoredAt(3)] });
  });

  it("ends a typed (custom) choice and a chosen one", () => {
    expect(thanksAfter("- Pick: A")).to.deep.equal({ answers: { pick: "A" }, warnings: [ignoredAt(3)] });
    expect(thanksAfter("- Pick: Red one")).to.deep.equal({ answers: { pick: "red" }, warnings: [ignoredAt(3)] });
  });

  it("ends a number or a switch answer, which is read, not refused as unreadable", () => {
    expect(thanksAfter("- Count: 3")).to.deep.equal({ answers: { count: 3 }, warnings: [ignoredAt(3)] });
    expect(thanksAfter("- OK: yes")).to.deep.equal({ answers: { ok: true }, warnings: [ignoredAt(3)] });
  });

  it("ends several choices or files (one line, joined by `, `): no item gains the line", () => {
    expect(thanksAfter("- Tags: Red, Blue")).to.deep.equal({
      answers: { tags: ["Red", "Blue"] },
      warnings: [ignoredAt(3)],
    });
    expect(thanksAfter("- Shots: file:///a.png, file:///b.png")).to.deep.equal({
      answers: { shots: ["file:///a.png", "file:///b.png"] },
      warnings: [ignoredAt(3)],
    });
    expect(thanksAfter("- When: 2026-01-02")).to.deep.equal({
      answers: { when: "2026-01-02" },
      warnings: [ignoredAt(3)],
    });
  });

  it("takes the lines after it up to the next answer: one warning, and the next answer is read", () => {
    expect(read(message("- Name: Ada", "thanks", "  more", "", "and more", "- Count: 3"))).to.deep.equal({
      answers: { name: "Ada", count: 3 },
      warnings: [ignoredAt(3)],
    });
    // A bullet that is not shaped as an entry is such a line too; so is a line after a blank one.
    expect(read(message("- Count: 3", "- one", "- Pick: Blue", "", "thanks", "- OK: no"))).to.deep.equal({
      answers: { count: 3, pick: "Blue", ok: false },
      warnings: [ignoredAt(3), ignoredAt(6)],
    });
  });

  it("its warning is a sentence quoting the line and naming the question whose answer it ends", () => {
    const result = qf.readAnswers(message("- Count: 3", "thanks", "bye"), form);
    if (!result.ok) throw new Error(result.error.message);
    const [ignored] = result.warnings;
    expect(ignored?.severity).to.equal("warning");
    expect(ignored?.message).to.match(/^The line "thanks" .*the line after it.*`count`.*\.$/);
  });

  it("a skipped answer stays skipped", () => {
    expect(thanksAfter("- Count: (skipped)")).to.deep.equal({ answers: {}, warnings: [ignoredAt(3)] });
  });
});

describe("question-form: what an unindented line after a one-line answer does not change", () => {
  it("an indented line continues any answer (formgate's writing)", () => {
    expect(read(message("- Name: Ada", "  Lovelace", "", "  born 1815"))).to.deep.equal({
      answers: { name: "Ada\nLovelace\n\nborn 1815" },
      warnings: [],
    });
    expect(read(message("- Count: 3", "  4"))).to.deep.equal({
      issues: [{ code: "unreadable_answer", path: ["count"], line: 2 }],
    });
  });

  it("an answer written on the line after its entry's is read: that line is its first", () => {
    expect(read(message("- Name:", "", "Ada", "- Count:", "3"))).to.deep.equal({
      answers: { name: "Ada", count: 3 },
      warnings: [],
    });
  });

  it("a long text's unindented lines (open-design's writing) are its lines", () => {
    expect(read(message("- Name: Ada", "- Note: first", "second", "- one", "", "  indented", "third"))).to.deep.equal({
      answers: { name: "Ada", note: "first\nsecond\n- one\n\n  indented\nthird" },
      warnings: [],
    });
  });

  it("text after a blank line after the last answer is the text after the answers", () => {
    const result = qf.readAnswers(message("- Name: Ada", "", "thanks"), form);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value).to.deep.equal({ action: "accept", answers: { name: "Ada" } });
    expect(result.warnings.map(where)).to.deep.equal([ignoredAt(4)]);
    expect(result.warnings[0]?.message).to.match(/^Text after the answers/);
  });

  it("formgate's own answers of every kind read back as written, without a warning", () => {
    const answers = {
      name: "Ada\nthanks\n\n- Nope: 3",
      count: -2.5,
      pick: "my own\nwords",
      tags: ["Blue", "Red, or not", "typed"],
      ok: false,
      when: "2026-01-02",
      shots: ["file:///a.png", "file:///b%20c.png"],
      note: "Must have:\nthanks\n- Name: Ada\n\n  indented",
    };
    const response: FormResponse = { action: "accept", answers };
    const written = qf.writeAnswers(response, form);
    if (!written.ok) throw new Error(written.error.message);
    expect(read(written.value)).to.deep.equal({ answers, warnings: [] });
    const oneLine = { ...answers, name: "Ada", pick: "red", note: "one line" };
    const again = qf.writeAnswers({ action: "accept", answers: oneLine }, form);
    if (!again.ok) throw new Error(again.error.message);
    expect(read(again.value)).to.deep.equal({ answers: oneLine, warnings: [] });
  });
});
