import { expect } from "chai";
import fc from "fast-check";
import { dataProtocol } from "../../src/protocols/data/index.js";
import { dataInput, withComputedDefaults } from "../support/data-arbitraries.js";
import { compileSchema } from "../support/json-schema.js";

const schema = compileSchema("data-tool-input.schema.json");

describe("Data tool contract: properties", () => {
  it("accepts every random valid input, as the canonical JSON Schema does", () => {
    fc.assert(
      fc.property(dataInput, (input) => {
        expect(schema(input), JSON.stringify(schema.errors)).to.equal(true);
        const read = dataProtocol.readForm(input);
        expect(read.ok, JSON.stringify(!read.ok && read.error)).to.equal(true);
      }),
      { seed: 20261130, numRuns: 300 },
    );
  });

  it("reads into the model and writes back the same input, computed defaults written out", () => {
    fc.assert(
      fc.property(dataInput, (input) => {
        const before = structuredClone(input);
        const read = dataProtocol.readForm(input);
        if (!read.ok) return expect.fail(read.error.message);
        const written = dataProtocol.writeForm(read.value);
        if (!written.ok) return expect.fail(written.error.message);
        expect(written.value).to.deep.equal(withComputedDefaults(input));
        expect(written.warnings).to.deep.equal([]);
        expect(input, "the reader must not mutate its input").to.deep.equal(before);
      }),
      { seed: 20261130, numRuns: 300 },
    );
  });

  it("merges the preview alias into the thumbnail and says so", () => {
    const input = {
      message: "Pick",
      questions: [
        {
          id: "q",
          type: "single_select",
          title: "Pick",
          required: true,
          options: [{ id: "a", title: "A", preview: { src: "https://example.com/a.png" } }],
        },
      ],
    };
    const read = dataProtocol.readForm(input);
    if (!read.ok) return expect.fail(read.error.message);
    expect(read.warnings.map((w) => [w.code, w.path])).to.deep.equal([
      ["alias_merged", ["questions", 0, "options", 0, "preview"]],
    ]);
    const written = dataProtocol.writeForm(read.value);
    if (!written.ok) return expect.fail(written.error.message);
    expect(written.value.questions[0]).to.deep.include({
      options: [{ id: "a", title: "A", thumbnail: { src: "https://example.com/a.png" } }],
    });
  });
});

