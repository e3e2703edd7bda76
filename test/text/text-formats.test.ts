import { expect } from "chai";
import fc from "fast-check";
import { type FormModel, type TextFormat, validateAnswers } from "../../src/model/index.js";
import { TEXT_FORMAT_RULES } from "../../src/text/text-formats.js";
import { FORMAT_PATTERNS, MCP_FORMATS } from "../../src/protocols/json-schema/index.js";
import { nativeProtocol } from "../../src/protocols/native/index.js";

const FORMATS = Object.keys(TEXT_FORMAT_RULES) as TextFormat[];
/** Characters the formats are made of, so that random strings come near the edges. */
const ALPHABET = [..."0123456789 ()./-+#:@aAfFzZtT\t"];

/** Whether formgate's answer check accepts `value` for a text field of `format`. */
function answerAccepted(format: TextFormat, value: string): boolean {
  const form: FormModel = { fields: [{ kind: "text", id: "a", required: true, format }] };
  return validateAnswers(form, { a: value }).length === 0;
}

/** The pattern a host gets for `format` from the native writer (a host checks it as JSON Schema does). */
function writtenPattern(format: TextFormat): string {
  const written = nativeProtocol.writeForm({ fields: [{ kind: "text", id: "a", required: true, format }] });
  if (!written.ok) throw new Error(written.error.message);
  const property = written.value.requestedSchema.properties.a as { pattern?: string };
  return property.pattern as string;
}

describe("text formats: one table for the host's pattern and formgate's answer check", () => {
  it("every model format is either an MCP format or written as a pattern with nothing beyond it", () => {
    for (const format of FORMATS) {
      if (MCP_FORMATS.includes(format)) expect(FORMAT_PATTERNS[format], format).to.equal(undefined);
      else {
        expect(FORMAT_PATTERNS[format], format).to.equal(TEXT_FORMAT_RULES[format].pattern);
        expect(TEXT_FORMAT_RULES[format].also, `${format} has a check its pattern cannot say`).to.equal(undefined);
      }
    }
  });

  for (const format of FORMATS.filter((f) => !MCP_FORMATS.includes(f))) {
    it(`${format}: the host's pattern and the answer check agree on every string`, () => {
      const host = new RegExp(writtenPattern(format), "u");
      const samples = ["(( ))", "+1 555 0100", "12:30", "12:30:00z", "#abc", "#12345g", "", "   ", "+", "1"];
      for (const value of samples.filter((s) => s.trim() !== ""))
        expect(host.test(value), JSON.stringify(value)).to.equal(answerAccepted(format, value));
      fc.assert(
        fc.property(fc.string({ unit: fc.constantFrom(...ALPHABET), minLength: 1, maxLength: 40 }), (value) => {
          fc.pre(value.trim() !== "");
          return host.test(value) === answerAccepted(format, value);
        }),
        { numRuns: 2000 },
      );
    });
  }

  it('tel needs a digit on both sides: "(( ))" is refused by the host and by formgate', () => {
    expect(new RegExp(writtenPattern("tel"), "u").test("(( ))")).to.equal(false);
    expect(answerAccepted("tel", "(( ))")).to.equal(false);
    expect(answerAccepted("tel", "+1 (555) 010-0100")).to.equal(true);
  });
});
