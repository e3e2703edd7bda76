/**
 * Writing answer messages (`writeAnswers`, `writeDismissal`) and `formCompletion`: the cases
 * StrykerJS found no test for (issue 19's mutation pass of the answers files): what the writer
 * refuses, by code and path; answers that must be written so they read back as themselves
 * (typed text equal to an option's label, two options with one label, lines with trailing
 * spaces, file names that are no URI); the dismissal notices; and a completion that a wrong
 * form id or an unlabelled question changes.
 */
import { expect } from "chai";
import type { FormModel, FormResponse, Issue } from "../../src/model/index.js";
import { formCompletion, questionFormProtocol as qf, writeDismissal } from "../../src/protocols/question-form/index.js";
import { readTestForm } from "../support/question-form.js";

const form = readTestForm(
  `<question-form id="trip" title="Trip">
{"questions": [
  {"id": "city", "label": "City", "type": "radio", "allowCustom": true,
   "options": [{"label": "Berlin", "value": "ber"}, {"label": "Berlin", "value": "par"},
               {"label": "Paris", "value": "Rome"}]},
  {"id": "tags", "label": "Tags", "type": "checkbox", "allowCustom": true,
   "options": [{"label": "Alpha", "value": "a"}, {"label": "Beta", "value": "b"}]},
  {"id": "note", "label": "Note", "type": "textarea"},
  {"id": "docs", "label": "Docs", "type": "file", "multiple": true},
  {"id": "n", "type": "number", "required": true}
]}
</question-form>`,
);

type Accepted = Extract<FormResponse, { action: "accept" }>;
const accept = (answers: Accepted["answers"]): Accepted => ({ action: "accept", answers });
const codesAndPaths = (issues: Issue[]) => issues.map((issue) => [issue.code, issue.path]);

/** The answers a written message reads back as. */
function readBack(answers: Record<string, string | number | string[]>): unknown {
  const written = qf.writeAnswers(accept(answers), form);
  if (!written.ok) throw new Error(written.error.message);
  const read = qf.readAnswers(written.value, form);
  return read.ok && read.value.action === "accept"
    ? read.value.answers
    : codesAndPaths(read.ok ? [] : read.error.issues);
}

