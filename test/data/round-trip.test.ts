import { expect } from "chai";
import fc from "fast-check";
import { dataProtocol } from "../../src/protocols/data/index.js";
import { dataInput, withComputedDefaults } from "../support/data-arbitraries.js";
import { compileSchema } from "../support/json-schema.js";
import { validateAnswers } from "../../src/model/index.js";

const schema = compileSchema("data-tool-input.schema.json");

describe("Data tool contract: properties", () => {
  it("accepts every random valid input, as the canonical JSON Schema does", () => {
    fc.assert(fc.property(dataInput, (input) => {
      expect(schema(input), JSON.stringify(schema.errors)).to.equal(true);
      const read = dataProtocol.readForm(input);
      expect(read.ok, JSON.stringify(!read.ok && read.error)).to.equal(true);
    }), { seed: 20261130, numRuns: 300 });
  });

  it("reads into the model and writes back the same input, computed defaults written out", () => {
    fc.assert(fc.property(dataInput, (input) => {
      const before = structuredClone(input);
      const read = dataProtocol.readForm(input);
      if (!read.ok) return expect.fail(read.error.message);
      const written = dataProtocol.writeForm(read.value);
      if (!written.ok) return expect.fail(written.error.message);
      expect(written.value).to.deep.equal(withComputedDefaults(input));
      expect(written.warnings).to.deep.equal([]);
      expect(input, "the reader must not mutate its input").to.deep.equal(before);
    }), { seed: 20261130, numRuns: 300 });
  });

  it("merges the preview alias into the thumbnail and says so", () => {
    const input = { message: "Pick", questions: [{ id: "q", type: "single_select", title: "Pick", required: true, options: [{ id: "a", title: "A", preview: { src: "https://example.com/a.png" } }] }] };
    const read = dataProtocol.readForm(input);
    if (!read.ok) return expect.fail(read.error.message);
    expect(read.warnings.map((w) => [w.code, w.path])).to.deep.equal([["alias_merged", ["questions", 0, "options", 0, "preview"]]]);
    const written = dataProtocol.writeForm(read.value);
    if (!written.ok) return expect.fail(written.error.message);
    expect(written.value.questions[0]).to.deep.include({ options: [{ id: "a", title: "A", thumbnail: { src: "https://example.com/a.png" } }] });
  });
});

describe("Data tool results", () => {
  const form = (() => {
    const read = dataProtocol.readForm({
      message: "Report",
      questions: [
        { id: "notes", type: "text", title: "Notes", required: true, maxLength: 10 },
        { id: "audience", type: "multi_select", title: "Audience", required: false, options: [{ id: "exec", title: "Executives" }, { id: "team", title: "Team" }] },
        { id: "template", type: "resource", title: "Template", required: false, options: [{ uri: "https://example.com/t", name: "t", title: "T" }] },
        { id: "data", type: "files", title: "Data", required: false },
        { id: "constructor", type: "text", title: "Ctor", required: false },
      ],
    });
    if (!read.ok) throw new Error(read.error.message);
    return read.value;
  })();

  it("reads an accepted result and writes it back unchanged", () => {
    const result = { action: "accept", content: { notes: "hi", audience: ["team"], data: ["file:///Users/me/a.csv", "file://localhost/tmp/b.csv"], constructor: "plain key" } };
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

  const rejected: [string, unknown, string[]][] = [
    ["blank required text", { notes: "   " }, ["blank_answer"]],
    ["missing required text", {}, ["missing_answer"]],
    ["text over maxLength", { notes: "x".repeat(11) }, ["too_long"]],
    ["an option that is not offered", { notes: "a", audience: ["ceo"] }, ["not_an_option"]],
    ["a duplicate selection", { notes: "a", audience: ["team", "team"] }, ["duplicate_answer"]],
    ["an empty string for a scalar resource", { notes: "a", template: "" }, ["not_an_option"]],
    ["an array for a scalar resource", { notes: "a", template: [] }, ["invalid_type"]],
    ["a file URI with a host", { notes: "a", data: ["file://evil.com/etc/passwd"] }, ["invalid_file_uri"]],
    ["a file URI with a query", { notes: "a", data: ["file:///a.csv?x=1"] }, ["invalid_file_uri"]],
    ["a relative file path", { notes: "a", data: ["a.csv"] }, ["invalid_file_uri"]],
    ["an unknown question", { notes: "a", extra: "x" }, ["unknown_field"]],
    ["__proto__ as a key", JSON.parse('{"notes":"a","__proto__":"x"}'), ["unknown_field"]],
  ];
  for (const [what, content, codes] of rejected) {
    it(`rejects ${what}, applying nothing`, () => {
      const read = dataProtocol.readAnswers({ action: "accept", content }, form);
      if (read.ok) return expect.fail("accepted");
      expect(read.error.code).to.equal("invalid_response");
      expect(read.error.issues.map((issue) => issue.code)).to.deep.equal(codes);
      expect(Object.getPrototypeOf({})).to.equal(Object.prototype);
    });
  }

  it("agrees with the model's own answer check on random answers", () => {
    fc.assert(fc.property(fc.dictionary(fc.constantFrom("notes", "audience", "template", "data", "zzz"), fc.oneof(fc.string(), fc.array(fc.constantFrom("exec", "team", "file:///x")))), (content) => {
      const read = dataProtocol.readAnswers({ action: "accept", content }, form);
      expect(read.ok).to.equal(validateAnswers(form, content).length === 0);
    }), { seed: 7, numRuns: 300 });
  });
});
