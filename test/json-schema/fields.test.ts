/**
 * The JSON-Schema codec's field side (the Report each property and option is read about, read-field.ts,
 * read-options.ts, read-schema.ts, option-description.ts, standard.ts), through the protocols' public readers
 * and detectors, where StrykerJS found no test in its spec (issue 19's mutation pass): which
 * question and option each problem is about, keywords that cannot stand together (each named
 * once), number `enum`s, the items of an array, options with a problem (never read further),
 * the form schema's own keys, and what detection counts as a standard form. Codes, paths,
 * questions and options only: the words are `test/model/issue-words.test.ts`'s.
 */
import { expect } from "chai";
import { z } from "zod";
import type { Issue, Result } from "../../src/model/index.js";
import { acpProtocol } from "../../src/protocols/acp/index.js";
import { mcpProtocol } from "../../src/protocols/mcp/index.js";
import { nativeProtocol } from "../../src/protocols/native/index.js";
import { NONE, OWN, SHAPE } from "../../src/protocols/protocol.js";

const form = (properties: unknown, schema: Record<string, unknown> = {}) => ({
  mode: "form",
  message: "M",
  requestedSchema: { type: "object", properties, ...schema },
});
const property = (a: unknown) => form({ a });
const below = (...path: (string | number)[]) => ["requestedSchema", "properties", "a", ...path].join(".");

/** Each issue (a failure's, or else the warnings) as code, path, and the question and option it names, "-" for none. */
function located(result: Result<unknown>): unknown[] {
  const issues: Issue[] = result.ok ? result.warnings : result.error.issues;
  return issues.map((issue) => [
    issue.code,
    issue.path.join("."),
    Object.hasOwn(issue, "question") ? issue.question : "-",
    Object.hasOwn(issue, "option") ? issue.option : "-",
  ]);
}

/** The failure's issues as code and path, or "read" for a form read. */
function refused(result: Result<unknown>): unknown {
  return result.ok ? "read" : result.error.issues.map((issue) => [issue.code, issue.path.join(".")]);
}

