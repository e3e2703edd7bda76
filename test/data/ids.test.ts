import { expect } from "chai";
import fc from "fast-check";
import { dataProtocol } from "../../src/protocols/data/index.js";
import { dataIds } from "../../src/protocols/data/ids.js";
import { ID_PATTERN, MAX_ID_LENGTH } from "../../src/protocols/data/limits.js";

describe("Data ids: the id pattern", () => {
  const accepted = ["a", "Z", "a1", "a_b-c", "Q2_final", "a".repeat(MAX_ID_LENGTH)];
  const rejected = [
    "",
    "1a",
    "_a",
    "-a",
    "a b",
    "a.b",
    "café",
    "a\n",
    "\na",
    "a".repeat(MAX_ID_LENGTH + 1),
    "a/b",
    "__proto__",
  ];
  for (const id of accepted)
    it(`accepts ${JSON.stringify(id.length > 20 ? `${id.length} × a` : id)}`, () =>
      expect(ID_PATTERN.test(id)).to.equal(true));
  for (const id of rejected)
    it(`rejects ${JSON.stringify(id.length > 20 ? `${id.length} × a` : id)}`, () =>
      expect(ID_PATTERN.test(id)).to.equal(false));
});

describe("Data ids: model ids written as Data ids (dataIds)", () => {
  const cases: [string, string[], string[]][] = [
    ["valid, unique ids stay as they are", ["name", "email", "Q_2"], ["name", "email", "Q_2"]],
    [
      "other characters become dashes, leading non-letters go",
      ["Mobile (iOS)", "2024 budget", "#tag"],
      ["Mobile-iOS", "budget", "tag"],
    ],
    ["nothing left of a value: the prefix and position", ["2024", "!!!", ""], ["q1", "q2", "q3"]],
    ["accents are dropped, the letters kept", ["Café", "naïve"], ["Cafe", "naive"]],
    ["a repeated id: the later one numbered", ["a", "a", "a"], ["a", "q2_1", "q3_2"]],
    ["a slug that would take a valid id given later: numbered instead", ["Name!", "Name"], ["q1_0", "Name"]],
    // These hung before: the numbered id was taken and the same number was tried forever.
    ["a numbered id that is taken: the next number", ["x y", "x-y", "q1_0"], ["q1_1", "x-y", "q1_0"]],
    ["a repeat whose numbered id is taken", ["a", "a", "q2_1"], ["a", "q2_2", "q2_1"]],
    ["__proto__ is a value like any other", ["__proto__", "constructor"], ["proto__", "constructor"]],
    ["too long: shortened to 64", ["a".repeat(70)], ["a".repeat(MAX_ID_LENGTH)]],
  ];
  for (const [what, values, expected] of cases) {
    it(`${what}: ${JSON.stringify(values.map((v) => (v.length > 20 ? `${v.length} × a` : v)))}`, () => {
      expect(dataIds(values, "q")).to.deep.equal(expected);
    });
  }

  it("writes a form whose ids once hung the writer, and reads its answers back by the model's ids", () => {
    const fields = ["x y", "x-y", "q1_0"].map((id) => ({ kind: "text" as const, id, label: id, required: false }));
    const form = { title: "Ids", fields };
    const written = dataProtocol.writeForm(form);
    if (!written.ok) return expect.fail(written.error.message);
    expect(written.value.questions.map((question) => question.id)).to.deep.equal(["q1_1", "x-y", "q1_0"]);
    const answers = dataProtocol.readAnswers(
      { action: "accept", content: { q1_1: "one", "x-y": "two", q1_0: "three" } },
      form,
    );
    expect(answers.ok && answers.value).to.deep.equal({
      action: "accept",
      answers: { "x y": "one", "x-y": "two", q1_0: "three" },
    });
  });

  it("uses the prefix given (o for options)", () => {
    expect(dataIds(["1", "2"], "o")).to.deep.equal(["o1", "o2"]);
  });

  it(
    "gives any list of values unique valid ids, the same ones every time, keeping those already valid and " + "unique",
    () => {
      fc.assert(
        fc.property(
          fc.array(
            fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom("a", "q1", "q2_1", "Name", "Name!", "2024")),
            {
              maxLength: 30,
            },
          ),
          (values) => {
            const ids = dataIds(values, "q");
            expect(ids).to.have.length(values.length);
            for (const id of ids) expect(ID_PATTERN.test(id), id).to.equal(true);
            expect(new Set(ids).size).to.equal(ids.length);
            expect(dataIds(values, "q")).to.deep.equal(ids);
            values.forEach((value, index) => {
              if (ID_PATTERN.test(value) && values.indexOf(value) === index) expect(ids[index]).to.equal(value);
            });
          },
        ),
        { numRuns: 300 },
      );
    },
  );
});
