import { expect } from "chai";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { detectProtocol, translate, translateAnswers } from "../../src/gateway/translate.js";
import { dataInput, withComputedDefaults } from "../support/data-arbitraries.js";

const example = JSON.parse(readFileSync("examples/report-template.data.json", "utf8"));

describe("translate", () => {
  it("detects a Data tool input and a native request by their shape", () => {
    const native = translate(example, { to: "native" });
    if (!native.ok) return expect.fail(native.error.message);
    expect(native.value).to.have.property("mode", "form");
    const back = translate(native.value, { to: "data" });
    if (!back.ok) return expect.fail(back.error.message);
    expect(back.value).to.deep.equal(withComputedDefaults(example));
  });

  it("keeps every Data tool input through native and back (computed defaults written out)", () => {
    fc.assert(
      fc.property(dataInput, (input) => {
        const native = translate(input, { from: "data", to: "native" });
        if (!native.ok) return expect.fail(native.error.message);
        const back = translate(native.value, { from: "native", to: "data", strict: true });
        if (!back.ok) return expect.fail(JSON.stringify(back.error));
        expect(back.value).to.deep.equal(withComputedDefaults(input));
      }),
      { seed: 11, numRuns: 150 },
    );
  });

  it("fails in strict mode when something would be lost, listing each loss", () => {
    const native = {
      mode: "form",
      message: "Size",
      requestedSchema: { type: "object", properties: { n: { type: "number", title: "Size", minimum: 1 } } },
    };
    const lenient = translate(native, { to: "data" });
    if (!lenient.ok) return expect.fail(lenient.error.message);
    expect(lenient.warnings.map((w) => w.code)).to.include("approximated");
    const strict = translate(native, { to: "data", strict: true });
    if (strict.ok) return expect.fail("strict mode accepted a lossy translation");
    expect(strict.error.code).to.equal("lossy_translation");
    expect(strict.error.issues.every((issue) => issue.severity === "error")).to.equal(true);
  });

  it("picks the most specific protocol: params are mcp's without an OpenAI extension, native's with one", () => {
    const plain = {
      mode: "form",
      message: "Name",
      requestedSchema: { type: "object", properties: { n: { type: "string" } } },
    };
    const detected = (input: unknown) => {
      const result = detectProtocol(input);
      return result.ok ? result.value : result.error.code;
    };
    expect(detected(plain)).to.equal("mcp");
    expect(detected({ method: "elicitation/create", params: plain })).to.equal("mcp");
    expect(detected({ inputRequests: { a: { method: "elicitation/create", params: plain } } })).to.equal("mcp");
    expect(detected({ method: "openai/elicitation/create", params: plain })).to.equal("native");
    // A pattern or option descriptions without an OpenAI extension are an MCP SDK's or zod's form (issue 33).
    expect(
      detected({ ...plain, requestedSchema: { type: "object", properties: { n: { type: "string", pattern: "x" } } } }),
    ).to.equal("mcp");
    expect(
      detected({
        ...plain,
        requestedSchema: {
          type: "object",
          properties: { n: { type: "string", oneOf: [{ const: "a", title: "A", description: "d" }] } },
        },
      }),
    ).to.equal("mcp");
    expect(
      detected({
        ...plain,
        requestedSchema: { type: "object", properties: { n: { type: "string", "x-openai-input": { type: "text" } } } },
      }),
    ).to.equal("native");
    expect(
      detected({ ...plain, _meta: { "openai/elicitation": { requestedSchema: plain.requestedSchema } } }),
    ).to.equal("native");
    expect(detected({ message: "m", questions: [] })).to.equal("data");
    expect(detected("<question-form>{}</question-form>")).to.equal("question-form");
  });

  it("reports a tie as ambiguous, naming the protocols to pass", () => {
    const both = {
      mode: "url",
      message: "m",
      requestedSchema: { type: "object", properties: { n: { type: "array", items: { "x-openai-suggestions": [] } } } },
    };
    const result = detectProtocol(both);
    if (result.ok) return expect.fail(`picked ${result.value}`);
    expect(result.error.code).to.equal("ambiguous_protocol");
    expect(result.error.message).to.include('"native"').and.include('"mcp"');
    expect(translate(both, { from: "native", to: "data" }).ok).to.equal(false);
  });

  it("names an input that is no known form instead of guessing", () => {
    const result = translate({ hello: "world" }, { to: "native" });
    expect(result.ok).to.equal(false);
    if (!result.ok) expect(result.error.code).to.equal("unknown_protocol");
  });
});

