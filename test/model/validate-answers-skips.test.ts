import { expect } from "chai";
import { type FormModel, isUnanswered, validateAnswers } from "../../src/model/index.js";

describe("skips are data: validateAnswers and isUnanswered (issue 29)", () => {
  const form: FormModel = {
    fields: [
      { kind: "text", id: "city", label: "City", required: true },
      { kind: "text", id: "note", label: "Note", required: false },
    ],
  };

  it("a required question the response says was skipped is not missing; one it does not say is", () => {
    expect(validateAnswers(form, {}, ["answers"], ["city"])).to.deep.equal([]);
    expect(validateAnswers(form, {}, ["answers"]).map((issue) => [issue.code, issue.path])).to.deep.equal([
      ["missing_answer", ["answers", "city"]],
    ]);
    // A skip excuses nothing else: an answer given is still checked.
    expect(validateAnswers(form, { city: 5 }, [], ["city"]).map((issue) => issue.code)).to.deep.equal(["invalid_type"]);
  });

  it("one rule of what is unanswered: no answer, blank text, nothing chosen", () => {
    for (const value of [undefined, "", "  \n", []]) expect(isUnanswered(value), JSON.stringify(value)).to.equal(true);
    for (const value of ["x", 0, false, ["a"]]) expect(isUnanswered(value), JSON.stringify(value)).to.equal(false);
  });
});
