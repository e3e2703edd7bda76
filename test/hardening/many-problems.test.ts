import { expect } from "chai";
import type { FormModel } from "../../src/model/index.js";
import { protocols } from "../../src/protocols/index.js";
import { summarizeMessage } from "../../src/protocols/question-form/index.js";
import { prototypeChange, tally } from "./guards.js";

/**
 * Inputs with hundreds of thousands of problems. Each reader must list them all, not throw:
 * spreading such a list into `push(...)` overflowed the stack (the Data and native answer
 * readers and the message summary did). Too large for a fixture's exact list, so counted here.
 */
const MANY = 150_000;

function read(protocol: "data" | "native" | "question-form", input: unknown): FormModel {
  const result = protocols[protocol].readForm(input);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

describe("hostile inputs: hundreds of thousands of problems at once", function () {
  this.timeout(60000);
  const files = read("data", {
    message: "Upload",
    questions: [{ id: "s", type: "files", title: "Sources", required: false }],
  });
  // Each item is not a file URI, each after the first repeats it, and the list is over the
  // 24-file limit: MANY + (MANY - 1) + 1 problems.
  const content = { s: Array.from({ length: MANY }, () => "https://example.com/r") };

  for (const protocol of ["data", "native"] as const) {
    it(`${protocol}: ${MANY.toLocaleString("en")} bad answers in one list are all reported`, () => {
      tally.hostileInputs++;
      const result = protocols[protocol].readAnswers({ action: "accept", content }, files);
      if (result.ok) expect.fail("accepted");
      expect(result.error.issues.length).to.equal(2 * MANY);
      expect(prototypeChange()).to.equal(undefined);
    });
  }

  it(`question-form: a message with ${MANY.toLocaleString("en")} warnings summarizes`, () => {
    tally.hostileInputs++;
    const questions = Array.from({ length: MANY }, () => '{"label": "Q", "type": "text", "zz": 1}').join(",");
    const summary = summarizeMessage(`<question-form id="f">{"questions": [${questions}]}</question-form>`);
    // Each question: no id, and an unknown key.
    expect(summary.problems.length).to.equal(2 * MANY);
    expect(summary.ok).to.equal(true);
  });
});
