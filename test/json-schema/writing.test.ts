/**
 * The JSON-Schema codec's writing side (write-schema.ts, write-field.ts, write-options.ts,
 * resource-choice.ts) and where a read form's text warnings point (Report.text), through the
 * protocols' public writers and readers, where StrykerJS found no test in its spec (issue 19's
 * mutation pass): what each target drops or approximates, at which model path, what it
 * refuses, and what it writes instead. Codes, paths and written values only: the words are
 * `test/model/issue-words.test.ts`'s.
 */
import { expect } from "chai";
import type { Field, FormModel, Result } from "../../src/model/index.js";
import { acpProtocol } from "../../src/protocols/acp/index.js";
import { mcpProtocol } from "../../src/protocols/mcp/index.js";
import { nativeProtocol } from "../../src/protocols/native/index.js";
import { choice, resource as oneResource, said, text } from "../support/model-fields.js";

type Schema = { properties: Record<string, Record<string, unknown>>; required?: string[] };

/** A titled form of these fields written by `protocol` (acp with a session). */
function write(protocol: typeof nativeProtocol | typeof mcpProtocol | typeof acpProtocol, ...fields: unknown[]) {
  const form = { title: "T", fields } as FormModel;
  return protocol === acpProtocol
    ? acpProtocol.writeForm(form, { sessionId: "s" })
    : (protocol as typeof mcpProtocol).writeForm(form);
}
const schemaOf = (result: Result<unknown>): Schema => {
  if (!result.ok) throw new Error(result.error.message);
  const value = result.value as { requestedSchema?: Schema; params?: { requestedSchema: Schema } };
  return (value.requestedSchema ?? value.params?.requestedSchema) as Schema;
};
const propertyOf = (result: Result<unknown>) => schemaOf(result).properties.a as Record<string, unknown>;
const read = (protocol: typeof nativeProtocol | typeof mcpProtocol, requestedSchema: unknown): FormModel => {
  const result = protocol.readForm({ mode: "form", message: "M", requestedSchema });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

/** A resource question of two options. */
const resource = (more: Record<string, unknown> = {}) =>
  oneResource({
    options: [
      { uri: "https://a.example/1", name: "one" },
      { uri: "https://a.example/2", name: "two" },
    ],
    ...more,
  });

describe("json-schema writing: what each target drops, approximates and refuses", () => {
  describe("the form's questions", () => {
    it("refuses two questions with one id as an invalid form, also beside a question the target cannot ask", () => {
      const twice = [text(), text()];
      const file = { kind: "file", id: "f", required: false, multiple: false, options: [], pick: "any" };
      for (const protocol of [nativeProtocol, mcpProtocol, acpProtocol])
        expect(said(write(protocol, ...twice))).to.deep.equal(["invalid_form", [["duplicate_id", "fields.1.id"]]]);
      expect(said(write(mcpProtocol, ...twice, file))).to.deep.equal([
        "invalid_form",
        [
          ["duplicate_id", "fields.1.id"],
          ["unsupported_field", "fields.2"],
        ],
      ]);
      expect(said(write(mcpProtocol, file))).to.deep.equal(["unsupported_form", [["unsupported_field", "fields.0"]]]);
    });

    it("writes required in the order read while it names the same questions, else in field order", () => {
      const form = read(nativeProtocol, {
        type: "object",
        properties: { a: { type: "string" }, b: { type: "string" }, c: { type: "string" } },
        required: ["c", "b"],
      });
      const required = (change: (fields: Field[]) => void) => {
        const changed = structuredClone(form);
        change(changed.fields);
        return schemaOf(nativeProtocol.writeForm(changed)).required;
      };
      expect(required(() => {})).to.deep.equal(["c", "b"]);
      expect(required((fields) => Object.assign(fields[2] as Field, { required: false }))).to.deep.equal(["b"]);
      expect(
        required((fields) => {
          Object.assign(fields[0] as Field, { required: true });
          Object.assign(fields[1] as Field, { required: false });
        }),
      ).to.deep.equal(["a", "c"]);
    });

    it("leaves out a required list it read without one only while no question is required", () => {
      const form = read(nativeProtocol, { type: "object", properties: { a: { type: "string" } } });
      expect(schemaOf(nativeProtocol.writeForm(form)).required).to.equal(undefined);
      const changed = structuredClone(form);
      Object.assign(changed.fields[0] as Field, { required: true });
      expect(schemaOf(nativeProtocol.writeForm(changed)).required).to.deep.equal(["a"]);
    });
  });

  describe("text rules", () => {
    it("drops a pattern mcp cannot write, except the non-blank rule of a required question", () => {
      expect(said(write(mcpProtocol, text({ pattern: "^a" })))).to.deep.equal([["dropped", "fields.0.pattern"]]);
      expect(said(write(mcpProtocol, text({ pattern: "\\S" })))).to.deep.equal([["dropped", "fields.0.pattern"]]);
      const guard = write(mcpProtocol, text({ required: true, pattern: "\\S" }));
      expect([said(guard), propertyOf(guard)]).to.deep.equal([[], { type: "string" }]);
      expect(propertyOf(write(acpProtocol, text({ pattern: "^a" })))).to.deep.equal({ type: "string", pattern: "^a" });
    });

    it("writes a format MCP lacks as its pattern where patterns are written, unless the question has one", () => {
      const telPattern = write(nativeProtocol, text({ format: "tel" }));
      expect(said(telPattern)).to.deep.equal([["approximated", "fields.0.format"]]);
      expect(propertyOf(telPattern).pattern).to.be.a("string");
      const both = write(nativeProtocol, text({ format: "tel", pattern: "^a" }));
      expect([said(both), propertyOf(both)]).to.deep.equal([
        [["dropped", "fields.0.format"]],
        { type: "string", pattern: "^a" },
      ]);
      expect(said(write(mcpProtocol, text({ format: "tel" })))).to.deep.equal([["dropped", "fields.0.format"]]);
    });
  });

  describe("numbers", () => {
    it("drops a maximum below the minimum, and says where", () => {
      const written = write(mcpProtocol, { kind: "number", id: "a", required: false, minimum: 5, maximum: 1 });
      expect([said(written), propertyOf(written)]).to.deep.equal([
        [["dropped", "fields.0.maximum"]],
        { type: "number", minimum: 5 },
      ]);
    });
  });

  describe("choices", () => {
    it("drops a typed answer's bounds that cannot both hold at the custom answer's path (native)", () => {
      for (const multiple of [false, true]) {
        const written = write(nativeProtocol, choice({ multiple, custom: { minLength: 5, maxLength: 2 } }));
        expect(said(written)).to.deep.equal([["dropped", "fields.0.custom.maxLength"]]);
        const property = propertyOf(written);
        expect(multiple ? property.items : property).to.deep.include({ minLength: 5 });
      }
    });

    it("refuses a choice of nothing, which no reader reads back (an empty oneOf is no_options)", () => {
      for (const protocol of [nativeProtocol, mcpProtocol, acpProtocol])
        for (const multiple of [false, true])
          expect(said(write(protocol, choice({ options: [], multiple })))).to.deep.equal([
            "unsupported_form",
            [["unsupported_options", "fields.0.options"]],
          ]);
      const empty = {
        mode: "form",
        message: "M",
        requestedSchema: { type: "object", properties: { a: { type: "string", oneOf: [] } } },
      };
      const readBack = mcpProtocol.readForm(empty);
      expect(!readBack.ok && readBack.error.issues.map((issue) => issue.code)).to.deep.equal(["no_options"]);
    });

    it("refuses a choice of nothing that takes typed answers where no suggestion field exists", () => {
      for (const protocol of [mcpProtocol, acpProtocol])
        expect(said(write(protocol, choice({ options: [], custom: {} })))).to.deep.equal([
          "unsupported_form",
          [["unsupported_options", "fields.0.options"]],
        ]);
      expect(said(write(nativeProtocol, choice({ options: [], custom: {} })))).to.deep.equal([]);
    });

    it("drops what untitled options carry besides their value, and titles an unlabelled one among titled", () => {
      const untitled = write(mcpProtocol, choice({ options: [{ value: "x", description: "d" }] }));
      expect([said(untitled), propertyOf(untitled)]).to.deep.equal([
        [["dropped", "fields.0.options.0.description"]],
        { type: "string", enum: ["x"] },
      ]);
      const mixed = write(mcpProtocol, choice({ options: [{ value: "x", label: "X" }, { value: "y" }] }));
      expect([said(mixed), propertyOf(mixed)]).to.deep.equal([
        [["approximated", "fields.0.options.1.label"]],
        {
          type: "string",
          oneOf: [
            { const: "x", title: "X" },
            { const: "y", title: "y" },
          ],
        },
      ]);
    });

    it("writes enumNames back only while every option still has its label", () => {
      const form = read(mcpProtocol, {
        type: "object",
        properties: { a: { type: "string", enum: ["x", "y"], enumNames: ["X", "Y"] } },
      });
      expect(propertyOf(mcpProtocol.writeForm(form))).to.deep.equal({
        type: "string",
        enum: ["x", "y"],
        enumNames: ["X", "Y"],
      });
      const changed = structuredClone(form);
      const field = changed.fields[0] as Field & { options: { label?: string }[] };
      delete field.options[1]?.label;
      const written = mcpProtocol.writeForm(changed);
      expect([said(written), propertyOf(written)]).to.deep.equal([
        [["approximated", "fields.0.options.1.label"]],
        {
          type: "string",
          oneOf: [
            { const: "x", title: "X" },
            { const: "y", title: "y" },
          ],
        },
      ]);
    });

    it("writes suggestions on a free-string array read without them once it has options (native)", () => {
      const form = read(nativeProtocol, {
        type: "object",
        properties: { a: { type: "array", items: { type: "string" } } },
      });
      expect(propertyOf(nativeProtocol.writeForm(form))).to.deep.equal({ type: "array", items: { type: "string" } });
      const changed = structuredClone(form);
      Object.assign(changed.fields[0] as Field, { options: [{ value: "x", label: "X" }] });
      expect(propertyOf(nativeProtocol.writeForm(changed))).to.deep.equal({
        type: "array",
        items: { type: "string", "x-openai-suggestions": [{ const: "x", title: "X" }] },
      });
    });

    it("drops a default of the wrong shape or naming no option, and keeps one a typed answer may give", () => {
      const cases: [unknown, unknown][] = [
        [choice({ default: ["x"] }), [["dropped", "fields.0.default"]]],
        [choice({ multiple: true, default: "x" }), [["dropped", "fields.0.default"]]],
        [choice({ default: "z" }), [["dropped", "fields.0.default"]]],
        [choice({ multiple: true, default: ["x", "z"] }), [["dropped", "fields.0.default"]]],
      ];
      for (const [field, warnings] of cases) {
        const written = write(mcpProtocol, field);
        expect([said(written), propertyOf(written).default], JSON.stringify(field)).to.deep.equal([
          warnings,
          undefined,
        ]);
      }
      expect(propertyOf(write(mcpProtocol, choice({ multiple: true, default: ["x"] }))).default).to.deep.equal(["x"]);
      const typed = write(nativeProtocol, choice({ custom: {}, default: "z" }));
      expect([said(typed), propertyOf(typed).default]).to.deep.equal([[], "z"]);
    });
  });

  describe("a resource question where only titled selects exist (mcp, acp)", () => {
    for (const protocol of [mcpProtocol, acpProtocol]) {
      it(`${protocol.name}: refuses one with nothing to offer`, () => {
        expect(said(write(protocol, resource({ options: [] })))).to.deep.equal([
          "unsupported_form",
          [["unsupported_options", "fields.0.options"]],
        ]);
      });

      it(`${protocol.name}: drops what a select cannot say, and a default naming no offered URI`, () => {
        const implicit = write(
          protocol,
          resource({ selection: "implicit", minItems: 1, default: "https://a.example/3" }),
        );
        expect(said(implicit)).to.deep.equal([
          ["approximated", "fields.0"],
          ["dropped", "fields.0.selection"],
          ["dropped", "fields.0.default"],
          ["dropped", "fields.0.minItems"],
        ]);
        expect(propertyOf(implicit).default).to.equal(undefined);
        const kept = write(protocol, resource({ default: "https://a.example/2" }));
        expect([said(kept), propertyOf(kept).default]).to.deep.equal([
          [["approximated", "fields.0"]],
          "https://a.example/2",
        ]);
        expect(said(write(protocol, resource({ default: ["https://a.example/2"] })))).to.deep.equal([
          ["approximated", "fields.0"],
          ["dropped", "fields.0.default"],
        ]);
      });

      it(`${protocol.name}: several resources, with bounds that cannot both hold and a default partly offered`, () => {
        const written = write(
          protocol,
          resource({
            multiple: true,
            minItems: 3,
            maxItems: 1,
            default: ["https://a.example/1", "https://a.example/3"],
          }),
        );
        expect([said(written), propertyOf(written)]).to.deep.equal([
          [
            ["approximated", "fields.0"],
            ["dropped", "fields.0.default"],
            ["dropped", "fields.0.maxItems"],
          ],
          {
            type: "array",
            minItems: 3,
            items: {
              anyOf: [
                { const: "https://a.example/1", title: "one" },
                { const: "https://a.example/2", title: "two" },
              ],
            },
          },
        ]);
        const kept = write(protocol, resource({ multiple: true, default: ["https://a.example/2"] }));
        expect(propertyOf(kept).default).to.deep.equal(["https://a.example/2"]);
        expect(
          propertyOf(write(protocol, resource({ multiple: true, default: "https://a.example/2" }))).default,
        ).to.equal(undefined);
      });
    }
  });

  describe("where a read form's hidden characters are said to be (Report.text, where each text is read)", () => {
    const hidden = "\u200b";
    const at = (protocol: typeof nativeProtocol | typeof mcpProtocol, properties: unknown) => {
      const result = protocol.readForm({ mode: "form", message: "M", requestedSchema: { type: "object", properties } });
      return result.ok && result.warnings.map((issue) => [issue.code, issue.path.join(".")]);
    };

    it("at the property for its name, at the option's title or description in the list it stands in", () => {
      const option = { const: "x", title: `X${hidden}` };
      expect(at(mcpProtocol, { [`a${hidden}`]: { type: "string" } })).to.deep.equal([
        ["invisible_characters", `requestedSchema.properties.a${hidden}`],
      ]);
      expect(at(mcpProtocol, { a: { type: "string", oneOf: [option] } })).to.deep.equal([
        ["invisible_characters", "requestedSchema.properties.a.oneOf.0.title"],
      ]);
      expect(at(mcpProtocol, { a: { type: "array", items: { anyOf: [option] } } })).to.deep.equal([
        ["invisible_characters", "requestedSchema.properties.a.items.anyOf.0.title"],
      ]);
      expect(
        at(nativeProtocol, { a: { type: "string", oneOf: [{ const: "x", title: "X", description: `d${hidden}` }] } }),
      ).to.deep.equal([["invisible_characters", "requestedSchema.properties.a.oneOf.0.description"]]);
    });
  });
  describe("the message of a form without a title (mcp, acp: a host shows it as the heading)", () => {
    const untitled = (...fields: unknown[]) => ({ fields }) as FormModel;
    const message = (result: Result<unknown>) =>
      result.ok ? ((result.value as { message: string }).message ?? "") : result.error.message;

    it("is its only question's label, else a plain request, approximated at title (issue 33)", () => {
      for (const protocol of [mcpProtocol, acpProtocol]) {
        const one = protocol.writeForm(untitled(text({ label: "Your name" })), { sessionId: "s" });
        expect([message(one), said(one)]).to.deep.equal(["Your name", [["approximated", "title"]]]);
        const two = protocol.writeForm(untitled(text({ label: "A" }), text({ id: "b", label: "B" })), {
          sessionId: "s",
        });
        expect([message(two), said(two)]).to.deep.equal(["Please answer these questions", [["approximated", "title"]]]);
      }
    });

    it("stays empty where the request read had an empty message, so mcp and acp read and write it unchanged", () => {
      const params = { mode: "form", message: "", requestedSchema: { type: "object", properties: {} } };
      for (const [protocol, wire] of [
        [mcpProtocol, params],
        [acpProtocol, { ...params, sessionId: "s" }],
      ] as const) {
        const read = protocol.readForm(wire);
        if (!read.ok) return expect.fail(read.error.message);
        expect(read.value.title).to.equal(undefined);
        const written = protocol.writeForm(read.value);
        expect(written).to.deep.equal({ ok: true, value: wire, warnings: [] });
        // Read as another protocol, the empty message is no longer known: the heading is written.
        expect(message(protocol.writeForm({ ...read.value, extensions: {} }, { sessionId: "s" }))).to.equal(
          "Please answer these questions",
        );
      }
    });
  });
});
