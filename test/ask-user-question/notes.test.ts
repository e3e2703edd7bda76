import { expect } from "chai";
import { translateAnswers } from "../../src/gateway/translate.js";
import { replyToModel } from "../../src/bridge/index.js";
import { askUserQuestionProtocol as auq } from "../../src/protocols/ask-user-question/index.js";

/**
 * The person's notes beside their answers (AskUserQuestion's annotations): kept as notes, never answers, and dropped
 * with a warning where a target has no place for them.
 */

const form = {
  questions: [
    {
      question: "How should I format the output?",
      header: "Format",
      options: [
        { label: "Summary", description: "" },
        { label: "Detailed", description: "" },
      ],
      multiSelect: false,
    },
  ],
};
const output = {
  ...form,
  answers: { "How should I format the output?": "Detailed" },
  annotations: { "How should I format the output?": { notes: "Keep it under a page" } },
};

describe("ask-user-question: notes", () => {
  it("are read as notes and written back as annotations", () => {
    const model = auq.readForm(form);
    if (!model.ok) return expect.fail(model.error.message);
    const read = auq.readAnswers(output, model.value);
    expect(read.ok && read.value).to.deep.equal({
      action: "accept",
      answers: { format: "Detailed" },
      notes: { format: "Keep it under a page" },
    });
    const back = translateAnswers(output, { form, from: "ask-user-question", to: "ask-user-question" });
    expect(back.ok && back.value).to.deep.equal({
      behavior: "allow",
      updatedInput: { ...output, annotations: output.annotations },
    });
    expect(back.ok && back.warnings).to.deep.equal([]);
  });

  it("are dropped with a warning naming the question where the target's answers have no place for them", () => {
    for (const to of ["data", "native", "mcp", "question-form"] as const) {
      const result = translateAnswers(output, { form, from: "ask-user-question", to });
      if (!result.ok) return expect.fail(`${to}: ${result.error.message}`);
      expect(
        result.warnings.map((w) => [w.code, w.path]),
        to,
      ).to.deep.equal([["dropped", ["notes", "format"]]]);
      expect(result.warnings[0]?.message).to.match(/^Question `format`: /);
      const strict = translateAnswers(output, { form, from: "ask-user-question", to, strict: true });
      expect(strict.ok || strict.error.code, to).to.equal("lossy_translation");
    }
  });

  it("the bridge's reply to a text model says the answers and warns for the notes", () => {
    const model = auq.readForm(form);
    if (!model.ok) return expect.fail(model.error.message);
    const reply = replyToModel(output, { ...model.value, id: "fmt" }, { from: "ask-user-question" });
    if (!reply.ok) return expect.fail(reply.error.message);
    expect(reply.value.message).to.include("Detailed");
    expect(reply.warnings.map((w) => w.path)).to.deep.include(["notes", "format"]);
  });
});
