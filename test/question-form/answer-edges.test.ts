// The answer reader's edges that the mutation pass (issue 19, docs/testing.md) found unpinned: each warning and
// problem by its code, path and line, each value kind's spellings, and the completion check. Through the public
// entry points only; no message texts (they are the words' to change).
import { expect } from "chai";
import type { Issue } from "../../src/model/index.js";
import { formCompletion, questionFormProtocol as qf } from "../../src/protocols/question-form/index.js";
import { readTestForm } from "../support/question-form.js";

const form = readTestForm(
  `<question-form id="edges" title="Edges">
{"questions": [
  {"id": "name", "label": "Name", "type": "text", "required": true},
  {"id": "count", "label": "Count", "type": "number"},
  {"id": "ok", "label": "Agreed", "type": "switch"},
  {"id": "pick", "label": "Pick", "type": "radio", "options": [{"label": "Red one", "value": "red"}, "Blue"]},
  {"id": "many", "label": "Many", "type": "checkbox", "options": [{"label": "Calm, quiet", "value": "calm"}, "Bold"]},
  {"id": "doc", "label": "Doc", "type": "file"},
  {"id": "docs", "label": "Docs", "type": "file", "multiple": true},
  {"id": "note", "label": "Note", "type": "textarea", "required": true}
]}
</question-form>`,
);

const message = (...lines: string[]) => ["[form answers — edges]", ...lines].join("\n");
/** The answers read, or the issues (code, path, line) that kept them from being applied. */
function read(text: unknown) {
  const result = qf.readAnswers(text, form);
  if (!result.ok) return { issues: (result.error.issues ?? []).map(where) };
  if (result.value.action !== "accept") throw new Error(result.value.action);
  return { answers: { ...result.value.answers }, warnings: result.warnings.map(where) };
}
/** The protocol's answersFormId (the first expectation fails if it has none). */
const formIdOf = (input: unknown) => qf.answersFormId?.(input);
const where = (issue: Issue) => ({ code: issue.code, path: issue.path, line: issue.line });