describe("Data tool results", () => {
  const form = (() => {
    const read = dataProtocol.readForm({
      message: "Report",
      questions: [
        { id: "notes", type: "text", title: "Notes", required: true, maxLength: 10 },
        {
          id: "audience",
          type: "multi_select",
          title: "Audience",
          required: false,
          options: [
            { id: "exec", title: "Executives" },
            { id: "team", title: "Team" },
          ],
        },
        {
          id: "template",
          type: "resource",
          title: "Template",
          required: false,
          options: [{ uri: "https://example.com/t", name: "t", title: "T" }],
        },
        { id: "data", type: "files", title: "Data", required: false },
        { id: "constructor", type: "text", title: "Ctor", required: false },
      ],
    });
    if (!read.ok) throw new Error(read.error.message);
    return read.value;
  })();

  it("reads an accepted result and writes it back unchanged", () => {
    const result = {
      action: "accept",
      content: {
        notes: "hi",
        audience: ["team"],
        data: ["file:///Users/me/a.csv", "file://localhost/tmp/b.csv"],
        constructor: "plain key",
      },
    };
    const read = dataProtocol.readAnswers(result, form);
    if (!read.ok) return expect.fail(JSON.stringify(read.error));
    const written = dataProtocol.writeAnswers(read.value, form);
    if (!written.ok) return expect.fail(written.error.message);
    expect(JSON.parse(JSON.stringify(written.value))).to.deep.equal(result);
  });

  it("passes decline and cancel through, and never turns them or an error into answers", () => {
    for (const action of ["decline", "cancel"] as const) {
      expect(dataProtocol.readAnswers({ action }, form)).to.deep.equal({ ok: true, value: { action }, warnings: [] });
    }
    const error = dataProtocol.readAnswers({ error: { code: "timeout", message: "No submission in time." } }, form);
    expect(error.ok).to.equal(false);
    if (!error.ok) expect(error.error.code).to.equal("timeout");
  });

  // Each rejection with every problem's code and path; nothing is applied.
  const rejected: [string, unknown, [string, (string | number)[]][]][] = [
    ["blank required text", { notes: "   " }, [["blank_answer", ["content", "notes"]]]],
    ["missing required text", {}, [["missing_answer", ["content", "notes"]]]],
    ["text over maxLength", { notes: "x".repeat(11) }, [["too_long", ["content", "notes"]]]],
    [
      "an option that is not offered",
      { notes: "a", audience: ["ceo"] },
      [["not_an_option", ["content", "audience", 0]]],
    ],
    [
      "a duplicate selection",
      { notes: "a", audience: ["team", "team"] },
      [["duplicate_answer", ["content", "audience", 1]]],
    ],
    [
      "an empty string for a scalar resource",
      { notes: "a", template: "" },
      [["not_an_option", ["content", "template"]]],
    ],
    ["an array for a scalar resource", { notes: "a", template: [] }, [["invalid_type", ["content", "template"]]]],
    [
      "a file URI with a host",
      { notes: "a", data: ["file://evil.com/etc/passwd"] },
      [["invalid_file_uri", ["content", "data", 0]]],
    ],
    [
      "a file URI with a query",
      { notes: "a", data: ["file:///a.csv?x=1"] },
      [["invalid_file_uri", ["content", "data", 0]]],
    ],
    ["a relative file path", { notes: "a", data: ["a.csv"] }, [["invalid_file_uri", ["content", "data", 0]]]],
    ["an unknown question", { notes: "a", extra: "x" }, [["unknown_field", ["content", "extra"]]]],
    ["__proto__ as a key", JSON.parse('{"notes":"a","__proto__":"x"}'), [["unknown_field", ["content", "__proto__"]]]],
    ["a number for text", { notes: 5 }, [["invalid_type", ["content", "notes"]]]],
    [
      "several problems at once",
      { notes: "", audience: ["ceo", "ceo"], extra: "x" },
      [
        ["unknown_field", ["content", "extra"]],
        ["blank_answer", ["content", "notes"]],
        ["not_an_option", ["content", "audience", 0]],
        ["duplicate_answer", ["content", "audience", 1]],
        ["not_an_option", ["content", "audience", 1]],
      ],
    ],
  ];
  for (const [what, content, expected] of rejected) {
    it(`rejects ${what}, applying nothing`, () => {
      const read = dataProtocol.readAnswers({ action: "accept", content }, form);
      if (read.ok) return expect.fail("accepted");
      expect(read.error.code).to.equal("invalid_response");
      expect(read.error.issues.map((issue) => [issue.code, issue.path])).to.deep.equal(expected);
    });
  }

  // Accepted content and the model answers it is read as: the same keys, the same values.
  const accepted: [string, Record<string, string | string[]>][] = [
    ["required text only", { notes: "hi" }],
    ["text at its maxLength", { notes: "0123456789" }],
    ["no selection for an optional multi-select", { notes: "hi", audience: [] }],
    ["two selections", { notes: "hi", audience: ["exec", "team"] }],
    ["the offered resource", { notes: "hi", template: "https://example.com/t" }],
    ["no files", { notes: "hi", data: [] }],
    ["constructor as a question id", { notes: "hi", constructor: "plain key" }],
  ];
  for (const [what, content] of accepted) {
    it(`accepts ${what}, reads it as those answers and writes it back unchanged`, () => {
      const read = dataProtocol.readAnswers({ action: "accept", content }, form);
      if (!read.ok) return expect.fail(JSON.stringify(read.error));
      expect(read.value).to.deep.equal({ action: "accept", answers: content });
      const written = dataProtocol.writeAnswers(read.value, form);
      expect(written.ok && written.value).to.deep.equal({ action: "accept", content });
    });
  }

  it("rejects an error result whose code the contract does not list: it matches no result shape", () => {
    const read = dataProtocol.readAnswers({ error: { code: "oops", message: "?" } }, form);
    expect(!read.ok && [read.error.code, read.error.issues.map((issue) => [issue.code, issue.path])]).to.deep.equal([
      "invalid_response",
      [["invalid_type", []]],
    ]);
  });

  it("writes back every random content it accepts, unchanged, and rejects the rest as invalid_response", () => {
    let acceptedRuns = 0;
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom("notes", "audience", "template", "data", "zzz"),
          fc.oneof(fc.string(), fc.array(fc.constantFrom("exec", "team", "file:///x"))),
        ),
        (content) => {
          const read = dataProtocol.readAnswers({ action: "accept", content }, form);
          if (!read.ok) {
            expect(read.error.code).to.equal("invalid_response");
            return;
          }
          acceptedRuns++;
          const written = dataProtocol.writeAnswers(read.value, form);
          expect(written.ok && JSON.parse(JSON.stringify(written.value))).to.deep.equal({ action: "accept", content });
        },
      ),
      { seed: 7, numRuns: 300 },
    );
    // Both sides of the property ran.
    expect(acceptedRuns).to.be.within(1, 299);
  });
});