describe("question-form answer messages: writing them, and what a completion counts", () => {
  it("writes a decline or a cancel as its notice, which reads back as what it says (issue 33)", () => {
    for (const [action, said] of [
      ["decline", "declined"],
      ["cancel", "cancelled"],
    ] as const) {
      const written = qf.writeAnswers({ action }, form);
      if (!written.ok) return expect.fail(JSON.stringify(written.error));
      expect(written.value).to.equal(writeDismissal(action, form));
      expect(written.value.split("\n")[0]).to.equal(`[form ${said} — ${form.id ?? "discovery"}]`);
      expect(qf.readAnswers(written.value, form)).to.deep.equal({ ok: true, value: { action }, warnings: [] });
      expect(qf.readAnswers(`\n  [FORM ${said.toUpperCase()} - ${form.id ?? "discovery"}]  `, form).ok).to.equal(true);
      const other = qf.readAnswers(writeDismissal(action, { ...form, id: "other" }), form);
      expect(!other.ok && [other.error.code, codesAndPaths(other.error.issues)]).to.deep.equal([
        "invalid_response",
        [["wrong_form", []]],
      ]);
    }
  });

  it("refuses to write an invalid answer, naming what and where", () => {
    const invalid = qf.writeAnswers(accept({ n: "x" as never, tags: ["a", "a"] }), form);
    expect(!invalid.ok && invalid.error.code).to.equal("invalid_response");
    expect(!invalid.ok && codesAndPaths(invalid.error.issues).map(([, path]) => path)).to.deep.include([
      "answers",
      "n",
    ]);
  });

  it("writes a required question the person skipped as (skipped), and an empty answer with a warning", () => {
    const written = qf.writeAnswers({ ...accept({ note: "" }), skipped: ["n"] }, form);
    expect(written.ok && written.value.split("\n")).to.include.members(["- Note: (skipped)", "- n: (skipped)"]);
    expect(written.ok && codesAndPaths(written.warnings)).to.deep.equal([["approximated", ["answers", "note"]]]);
    // Blank text is unanswered too (one rule, isUnanswered), and reads back so; the skip reads back as data.
    const blank = qf.writeAnswers({ ...accept({ note: "   " }), skipped: ["n"] }, form);
    expect(blank.ok && blank.value.split("\n")).to.include("- Note: (skipped)");
    const read = blank.ok ? qf.readAnswers(blank.value, form) : blank;
    expect(read.ok && read.value).to.deep.equal({ action: "accept", answers: {}, skipped: ["n"] });
  });

  it("refuses a required question left unanswered that the response does not say was skipped (issue 29)", () => {
    const written = qf.writeAnswers(accept({ note: "x" }), form);
    expect(!written.ok && codesAndPaths(written.error.issues)).to.deep.equal([["missing_answer", ["answers", "n"]]]);
  });

  it("writes each answer so that it reads back as itself", () => {
    const cases: Record<string, string | number | string[]>[] = [
      { city: "ber", n: 1 },
      { city: "par", n: 1 },
      { city: "Rome", n: 1 },
      // Typed text equal to an option's label is not that option.
      { city: "Paris", n: 1 },
      { city: "Berlin", n: 1 },
      { tags: ["Alpha", "b"], n: 1 },
      { note: "line one \nline two", n: 1 },
      { note: "one\n two\nthree", n: 1 },
      { note: " leading", n: 1 },
      { docs: ["file:///tmp/a, b.pdf", "file:///tmp/report.pdf"], n: 1 },
    ];
    for (const answers of cases) expect(readBack(answers), JSON.stringify(answers)).to.deep.equal(answers);
  });

  it("writes a dismissal no answer reader takes for answers", () => {
    expect(writeDismissal("decline", form)).to.match(/^\[form declined — trip\]\n/);
    expect(writeDismissal("cancel", form)).to.match(/^\[form cancelled — trip\]\n/);
    expect(writeDismissal("cancel", { ...form, id: "a]b" })).to.match(/^\[form cancelled — "a\]b"\]\n/);
    for (const action of ["decline", "cancel"] as const) {
      const read = qf.readAnswers(writeDismissal(action, form), form);
      expect(read.ok && read.value.action).to.equal(action);
      expect(formCompletion(form, writeDismissal(action, form)).complete).to.equal(false);
    }
  });

  it("refuses an answer message that is no text, at the root", () => {
    const read = qf.readAnswers(5, form);
    expect(!read.ok && [read.error.code, codesAndPaths(read.error.issues)]).to.deep.equal([
      "invalid_response",
      [["invalid_type", []]],
    ]);
  });

  it("counts a message with a problem as incomplete, and names an unlabelled missing question by its id", () => {
    const repeated = formCompletion(form, "[form answers — trip]\n- n: 1\n- n: 2");
    expect(repeated.missing).to.deep.equal([]);
    expect(repeated.complete).to.equal(false);
    expect(codesAndPaths(repeated.issues)).to.deep.equal([["repeated_answer", ["n"]]]);
    expect(formCompletion(form, "[form answers — trip]\n- City: Rome")).to.deep.equal({
      complete: false,
      missing: [{ id: "n" }],
      issues: [],
    });
  });
});

describe("question-form answer messages: labels across lines", () => {
  it("writes a question's or option's label that holds a line break on one line, and reads it back", () => {
    const options = [
      { value: "x", label: "Big\ncity" },
      { value: "y", label: "Small \n town" },
    ];
    const lines: FormModel = {
      id: "f",
      fields: [
        { kind: "text", id: "a", label: "Your\nname", required: false },
        { kind: "text", id: "b", label: "Pick \r\n  one", required: false },
        { kind: "choice", id: "c", label: "City", required: false, multiple: false, options },
        { kind: "choice", id: "d", label: "Cities", required: false, multiple: true, options },
      ],
    };
    const answers = { a: "Ann", b: "B", c: "x", d: ["x", "y"] };
    const written = qf.writeAnswers(accept(answers), lines);
    expect(written.ok && written.value.split("\n")).to.deep.equal([
      "[form answers — f]",
      "- Your name: Ann",
      "- Pick one: B",
      "- City: Big city [value: x]",
      "- Cities: Big city [value: x], Small town [value: y]",
    ]);
    const read = qf.readAnswers(written.ok ? written.value : "", lines);
    expect(read.ok && read.value).to.deep.equal(accept(answers));
  });
});

describe("question-form answer messages: an option named by value before label", () => {
  it("reads an answer and a block's default that are one option's value and another's label as the value", () => {
    const block = readTestForm(
      `<question-form id="f">
{"questions": [{"id": "c", "label": "C", "type": "radio", "defaultValue": "a",
  "options": [{"label": "B", "value": "a"}, {"label": "a", "value": "b"}]}]}
</question-form>`,
    );
    expect(block.fields[0]).to.include({ default: "a" });
    const read = qf.readAnswers("[form answers — f]\n- C: a", block);
    expect(read.ok && read.value).to.deep.equal(accept({ c: "a" }));
  });
});
