import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { expect } from "chai";
import { nativeProtocol, questionFormProtocol, validateDataInput } from "../../src/index.js";
import { readMessage } from "../../src/protocols/question-form/index.js";
import { dataToolInput, distinctDataInput } from "../../bench/generators/data-input.js";
import { forms, invalidAnswers, validAnswers } from "../../bench/generators/forms.js";
import { transcript } from "../../bench/generators/transcript.js";
import { handCompile } from "../../bench/references/hand-compile.js";
import { scanForms } from "../../bench/references/scan.js";

type JsonSchema = Parameters<AjvJsonSchemaValidator["getValidator"]>[0];

describe("benchmark generators", () => {
  describe("the Data tool input", () => {
    const data = dataToolInput();

    it("is the same for the same seed, and another for another seed", () => {
      expect(dataToolInput()).to.deep.equal(data);
      expect(dataToolInput(8)).to.not.deep.equal(data);
    });

    it("passes the whole Data contract", () => {
      const valid = validateDataInput(data);
      expect(valid.ok, valid.ok ? "" : valid.error.message).to.equal(true);
    });

    it(
      "has 12 questions, every type twice, 6 options each, resources with an icon and a ~2 KB data-URI " + "thumbnail",
      () => {
        expect(data.questions).to.have.length(12);
        const types = data.questions.map((q) => q.type).sort();
        expect(types).to.deep.equal([
          "files",
          "files",
          "multi_select",
          "multi_select",
          "resource",
          "resource",
          "resources",
          "resources",
          "single_select",
          "single_select",
          "text",
          "text",
        ]);
        for (const q of data.questions) {
          if (q.type === "text") continue;
          expect(q.options, q.id).to.have.length(6);
          if (q.type === "single_select" || q.type === "multi_select") continue;
          for (const option of q.options ?? []) {
            expect(option.icons, option.uri).to.have.length(1);
            expect(option.thumbnail?.src).to.match(/^data:image\/png;base64,/);
            expect(option.thumbnail?.src.length).to.be.within(2000, 2200);
          }
        }
      },
    );

    it("made distinct by a number, stays valid and shares no id with the base", () => {
      const other = distinctDataInput(data, 41);
      expect(validateDataInput(other).ok).to.equal(true);
      expect(other.questions.map((q) => q.id)).to.not.include.members(data.questions.map((q) => q.id));
      expect(distinctDataInput(data, 41)).to.deep.equal(other);
    });
  });

  describe("the native request, the question-form message and the answers", () => {
    const { data, native, questionForm } = forms();

    it("the hand-written reference compile writes formgate's native request", () => {
      expect(handCompile(data)).to.deep.equal(native);
    });

    it("the native request reads back, and the question-form message holds the 12 questions", () => {
      expect(nativeProtocol.readForm(native).ok).to.equal(true);
      const read = questionFormProtocol.readForm(questionForm);
      expect(read.ok && read.value.fields.length).to.equal(12);
    });

    it("valid answers satisfy formgate and the SDK's validator; invalid ones neither", () => {
      const form = nativeProtocol.readForm(native);
      if (!form.ok) throw new Error(form.error.message);
      const check = new AjvJsonSchemaValidator().getValidator(native.requestedSchema as JsonSchema);
      const valid = validAnswers(data);
      expect(validAnswers(data)).to.deep.equal(valid);
      const accepted = nativeProtocol.readAnswers(valid, form.value);
      expect(accepted.ok, accepted.ok ? "" : accepted.error.message).to.equal(true);
      expect(check(valid.content).valid).to.equal(true);
      const invalid = invalidAnswers(data);
      expect(nativeProtocol.readAnswers(invalid, form.value).ok).to.equal(false);
      expect(check(invalid.content).valid).to.equal(false);
    });
  });

  describe("the transcript", () => {
    it("is the same for the same options", () => {
      const options = { bytes: 200_000, forms: 20, fencedExamples: 2 };
      expect(transcript(options).text).to.equal(transcript(options).text);
      expect(transcript({ ...options, seed: 1 }).text).to.not.equal(transcript(options).text);
    });

    it("is 10 MB with exactly 1,000 readable forms among prose, code and multi-byte text", function () {
      this.timeout(60000);
      const { text, forms: count, fencedExamples } = transcript();
      expect(Buffer.byteLength(text)).to.be.at.least(10 * 1024 * 1024);
      expect(text)
        .to.match(/[^\u0000-\u007f]/)
        .and.to.include("```")
        .and.to.include("~~~");
      const { segments, warnings } = readMessage(text);
      const read = segments.filter((segment) => segment.kind === "form");
      expect(read).to.have.length(1000);
      expect(count).to.equal(1000);
      expect(segments.filter((segment) => segment.kind === "error")).to.deep.equal([]);
      expect(warnings).to.deep.equal([]);
      // The naive scan also reads the examples shown in code fences.
      expect(scanForms(text)).to.have.length(1000 + fencedExamples);
    });
  });
});
