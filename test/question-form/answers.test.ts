import { expect } from "chai";
import { formCompletion, questionFormProtocol as qf } from "../../src/protocols/question-form/index.js";
import { readTestForm } from "../support/question-form.js";

const form = readTestForm(
  `<question-form id="brief" title="Brief">
{"questions": [
  {"id": "when", "label": "Deadline: when?", "type": "text", "required": true},
  {"id": "tone", "label": "Tone", "type": "checkbox", "options": [{"label": "Calm, quiet", "value": "calm"}, ` +
    `{"label": "Bold", "value": "bold"}, "Plain"], "maxSelections": 2},
  {"id": "strict", "label": "Tone", "type": "radio", "options": ["A", "B"], "allowCustom": false},
  {"id": "notes", "label": "Notes", "type": "textarea"},
  {"id": "files", "label": "Files", "type": "file", "multiple": true}
]}
</question-form>`,
);

const answers = (text: string) => {
  const read = qf.readAnswers(text, form);
  return read.ok && read.value.action === "accept" ? { ...read.value.answers } : read;
};

describe("question-form: answer messages", () => {
  it("reads what the reference renderer writes, with the hard cases it loses", () => {
    const message = [
      "[form answers — brief]",
      "- Deadline: when?: Friday: noon",
      "- Tone: Calm, quiet [value: calm], Bold [value: bold]",
      "- Tone: B",
      "- Notes: first line",
      "second line",
      "- Files: /Users/me/a, b.png, /tmp/c.pdf",
      "",
      "[attached: 2 files]",
    ].join("\n");
    expect(answers(message)).to.deep.equal({
      when: "Friday: noon",
      tone: ["calm", "bold"],
      strict: "B",
      notes: "first line\nsecond line",
      files: ["file:///Users/me/a,%20b.png", "file:///tmp/c.pdf"],
    });
  });

  it("accepts the ASCII-hyphen header and (skipped)", () => {
    expect(
      answers(
        "[form answers - brief]\n- Deadline: when?: soon\n- Tone: (skipped)\n- Tone: (skipped)\n- Notes: " +
          "(skipped)\n- Files: (skipped)",
      ),
    ).to.deep.equal({ when: "soon" });
  });

  it("writes formgate's format: quoted where ambiguous, indented lines, values beside labels", () => {
    const written = qf.writeAnswers(
      { action: "accept", answers: { when: "(skipped)", tone: ["calm", "mine, really"], notes: "a\nb" } },
      form,
    );
    expect(written.ok && written.value).to.equal(
      [
        "[form answers — brief]",
        '- Deadline: when?: "(skipped)"',
        '- Tone: Calm, quiet [value: calm], "mine, really"',
        "- Tone: (skipped)",
        "- Notes: a",
        "  b",
        "- Files: (skipped)",
      ].join("\n"),
    );
  });

  it("rejects, applying nothing: another form, an unknown option, too many choices, a bare file name", () => {
    for (const [message, code] of [
      ["[form answers — other]\n- Deadline: when?: x", "wrong_form"],
      ["[form answers — brief]\n- Deadline: when?: x\n- Tone: (skipped)\n- Tone: C", "not_an_option"],
      ["[form answers — brief]\n- Deadline: when?: x\n- Tone: Bold, Plain, Calm, quiet", "too_many"],
      ["[form answers — brief]\n- Deadline: when?: x\n- Files: logo.png", "unreadable_answer"],
      ["Sure, here you go", "not_an_answer_message"],
    ] as const) {
      const read = qf.readAnswers(message, form);
      expect(read.ok, message).to.equal(false);
      if (!read.ok) expect(read.error.code).to.equal("invalid_response");
      if (!read.ok)
        expect(
          read.error.issues.map((i) => i.code),
          message,
        ).to.include(code);
    }
  });

  it("reads bare file names (the reference renderer's writing) only where the host locates them", () => {
    const message = "[form answers — brief]\n- Deadline: when?: x\n- Files: logo.png, brief v2.pdf";
    const seen: string[] = [];
    const located = qf.readAnswers(message, form, {
      locateFile: (name, field) => {
        seen.push(`${field.id}:${name}`);
        return name === "logo.png" ? "file:///uploads/logo.png" : `file:///uploads/${encodeURIComponent(name)}`;
      },
    });
    expect(located.ok && located.value.action === "accept" && located.value.answers.files).to.deep.equal([
      "file:///uploads/logo.png",
      "file:///uploads/brief%20v2.pdf",
    ]);
    expect(seen).to.deep.equal(["files:logo.png", "files:brief v2.pdf"]);

    const unknown = qf.readAnswers(message, form, {
      locateFile: (name) => (name === "logo.png" ? "file:///uploads/logo.png" : undefined),
    });
    expect(!unknown.ok && unknown.error.issues.map((i) => [i.code, i.path])).to.deep.equal([
      ["unreadable_answer", ["files"]],
    ]);

    // What the host returns is still held to the local-file rule: no remote URL slips in.
    const remote = qf.readAnswers(message, form, { locateFile: (name) => `https://evil.example/${name}` });
    expect(!remote.ok && remote.error.issues.map((i) => i.code)).to.deep.equal([
      "invalid_file_uri",
      "invalid_file_uri",
    ]);
  });

  it("reports every problem at once: an unreadable answer and a missing required one", () => {
    const read = qf.readAnswers("[form answers — brief]\n- Tone: (skipped)\n- Tone: C\n- Files: logo.png", form);
    expect(!read.ok && read.error.issues.map((i) => [i.code, i.path.join(".")])).to.deep.equal([
      ["unreadable_answer", "files"],
      ["missing_answer", "when"],
      ["not_an_option", "strict"],
    ]);
  });

  it("says whether a message completes the form, and what is missing", () => {
    expect(formCompletion(form, "[form answers — brief]\n- Deadline: when?: (skipped)")).to.deep.equal({
      complete: false,
      missing: [{ id: "when", label: "Deadline: when?" }],
      issues: [],
    });
    expect(formCompletion(form, "[form answers — brief]\n- Deadline: when?: now").complete).to.equal(true);
  });

  it("writes decline and cancel as their notices, never as an answer message", () => {
    for (const action of ["decline", "cancel"] as const) {
      const written = qf.writeAnswers({ action }, form);
      expect(written.ok && written.value).to.not.match(/^\[form answers/);
      expect(written.ok && qf.readAnswers(written.value, form)).to.deep.equal({
        ok: true,
        value: { action },
        warnings: [],
      });
    }
  });
});