describe("question-form: answer messages, the reader's edges", () => {
  it("a message that is not text is invalid_type; one without the header is not_an_answer_message at its line", () => {
    const notText = qf.readAnswers(42, form);
    expect(notText.ok).to.equal(false);
    if (!notText.ok) {
      expect(notText.error.code).to.equal("invalid_response");
      expect(notText.error.issues?.map((issue) => issue.code)).to.deep.equal(["invalid_type"]);
    }
    expect(read("\n\nName: Ada")).to.deep.equal({ issues: [{ code: "not_an_answer_message", path: [], line: 3 }] });
  });

  it("headers: a bare one warns missing_form_id, a paraphrase paraphrased_header, another form is wrong_form", () => {
    expect(read("[form answers]\n- Name: Ada\n- Note: n")).to.deep.include({
      warnings: [{ code: "missing_form_id", path: [], line: 1 }],
    });
    for (const header of ["[form answers: edges]", "[form answers for edges]"])
      expect(read(`\n${header}\n- Name: Ada\n- Note: n`), header).to.deep.include({
        warnings: [{ code: "paraphrased_header", path: [], line: 2 }],
      });
    expect(read("[Form Answers — edges]\n- Name: Ada\n- Note: n\r\n")).to.deep.include({ warnings: [] });
    expect(read("[form answers — other]\n- Name: Ada")).to.deep.equal({
      issues: [{ code: "wrong_form", path: [], line: 1 }],
    });
    expect(formIdOf('\n[form answers — "a b"]\n')).to.equal("a b");
    expect(formIdOf("[form answers]")).to.equal(undefined);
    expect(formIdOf("[form answers — ]")).to.equal(undefined);
    expect(formIdOf("Name: Ada")).to.equal(undefined);
    expect(formIdOf(7)).to.equal(undefined);
  });

  it(
    "text before the first answer, after a blank line, a host's block or another header is ignored_text at its " +
      "line",
    () => {
      expect(read(message("hello there", "", "- Name: Ada", "- Note: n", "", "thanks!"))).to.deep.equal({
        answers: { name: "Ada", note: "n" },
        warnings: [
          { code: "ignored_text", path: [], line: 2 },
          { code: "ignored_text", path: [], line: 7 },
        ],
      });
      expect(read(message("- Name: Ada", "- Note: n", "", "[attached: 2 files]", "- Count: 3"))).to.deep.equal({
        answers: { name: "Ada", note: "n" },
        warnings: [{ code: "ignored_text", path: [], line: 5 }],
      });
      expect(read(message("- Name: Ada", "- Note: n", "[form answers — edges]", "- Count: 3"))).to.deep.equal({
        answers: { name: "Ada", note: "n" },
        warnings: [{ code: "ignored_text", path: [], line: 4 }],
      });
      // Indented, a header is part of the answer; a bracketed line without a blank line before it too (not every
      // line is indented, so none loses its indent).
      expect(read(message("- Name: Ada", "- Note: n", "  [form answers — edges]", "[x]"))).to.deep.equal({
        answers: { name: "Ada", note: "n\n  [form answers — edges]\n[x]" },
        warnings: [],
      });
    },
  );

  it("entries: `*` bullets, labels in another case and answers out of order warn by question id and line", () => {
    expect(read(message("* Name: Ada", "- NOTE: n", "- Count: 2", "- Agreed: yes"))).to.deep.equal({
      answers: { name: "Ada", note: "n", count: 2, ok: true },
      warnings: [
        { code: "paraphrased_entry", path: ["name"], line: 2 },
        { code: "paraphrased_entry", path: ["note"], line: 3 },
        { code: "out_of_order_answer", path: ["count"], line: 4 },
        { code: "out_of_order_answer", path: ["ok"], line: 5 },
      ],
    });
  });

  it("a question answered twice is repeated_answer at the second line, and nothing is applied", () => {
    expect(read(message("- Name: Ada", "- Note: n", "- Name: Grace"))).to.deep.equal({
      issues: [{ code: "repeated_answer", path: ["name"], line: 4 }],
    });
  });

  it(
    "continuation lines: indented ones lose two spaces, trailing blank lines go; (skipped) skips a required " + "one",
    () => {
      expect(read(message("- Name: Ada", "- Note: first", "  second", "", "    third", ""))).to.deep.include({
        answers: { name: "Ada", note: "first\nsecond\n\n  third" },
      });
      expect(read(message("- Name: Ada", "- Note: first", "second"))).to.deep.include({
        answers: { name: "Ada", note: "first\nsecond" },
      });
      // A skipped required question is no missing_answer; a required one left out is.
      expect(read(message("- Name: (Skipped)", "- Note:"))).to.deep.equal({ answers: {}, warnings: [] });
      expect(read(message("- Note: n"))).to.deep.equal({
        issues: [{ code: "missing_answer", path: ["name"], line: undefined }],
      });
    },
  );

  it("numbers and switches: each spelling read, anything else unreadable_answer at its line", () => {
    const value = (entry: string) => read(message("- Name: Ada", "- Note: n", entry));
    for (const [text, number] of [
      ["3", 3],
      ["-2.5", -2.5],
      ["+.5", 0.5],
      ["1e3", 1000],
      ["2E-2", 0.02],
      ["7.", 7],
    ] as const)
      expect(value(`- Count: ${text}`), text).to.deep.include({ answers: { name: "Ada", note: "n", count: number } });
    for (const text of ["3 apples", "x3", "1e", ".", "1.2.3"])
      expect(value(`- Count: ${text}`), text).to.deep.equal({
        issues: [{ code: "unreadable_answer", path: ["count"], line: 4 }],
      });
    for (const [text, yes] of [
      ["Yes", true],
      ["true", true],
      ["ON", true],
      ["1", true],
      ["no", false],
      ["False", false],
      ["off", false],
      ["0", false],
    ] as const)
      expect(value(`- Agreed: ${text}`), text).to.deep.include({ answers: { name: "Ada", note: "n", ok: yes } });
    expect(value("- Agreed: maybe")).to.deep.equal({ issues: [{ code: "unreadable_answer", path: ["ok"], line: 4 }] });
  });

  it("choices: by value, by label, by `label [value: v]`, a JSON string as typed text; lists split at options", () => {
    const pick = (text: string) =>
      (read(message("- Name: Ada", "- Note: n", `- Pick: ${text}`)) as { answers?: object }).answers;
    expect(pick("red")).to.deep.include({ pick: "red" });
    expect(pick("Red one")).to.deep.include({ pick: "red" });
    expect(pick("Red one [value: red]")).to.deep.include({ pick: "red" });
    expect(pick('Red one [value: "red"]')).to.deep.include({ pick: "red" });
    expect(pick("Red one [value: red; foundation: warm; guidance: x]")).to.deep.include({ pick: "red" });
    expect(pick('"Blue"')).to.deep.include({ pick: "Blue" });
    const many = (text: string) =>
      (read(message("- Name: Ada", "- Note: n", `- Many: ${text}`)) as { answers?: object }).answers;
    expect(many("Calm, quiet, Bold")).to.deep.include({ many: ["calm", "Bold"] });
    expect(many("Calm, quiet [value: calm], Bold")).to.deep.include({ many: ["calm", "Bold"] });
    expect(many("Bold, my own, other")).to.deep.include({ many: ["Bold", "my own", "other"] });
    expect(many("Bold,  ")).to.deep.include({ many: ["Bold"] });
  });

  it("files: URIs and absolute paths (POSIX, Windows) read, a bare name unreadable without locateFile", () => {
    const files = (entry: string) => read(message("- Name: Ada", "- Note: n", entry));
    // Read as a URI (the form's rules then refuse one that is not file://), not as a name to locate.
    expect(files("- Doc: https://example.com/a.pdf")).to.deep.equal({
      issues: [{ code: "invalid_file_uri", path: ["doc"], line: undefined }],
    });
    expect(files("- Doc: /tmp/a b.pdf")).to.deep.include({
      answers: { name: "Ada", note: "n", doc: "file:///tmp/a%20b.pdf" },
    });
    expect(files("- Doc: C:\\docs\\a.pdf")).to.deep.include({
      answers: { name: "Ada", note: "n", doc: "file:///C:/docs/a.pdf" },
    });
    expect(files("- Docs: /tmp/a.pdf, file:///tmp/b.pdf")).to.deep.include({
      answers: { name: "Ada", note: "n", docs: ["file:///tmp/a.pdf", "file:///tmp/b.pdf"] },
    });
    expect(files("- Doc: a.pdf")).to.deep.equal({ issues: [{ code: "unreadable_answer", path: ["doc"], line: 4 }] });
    expect(files("- Doc: /tmp/a.pdf, /tmp/b.pdf")).to.deep.equal({
      issues: [{ code: "unreadable_answer", path: ["doc"], line: 4 }],
    });
    const located = qf.readAnswers(message("- Name: Ada", "- Note: n", "- Docs: a.pdf, b.pdf"), form, {
      locateFile: (name) => `file:///up/${name}`,
    });
    expect(located.ok && located.value.action === "accept" && located.value.answers.docs).to.deep.equal([
      "file:///up/a.pdf",
      "file:///up/b.pdf",
    ]);
  });

  it(
    "formCompletion: required answers missing (blank text, empty lists), by id and label, and the message's " +
      "issues",
    () => {
      expect(formCompletion(form, message("- Name: Ada", "- Note: n"))).to.deep.equal({
        complete: true,
        missing: [],
        issues: [],
      });
      expect(formCompletion(form, message("- Name:  ", "- Count: 2"))).to.deep.equal({
        complete: false,
        missing: [
          { id: "name", label: "Name" },
          { id: "note", label: "Note" },
        ],
        issues: [],
      });
      const wrong = formCompletion(form, "[form answers — other]\n- Name: Ada\n- Note: n");
      expect([wrong.complete, wrong.missing.length, wrong.issues.map((issue) => issue.code)]).to.deep.equal([
        false,
        2,
        ["wrong_form"],
      ]);
      expect(formCompletion(form, { action: "accept", answers: { name: " ", note: "n" } }).missing).to.deep.equal([
        { id: "name", label: "Name" },
      ]);
      expect(formCompletion(form, { action: "accept", answers: { name: "Ada", note: "n" } }).complete).to.equal(true);
      expect(formCompletion(form, { action: "decline" }).missing.map((field) => field.id)).to.deep.equal([
        "name",
        "note",
      ]);
    },
  );
});

