import { expect } from "chai";
import { dataProtocol, validateDataInput } from "../../src/protocols/data/index.js";
import { loadFixtures } from "../support/fixtures.js";
import { compileSchema } from "../support/json-schema.js";

interface ValidFixture {
  description: string;
  input: unknown;
}
interface InvalidFixture extends ValidFixture {
  /** Whether the canonical JSON Schema can catch this problem (false: a cross-field rule). */
  jsonSchema: boolean;
  errors: { path: (string | number)[]; code: string }[];
}

const valid = loadFixtures<ValidFixture>("data/valid");
const invalid = loadFixtures<InvalidFixture>("data/invalid");
const schema = compileSchema("data-tool-input.schema.json");

describe("Data tool contract: fixtures", () => {
  for (const { name, fixture } of valid) {
    it(`accepts ${name}: ${fixture.description}`, () => {
      const result = validateDataInput(fixture.input);
      expect(result.ok, JSON.stringify(!result.ok && result.error.issues)).to.equal(true);
    });
  }
  for (const { name, fixture } of invalid) {
    it(`rejects ${name}: ${fixture.description}`, () => {
      const result = dataProtocol.readForm(fixture.input);
      if (result.ok) expect.fail("accepted an invalid input");
      expect(result.error.code).to.equal("invalid_arguments");
      expect(result.error.issues.map(({ path, code }) => ({ path, code }))).to.deep.equal(fixture.errors);
      for (const issue of result.error.issues)
        expect(issue.message)
          .to.be.a("string")
          .and.not.match(/^Invalid /);
    });
  }
});

describe("Data tool contract: valibot and the canonical JSON Schema agree", () => {
  for (const { name, fixture } of valid) {
    it(`both accept ${name}`, () => {
      expect(schema(fixture.input), JSON.stringify(schema.errors)).to.equal(true);
    });
  }
  for (const { name, fixture } of invalid) {
    const verdict = fixture.jsonSchema ? "rejects" : "cannot express (accepts)";
    it(`JSON Schema ${verdict} ${name}`, () => {
      expect(schema(fixture.input)).to.equal(!fixture.jsonSchema);
    });
  }
});

describe("Data tool contract: limits not in any fixture file", () => {
  it("rejects arguments over 1 MiB of JSON and accepts them at the limit", () => {
    const question = { id: "q", type: "text", title: "Q", required: false };
    const at = (length: number) => {
      const base = { message: "m", questions: [{ ...question, description: "" }] };
      const pad = length - JSON.stringify(base).length;
      return { message: "m", questions: [{ ...question, description: "d".repeat(pad) }] };
    };
    // Over the limit, the size is the one reported problem, before any other check.
    const over = validateDataInput(at(1024 * 1024 + 1));
    expect(over.ok).to.equal(false);
    if (!over.ok) expect(over.error.issues.map((issue) => issue.code)).to.deep.equal(["too_large"]);
    const exact = validateDataInput(at(1024 * 1024));
    if (exact.ok) expect.fail("a 1 MiB description is still over 2,000 characters");
    expect(exact.error.issues.map((issue) => issue.code)).to.deep.equal(["too_long"]);
  });

  it("reports a value that is not JSON instead of throwing", () => {
    const cyclic: Record<string, unknown> = { message: "m" };
    cyclic.questions = [cyclic];
    const result = validateDataInput(cyclic);
    expect(result.ok).to.equal(false);
    if (!result.ok) expect(result.error.issues[0]?.code).to.equal("not_json");
  });

  it("reports every problem, not only the first", () => {
    const result = validateDataInput({
      message: "",
      questions: [{ id: "1", type: "text", title: "", required: "yes" }],
      extra: true,
    });
    if (result.ok) expect.fail("accepted");
    expect(result.error.issues.map((issue) => [issue.code, issue.path])).to.deep.equal([
      ["too_short", ["message"]],
      ["pattern_mismatch", ["questions", 0, "id"]],
      ["too_short", ["questions", 0, "title"]],
      ["invalid_type", ["questions", 0, "required"]],
      ["unknown_key", ["extra"]],
    ]);
  });
});