describe("translateAnswers", () => {
  it("turns a native result into the Data tool result for the same form", () => {
    const result = JSON.parse(readFileSync("examples/report-template.native-result.json", "utf8"));
    const data = translateAnswers(result, { form: example, from: "native", to: "data" });
    if (!data.ok) return expect.fail(JSON.stringify(data.error));
    expect(JSON.parse(JSON.stringify(data.value))).to.deep.equal(result);
  });

  it("rejects answers that do not satisfy the form, writing nothing", () => {
    const data = translateAnswers(
      { action: "accept", content: { audience: ["exec", "team", "customers"] } },
      { form: example, from: "native", to: "data" },
    );
    if (data.ok) return expect.fail("accepted three choices where two are allowed");
    expect(data.error.code).to.equal("invalid_response");
  });

  it("locates a Data answer's problem at its Data key, not at the model id it stands for", () => {
    const form = { fields: [{ kind: "text", id: "Mobile (iOS)", label: "Mobile", required: false, maxLength: 3 }] };
    const result = translateAnswers(
      { action: "accept", content: { "Mobile-iOS": "too long" } },
      { form, formFrom: "model", from: "data", to: "native" },
    );
    expect(!result.ok && result.error.issues.map((issue) => [issue.code, issue.path])).to.deep.equal([
      ["too_long", ["content", "Mobile-iOS"]],
    ]);
  });

  it('asks for `formFrom: "model"` when the form is a model form and formFrom is not given', () => {
    const form = { fields: [{ kind: "text", id: "name", label: "Name", required: true }] };
    const answers = { action: "accept", content: { name: "Ada" } };
    const result = translateAnswers(answers, { form, from: "data", to: "native" });
    if (result.ok) return expect.fail("read a model form as some protocol's");
    expect(result.error.code).to.equal("unknown_protocol");
    expect(result.error.message).to.include('`formFrom: "model"`').and.not.include("`from`");
    expect(translateAnswers(answers, { form, formFrom: "model", from: "data", to: "native" })).to.deep.equal({
      ok: true,
      value: answers,
      warnings: [],
    });
  });

  it("names `formFrom`, not `from`, when the form's protocol cannot be found", () => {
    const result = translateAnswers(
      { action: "accept", content: {} },
      { form: { hello: "world" }, from: "data", to: "native" },
    );
    if (result.ok) return expect.fail("read a form of no protocol");
    expect([result.error.code, result.error.message]).to.deep.equal([
      "unknown_protocol",
      "The input is not a form of any protocol formgate speaks; name its protocol with `formFrom`.",
    ]);
    // translate's own option is `from`.
    const translated = translate({ hello: "world" }, { to: "native" });
    expect(!translated.ok && translated.error.message).to.include("`from`");
  });

  describe("answers to one of several forms in a message", () => {
    const block = (id: string, question: string) =>
      `<question-form id="${id}">` +
      `${JSON.stringify({ questions: [{ id: question, type: "text", label: question, required: true }] })}` +
      "</question-form>";
    const message = `Two things:\n${block("scope", "pages")}\nand\n${block("style", "tone")}`;

    it("reads the form the answer header names", () => {
      const native = translateAnswers("[form answers — style]\n- tone: calm", {
        form: message,
        from: "question-form",
        to: "native",
      });
      if (!native.ok) return expect.fail(JSON.stringify(native.error));
      expect(native.value).to.deep.equal({ action: "accept", content: { tone: "calm" } });
      expect(native.warnings).to.deep.equal([]);
    });

    it("lets formId decide over the header, which then names the wrong form", () => {
      const native = translateAnswers("[form answers — style]\n- tone: calm", {
        form: message,
        formId: "scope",
        from: "question-form",
        to: "native",
      });
      expect(!native.ok && native.error.issues.map((issue) => [issue.code, issue.message])).to.deep.equal([
        ["wrong_form", 'The answers are for the form "style", not "scope".'],
      ]);
    });

    it("reads the first form when the header names none of them, and says which it expected", () => {
      const native = translateAnswers("[form answers — other]\n- tone: calm", {
        form: message,
        from: "question-form",
        to: "native",
      });
      expect(!native.ok && native.error.issues.map((issue) => [issue.code, issue.message])).to.deep.equal([
        ["wrong_form", 'The answers are for the form "other", not "scope".'],
      ]);
    });
  });
});