describe("question-form: answer messages, questions that share a label", () => {
  const twins = readTestForm(
    `<question-form id="twins" title="Twins">
{"questions": [
  {"id": "a", "label": "Why", "type": "text"},
  {"id": "b", "label": "Why", "type": "text"},
  {"id": "tags", "label": "Tags", "type": "checkbox", "options": ["x", "y"], "required": true}
]}
</question-form>`,
  );
  const readTwins = (...lines: string[]) => {
    const result = qf.readAnswers(["[form answers — twins]", ...lines].join("\r"), twins);
    return result.ok && result.value.action === "accept"
      ? { answers: { ...result.value.answers }, warnings: result.warnings.map(where) }
      : { issues: result.ok ? [] : (result.error.issues ?? []).map(where) };
  };

  it("are told apart by position (lone \\r line endings read as lines); a third is repeated_answer", () => {
    expect(readTwins("- Why: one", "- Why: two", "- Tags: x")).to.deep.equal({
      answers: { a: "one", b: "two", tags: ["x"] },
      warnings: [],
    });
    // Past the last question, each label goes to the earliest question of that label not yet answered.
    expect(readTwins("- Tags: x", "- why: one", "- Why: two")).to.deep.equal({
      answers: { a: "one", b: "two", tags: ["x"] },
      warnings: [
        { code: "paraphrased_entry", path: ["a"], line: 3 },
        { code: "out_of_order_answer", path: ["a"], line: 3 },
        { code: "out_of_order_answer", path: ["b"], line: 4 },
      ],
    });
    // Once the first of the pair is answered, a line with their label answers the second, wherever it stands.
    expect(readTwins("- Why: one", "- Tags: x", "- Why: two")).to.deep.include({
      answers: { a: "one", b: "two", tags: ["x"] },
    });
    expect(readTwins("- Why: one", "- Why: two", "- Why: three", "- Tags: x")).to.deep.equal({
      issues: [{ code: "repeated_answer", path: ["a"], line: 4 }],
    });
  });

  it("formCompletion counts a required multi-select answered with an empty list as missing", () => {
    expect(formCompletion(twins, { action: "accept", answers: { tags: [] } }).missing).to.deep.equal([
      { id: "tags", label: "Tags" },
    ]);
    expect(formCompletion(twins, { action: "accept", answers: { tags: ["x"] } }).complete).to.equal(true);
  });

  it("file names quoted as JSON strings may hold `, `", () => {
    const result = qf.readAnswers(message("- Name: Ada", "- Note: n", '- Docs: "/tmp/a, b.pdf", /tmp/c.pdf'), form);
    expect(result.ok && result.value.action === "accept" && result.value.answers.docs).to.deep.equal([
      "file:///tmp/a,%20b.pdf",
      "file:///tmp/c.pdf",
    ]);
  });
});