describe("json-schema fields: what each problem is about, and what may stand together", () => {
  describe("the question and option of a problem (each property read about its question)", () => {
    const titled = (...extra: Record<string, unknown>[]) =>
      extra.map((option, index) => ({ const: `v${index}`, title: `V${index}`, ...option }));

    it("names the option of every option list by its const, its value or its URI", () => {
      const cases: [unknown, unknown[]][] = [
        [
          { type: "string", oneOf: titled({}, { $comment: "c" }) },
          [["ignored_key", below("oneOf", 1, "$comment"), "a", "v1"]],
        ],
        [{ type: "string", enum: ["x", "y", "x"] }, [["duplicate_option", below("enum", 2), "a", "x"]]],
        // A legacy title names the option by the `enum` value at its index, not by itself.
        [
          { type: "string", enum: ["x", "y"], enumNames: ["X", "Y\u200b"] },
          [["invisible_characters", below("enumNames", 1), "a", "y"]],
        ],
        [
          { type: "string", "x-openai-suggestions": titled({}, { $comment: "c" }) },
          [["ignored_key", below("x-openai-suggestions", 1, "$comment"), "a", "v1"]],
        ],
        [
          { type: "array", items: { anyOf: titled({}, { $comment: "c" }) } },
          [["ignored_key", below("items", "anyOf", 1, "$comment"), "a", "v1"]],
        ],
        [
          { type: "array", items: { type: "string", enum: ["x", "y", "y"] } },
          [["duplicate_option", below("items", "enum", 2), "a", "y"]],
        ],
        [
          { type: "array", items: { type: "string", "x-openai-suggestions": titled({}, { $comment: "c" }) } },
          [["ignored_key", below("items", "x-openai-suggestions", 1, "$comment"), "a", "v1"]],
        ],
        [
          {
            type: "string",
            format: "uri",
            "x-openai-input": {
              type: "resource",
              options: [
                { uri: "https://a.example/1", name: "one" },
                { uri: "https://a.example/2", name: "two", bogus: 1 },
              ],
            },
          },
          [["unknown_key", below("x-openai-input", "options", 1, "bogus"), "a", "https://a.example/2"]],
        ],
      ];
      for (const [schema, issues] of cases)
        expect(located(nativeProtocol.readForm(property(schema))), JSON.stringify(schema)).to.deep.equal(issues);
    });

    it("names no option where the option has no string to name it by, or the path stops at the list", () => {
      const cases: [unknown, unknown[]][] = [
        [
          { type: "string", oneOf: [{ const: 1, title: "A" }] },
          [["invalid_type", below("oneOf", 0, "const"), "a", "-"]],
        ],
        [{ type: "string", oneOf: [5] }, [["invalid_type", below("oneOf", 0), "a", "-"]]],
        [{ type: "string", oneOf: [null] }, [["invalid_type", below("oneOf", 0), "a", "-"]]],
        [{ type: "string", oneOf: "x" }, [["invalid_type", below("oneOf"), "a", "-"]]],
        [
          { type: "string", format: "uri", "x-openai-input": { type: "resource", options: [{ name: "one" }] } },
          [["missing_property", below("x-openai-input", "options", 0, "uri"), "a", "-"]],
        ],
        [{ type: "string", title: 5 }, [["invalid_type", below("title"), "a", "-"]]],
      ];
      for (const [schema, issues] of cases)
        expect(located(nativeProtocol.readForm(property(schema))), JSON.stringify(schema)).to.deep.equal(issues);
    });

    it("names no question outside the properties, nor at the properties themselves", () => {
      expect(located(nativeProtocol.readForm(form({ a: { type: "string" } }, { required: ["b"] })))).to.deep.equal([
        ["unknown_property", "requestedSchema.required.0", "-", "-"],
      ]);
      expect(located(mcpProtocol.readForm(form(5)))).to.deep.equal([
        ["invalid_type", "requestedSchema.properties", "-", "-"],
      ]);
      // A question may be called "properties": the first `properties` of the path is the schema's.
      expect(located(mcpProtocol.readForm(form({ properties: { type: "string", title: 5 } })))).to.deep.equal([
        ["invalid_type", "requestedSchema.properties.properties.title", "properties", "-"],
      ]);
    });

    it("names the question and option the same way in every JSON-Schema protocol", () => {
      const schema = { type: "string", oneOf: titled({}, { $comment: "c" }) };
      const expected = [["ignored_key", below("oneOf", 1, "$comment"), "a", "v1"]];
      expect(located(mcpProtocol.readForm(property(schema)))).to.deep.equal(expected);
      expect(located(acpProtocol.readForm({ sessionId: "s", ...property(schema) }))).to.deep.equal(expected);
    });
  });

  describe("keywords that cannot stand together, each named once", () => {
    const option = [{ const: "x", title: "X" }];
    for (const protocol of [nativeProtocol, mcpProtocol]) {
      it(`${protocol.name}: a single choice, a string and the items of an array`, () => {
        const cases: [unknown, unknown][] = [
          [{ type: "string", anyOf: option }, [["forbidden_keyword", below("anyOf")]]],
          [{ type: "string", oneOf: option, enum: ["x"] }, [["forbidden_keyword", below("enum")]]],
          [{ type: "string", oneOf: option, anyOf: option }, [["forbidden_keyword", below("anyOf")]]],
          [{ type: "string", oneOf: option, enumNames: ["X"] }, [["unknown_key", below("enumNames")]]],
          [{ type: "string", enum: ["x"], anyOf: option }, [["forbidden_keyword", below("anyOf")]]],
          [
            { type: "array", items: { anyOf: option, oneOf: option } },
            [["forbidden_keyword", below("items", "oneOf")]],
          ],
          [{ type: "array", items: { anyOf: option, enum: ["x"] } }, [["forbidden_keyword", below("items", "enum")]]],
          [
            { type: "array", items: { type: "string", enum: ["x"], oneOf: option } },
            [["forbidden_keyword", below("items", "oneOf")]],
          ],
        ];
        for (const [schema, issues] of cases)
          expect(refused(protocol.readForm(property(schema))), JSON.stringify(schema)).to.deep.equal(issues);
      });
    }

    it("native: free-string items with oneOf, and typed titled items that are no strings", () => {
      expect(
        refused(nativeProtocol.readForm(property({ type: "array", items: { type: "string", oneOf: [] } }))),
      ).to.deep.equal([["forbidden_keyword", below("items", "oneOf")]]);
      expect(
        refused(
          nativeProtocol.readForm(
            property({ type: "array", items: { type: "number", anyOf: [{ const: "x", title: "X" }] } }),
          ),
        ),
      ).to.deep.equal([["invalid_value", below("items", "type")]]);
    });
  });

  describe("number enums (native)", () => {
    it("refuses an empty one, fractions on an integer question, and a default it does not offer", () => {
      const cases: [unknown, unknown][] = [
        [{ type: "number", enum: [] }, [["no_options", below("enum")]]],
        [{ type: "integer", enum: [1, 1.5] }, [["invalid_value", below("enum")]]],
        [{ type: "integer", enum: [1.5, 2] }, [["invalid_value", below("enum")]]],
        [{ type: "number", enum: [1, 2], default: 3 }, [["default_not_offered", below("default")]]],
        // An enum that is no list of numbers is that problem only, whatever the question's type and default.
        [{ type: "integer", enum: "x", default: 1 }, [["invalid_type", below("enum")]]],
        [{ type: "number", enum: [1, 1.5], default: 1.5 }, "read"],
        [{ type: "integer", enum: [1, 2], default: 2 }, "read"],
      ];
      for (const [schema, expected] of cases)
        expect(refused(nativeProtocol.readForm(property(schema))), JSON.stringify(schema)).to.deep.equal(expected);
    });

    it("keeps the values, and checks answers against them", () => {
      const read = nativeProtocol.readForm(property({ type: "number", enum: [1, 1.5] }));
      if (!read.ok) throw new Error(read.error.message);
      const form = nativeProtocol.writeForm(read.value);
      expect(form.ok && (form.value as { requestedSchema: unknown }).requestedSchema).to.deep.equal({
        type: "object",
        properties: { a: { type: "number", enum: [1, 1.5] } },
      });
      expect(nativeProtocol.readAnswers({ action: "accept", content: { a: 1.5 } }, read.value).ok).to.equal(true);
      const other = nativeProtocol.readAnswers({ action: "accept", content: { a: 2 } }, read.value);
      expect(refused(other)).to.deep.equal([["not_an_option", "content.a"]]);
      const written = nativeProtocol.writeAnswers({ action: "accept", answers: { a: 2 } }, read.value);
      expect(refused(written)).to.deep.equal([["not_an_option", "answers.a"]]);
    });
  });

  describe("the items of an array", () => {
    it("names a missing items schema apart from one that is no object, and a missing type apart from another", () => {
      const cases: [unknown, unknown][] = [
        [{ type: "array" }, [["missing_property", below("items")]]],
        [{ type: "array", items: 5 }, [["invalid_type", below("items")]]],
        [{ type: "array", items: {} }, [["missing_property", below("items", "type")]]],
        [{ type: "array", items: { type: "number" } }, [["invalid_value", below("items", "type")]]],
      ];
      for (const protocol of [nativeProtocol, mcpProtocol])
        for (const [schema, expected] of cases)
          expect(refused(protocol.readForm(property(schema))), JSON.stringify(schema)).to.deep.equal(expected);
    });
  });

  describe("defaults of a choice", () => {
    it("a choice that takes typed answers keeps a default that is no option; a closed one refuses it", () => {
      const read = nativeProtocol.readForm(
        property({ type: "string", "x-openai-suggestions": [{ const: "x", title: "X" }], default: "typed" }),
      );
      expect(read.ok && read.value.fields[0]).to.deep.include({ default: "typed" });
      expect(
        refused(
          nativeProtocol.readForm(property({ type: "string", oneOf: [{ const: "x", title: "X" }], default: "typed" })),
        ),
      ).to.deep.equal([["default_not_offered", below("default")]]);
    });
  });

  describe("options with a problem", () => {
    it("are not read further: no duplicate reported for an option already refused", () => {
      const cases: [unknown, unknown][] = [
        [
          [
            { const: 1, title: "A" },
            { const: 1, title: "B" },
          ],
          [
            ["invalid_type", below("oneOf", 0, "const")],
            ["invalid_type", below("oneOf", 1, "const")],
          ],
        ],
        [
          [
            // A keyword refused in an option (not an unknown one, read past with a warning).
            { const: "a", title: "A", "x-openai-thumbnail": {} },
            { const: "a", title: "B" },
          ],
          [["unknown_key", below("oneOf", 0, "x-openai-thumbnail")]],
        ],
      ];
      for (const [oneOf, expected] of cases)
        expect(refused(mcpProtocol.readForm(property({ type: "string", oneOf }))), JSON.stringify(oneOf)).to.deep.equal(
          expected,
        );
    });

    it("refuses an option description that is no string where options carry one (native, acp)", () => {
      const schema = { type: "string", oneOf: [{ const: "a", title: "A", description: 5 }] };
      expect(refused(nativeProtocol.readForm(property(schema)))).to.deep.equal([
        ["invalid_type", below("oneOf", 0, "description")],
      ]);
      expect(refused(acpProtocol.readForm({ sessionId: "s", ...property(schema) }))).to.deep.equal([
        ["invalid_type", below("oneOf", 0, "description")],
      ]);
      const described = acpProtocol.readForm({
        sessionId: "s",
        ...property({ type: "string", oneOf: [{ const: "a", title: "A", description: "D" }] }),
      });
      expect(described.ok && described.value.fields[0]).to.deep.include({
        options: [{ value: "a", label: "A", description: "D" }],
      });
    });
  });

  describe("the form schema's own keys", () => {
    it("needs type object and properties, and reads past additionalProperties: false only", () => {
      const schemas: [unknown, unknown][] = [
        [5, [["invalid_type", "requestedSchema"]]],
        [{ properties: {} }, [["missing_property", "requestedSchema.type"]]],
        [{ type: "array", properties: {} }, [["invalid_value", "requestedSchema.type"]]],
        [{ type: "object" }, [["missing_property", "requestedSchema.properties"]]],
        [{ type: "object", properties: 5 }, [["invalid_type", "requestedSchema.properties"]]],
        [
          { type: "object", properties: {}, additionalProperties: true },
          [["invalid_value", "requestedSchema.additionalProperties"]],
        ],
        [
          { type: "object", properties: {}, additionalProperties: {} },
          [["invalid_value", "requestedSchema.additionalProperties"]],
        ],
      ];
      for (const protocol of [nativeProtocol, mcpProtocol])
        for (const [requestedSchema, expected] of schemas)
          expect(
            refused(protocol.readForm({ mode: "form", message: "M", requestedSchema })),
            JSON.stringify(requestedSchema),
          ).to.deep.equal(expected);
      const ignored = mcpProtocol.readForm(form({}, { additionalProperties: false }));
      expect(ignored.ok && ignored.warnings.map((issue) => [issue.code, issue.path.join(".")])).to.deep.equal([
        ["ignored_key", "requestedSchema.additionalProperties"],
      ]);
    });
  });

  describe("what detection counts as a standard form (isStandardForm)", () => {
    const option = { const: "x", title: "X" };
    /** native's and mcp's verdicts on bare params: [SHAPE, OWN] for a standard form, [OWN, NONE] for native's own. */
    const verdicts = (params: unknown) => [nativeProtocol.detect(params), mcpProtocol.detect(params)];
    const standard = [SHAPE, OWN];
    const nativeOwn = [OWN, NONE];

    it("a form without an OpenAI extension is standard, whatever other keywords it uses (issue 33)", () => {
      const cases: unknown[] = [
        form({ a: { type: "string" } }),
        form({ a: { type: "string" } }, { additionalProperties: false }),
        { ...form({ a: { type: "string" } }), _meta: { other: 1 } },
        { mode: "form", message: "M", requestedSchema: { type: "object" } },
        form({ a: 5 }),
        form({ a: { type: "string", oneOf: [option], $comment: "c", "x-vendor": 1 } }),
        form({ a: { type: "array", items: { anyOf: [option, { ...option, const: "y" }] } } }),
        form({ a: { type: "string" } }, { additionalProperties: true }),
        form({ a: { type: "string" } }, { allOf: [] }),
        form({ a: { type: "string", pattern: "x" } }),
        form({ a: { type: "object" } }),
        form({ a: { type: "string", oneOf: [option, { ...option, const: "y", description: "d" }] } }),
        form({ "x-openai-named": { type: "string" } }),
        // What zod's z.toJSONSchema writes: $schema, a pattern for z.email(), an untitled enum, additionalProperties.
        {
          message: "M",
          requestedSchema: z.toJSONSchema(z.object({ email: z.email(), size: z.enum(["s", "m"]) })),
        },
      ];
      for (const params of cases) expect(verdicts(params), JSON.stringify(params)).to.deep.equal(standard);
    });

    it("an OpenAI extension anywhere, or an openai/ _meta key, makes it native's own", () => {
      const cases: unknown[] = [
        { ...form({ a: { type: "string" } }), _meta: { other: 1, "openai/x": 1 } },
        form({ a: { type: "array", items: { type: "string", "x-openai-suggestions": [] } } }),
        form({ a: { type: "string", "x-openai-input": { type: "resource" } } }),
        form({ a: { type: "string", oneOf: [{ ...option, "x-openai-icon": "i" }] } }),
        form({ a: { type: "string" } }, { "x-openai-anything": true }),
      ];
      for (const params of cases) expect(verdicts(params), JSON.stringify(params)).to.deep.equal(nativeOwn);
    });

    it("params with members MCP's lack are not mcp's (another protocol's, such as ACP's scope)", () => {
      expect(verdicts({ ...form({ a: { type: "string" } }), extra: 1 })).to.deep.equal(nativeOwn);
    });
  });

  it("acp, which has no input-required result, reads past an inputRequests member", () => {
    const params = { sessionId: "s", ...property({ type: "string" }), inputRequests: {} };
    expect(located(acpProtocol.readForm(params))).to.deep.equal([["ignored", "inputRequests", "-", "-"]]);
  });
});
