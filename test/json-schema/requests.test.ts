/**
 * The JSON-Schema codec's request side (envelope.ts, keywords.ts, read-options.ts) through native
 * and mcp: what a request may not be, by code and path, where StrykerJS found no test (issue 19's
 * mutation pass): inputs that are no object or no JSON, requests without params, params without
 * their keys, keywords of the wrong type (never read as another value), options that are no
 * option, MRTR input-required results, and the detection of a native form sent as
 * `elicitation/create`. Answers: problems located on both sides.
 */
import { expect } from "chai";
import type { FormModel, Issue, Result } from "../../src/model/index.js";
import { detectProtocol } from "../../src/gateway/translate.js";
import { ELICITATION_METHOD, mcpProtocol } from "../../src/protocols/mcp/index.js";
import { NATIVE_EXTENSION, NATIVE_METHOD, nativeProtocol } from "../../src/protocols/native/index.js";

const schema = { type: "object", properties: { a: { type: "string" } } };
const params = { mode: "form", message: "M", requestedSchema: schema };
const at = (...path: (string | number)[]) => ["requestedSchema", "properties", "a", ...path];
const withProperty = (property: unknown) => ({
  ...params,
  requestedSchema: { type: "object", properties: { a: property } },
});

/** The failure's code and its issues' codes and paths (the words are checked elsewhere). */
function refused(result: Result<unknown>): unknown {
  return result.ok ? "read" : [result.error.code, result.error.issues.map((issue) => [issue.code, issue.path])];
}
const codesAndPaths = (issues: Issue[]) => issues.map((issue) => [issue.code, issue.path]);

describe("json-schema requests: what the readers refuse, by code and path", () => {
  for (const [protocol, method] of [
    [nativeProtocol, NATIVE_METHOD],
    [mcpProtocol, ELICITATION_METHOD],
  ] as const) {
    describe(protocol.name, () => {
      it("refuses an input that is no object, or holds what is no JSON value", () => {
        for (const input of [null, [params], "form"])
          expect(refused(protocol.readForm(input))).to.deep.equal(["invalid_form", [["invalid_type", []]]]);
        expect(refused(protocol.readForm({ ...params, _meta: { f: () => 1 } }))).to.deep.equal([
          "invalid_form",
          [["not_json", ["_meta", "f"]]],
        ]);
      });

      it("refuses a request without params object, and params without their keys", () => {
        const request = { jsonrpc: "2.0", id: 1, method };
        expect(refused(protocol.readForm(request))).to.deep.equal(["invalid_form", [["missing_property", ["params"]]]]);
        expect(refused(protocol.readForm({ ...request, params: 5 }))).to.deep.equal([
          "invalid_form",
          [["invalid_type", ["params"]]],
        ]);
        expect(refused(protocol.readForm({ mode: "form", requestedSchema: schema }))).to.deep.equal([
          "invalid_form",
          [["missing_property", ["message"]]],
        ]);
        const noSchema = protocol.readForm({ mode: "form", message: "M" });
        expect(!noSchema.ok && noSchema.error.issues[0]?.code).to.equal("missing_property");
        expect(!noSchema.ok && noSchema.error.issues[0]?.path).to.deep.equal(["requestedSchema"]);
        expect(refused(protocol.readForm({ ...params, _meta: 3 }))).to.deep.equal([
          "invalid_form",
          [["invalid_type", ["_meta"]]],
        ]);
      });

      it("never reads a keyword of the wrong type as another value", () => {
        const cases: [unknown, unknown[]][] = [
          [{ type: "string", title: 5 }, [["invalid_type", at("title")]]],
          [{ type: "boolean", default: "yes" }, [["invalid_type", at("default")]]],
          [
            { type: "string", minLength: 1.5, maxLength: -1 },
            [
              ["invalid_type", at("minLength")],
              ["invalid_type", at("maxLength")],
            ],
          ],
          [{ type: "string", minLength: "3" }, [["invalid_type", at("minLength")]]],
          [
            { type: "number", minimum: "3", maximum: true },
            [
              ["invalid_type", at("minimum")],
              ["invalid_type", at("maximum")],
            ],
          ],
          [{ type: "string", enum: ["a", 2] }, [["invalid_type", at("enum")]]],
          [{ type: "string", enum: [] }, [["no_options", at("enum")]]],
          [
            { type: "number", enum: [1, "2"] },
            // mcp's standard schema has no number enum at all; native's holds numbers only.
            [...(protocol === mcpProtocol ? [["unknown_key", at("enum")]] : []), ["invalid_type", at("enum")]],
          ],
          // Valid without the `u` flag, not with it: answers are checked with `u`, so the form is refused.
          [{ type: "string", pattern: "\\-" }, [["invalid_pattern", at("pattern")]]],
        ];
        for (const [property, issues] of cases)
          expect(refused(protocol.readForm(withProperty(property))), JSON.stringify(property)).to.deep.equal([
            "invalid_form",
            issues,
          ]);
      });

      it("refuses options that are no titled option, and reads past an annotation in one", () => {
        const cases: [unknown, unknown[]][] = [
          ["x", [["invalid_type", at("oneOf")]]],
          [[{ const: "a", title: "A" }, 5], [["invalid_type", at("oneOf", 1)]]],
          [[{ const: 1, title: "A" }], [["invalid_type", at("oneOf", 0, "const")]]],
        ];
        for (const [oneOf, issues] of cases)
          expect(
            refused(protocol.readForm(withProperty({ type: "string", oneOf }))),
            JSON.stringify(oneOf),
          ).to.deep.equal(["invalid_form", issues]);
        const annotated = protocol.readForm(
          withProperty({ type: "string", oneOf: [{ const: "a", title: "A", $comment: "why" }] }),
        );
        expect(annotated.ok && codesAndPaths(annotated.warnings)).to.deep.equal([
          ["ignored_key", at("oneOf", 0, "$comment")],
        ]);
      });

      it("locates an answer's problems at the host's key, and a written response's at the model's", () => {
        const form = mcpProtocol.readForm({
          ...params,
          requestedSchema: { type: "object", properties: { n: { type: "number" } }, required: ["n"] },
        });
        if (!form.ok) throw new Error(form.error.message);
        const read = protocol.readAnswers({ action: "accept", content: { n: "x" } }, form.value);
        expect(refused(read)).to.deep.equal(["invalid_response", [["invalid_type", ["content", "n"]]]]);
        const written = protocol.writeAnswers({ action: "accept", answers: { n: "x" } } as never, form.value);
        expect(refused(written)).to.deep.equal(["invalid_response", [["invalid_type", ["answers", "n"]]]]);
      });
    });
  }

  describe("mcp: a 2026-07-28 input-required result", () => {
    const request = { method: ELICITATION_METHOD, params };
    const inputRequired = (inputRequests: unknown) => ({ resultType: "input_required", inputRequests });

    it("reads its one form request among other requests, and locates that request's problems", () => {
      const read = mcpProtocol.readForm(
        inputRequired({ other: { method: "sampling/createMessage", params: {} }, form: request, junk: 3 }),
      );
      expect(read.ok && (read.value as FormModel).title).to.equal("M");
      const bad = mcpProtocol.readForm(inputRequired({ form: { ...request, params: { ...params, message: 5 } } }));
      expect(refused(bad)).to.deep.equal([
        "invalid_form",
        [["invalid_type", ["inputRequests", "form", "params", "message"]]],
      ]);
    });

    it("refuses one with no form request, with two, or with requests that are no object", () => {
      expect(
        refused(mcpProtocol.readForm(inputRequired({ other: { method: "sampling/createMessage" } }))),
      ).to.deep.equal(["invalid_form", [["form_not_found", ["inputRequests"]]]]);
      const two = mcpProtocol.readForm(inputRequired({ a: request, b: request }));
      expect(refused(two)).to.deep.equal(["invalid_form", [["ambiguous_form", ["inputRequests"]]]]);
      expect(!two.ok && two.error.issues[0]?.message).to.contain('("a", "b")');
      expect(refused(mcpProtocol.readForm(inputRequired([request])))).to.deep.equal([
        "invalid_form",
        [["invalid_type", ["inputRequests"]]],
      ]);
    });
  });

  describe("native: the input-required result formgate's server sends a native host", () => {
    // As the writer wraps it: the form in _meta, an empty schema where a standard host looks.
    const empty = { type: "object", properties: {} };
    const native = { ...params, requestedSchema: empty, _meta: { [NATIVE_EXTENSION]: { requestedSchema: schema } } };
    const nativeRequest = { method: ELICITATION_METHOD, params: native };
    const standardRequest = { method: ELICITATION_METHOD, params };
    const inputRequired = (inputRequests: unknown) => ({ resultType: "input_required", inputRequests });

    it("is detected and read as native, the same form as its request, problems under the request", () => {
      const held = inputRequired({ other: { method: "sampling/createMessage", params: {} }, form: nativeRequest });
      const detected = detectProtocol(held);
      expect(detected.ok && detected.value).to.equal("native");
      const read = nativeProtocol.readForm(held);
      expect(read.ok && read.value).to.deep.equal(nativeProtocol.readForm(nativeRequest).ok && read.ok && read.value);
      expect(read.ok && (read.value as FormModel).fields.map((field) => field.id)).to.deep.equal(["a"]);
      const bad = nativeProtocol.readForm(
        inputRequired({ form: { ...nativeRequest, params: { ...native, message: 5 } } }),
      );
      expect(refused(bad)).to.deep.equal([
        "invalid_form",
        [["invalid_type", ["inputRequests", "form", "params", "message"]]],
      ]);
    });

    it("beside a standard request, each reader takes its own; with none of its own, form_not_found says which", () => {
      const both = inputRequired({ standard: standardRequest, native: nativeRequest });
      expect(nativeProtocol.readForm(both).ok).to.equal(true);
      expect(mcpProtocol.readForm(both).ok).to.equal(true);
      const onlyStandard = nativeProtocol.readForm(inputRequired({ standard: standardRequest }));
      expect(refused(onlyStandard)).to.deep.equal(["invalid_form", [["form_not_found", ["inputRequests"]]]]);
      expect(!onlyStandard.ok && onlyStandard.error.issues[0]?.message).to.contain(`_meta["${NATIVE_EXTENSION}"]`);
      const onlyNative = mcpProtocol.readForm(inputRequired({ native: nativeRequest }));
      expect(refused(onlyNative)).to.deep.equal(["invalid_form", [["form_not_found", ["inputRequests"]]]]);
      expect(!onlyNative.ok && onlyNative.error.issues[0]?.message).to.contain("standard elicitation/create");
    });
  });

  it("detects an elicitation/create carrying the native schema in _meta as native's, not mcp's", () => {
    const native = { ...params, _meta: { [NATIVE_EXTENSION]: { requestedSchema: schema } } };
    const request = { method: ELICITATION_METHOD, params: native };
    expect(mcpProtocol.detect(request)).to.equal(0);
    expect(mcpProtocol.detect({ resultType: "input_required", inputRequests: { form: request } })).to.equal(0);
    expect(mcpProtocol.detect({ method: ELICITATION_METHOD, params })).to.be.above(0);
    const detected = detectProtocol(request);
    expect(detected.ok && detected.value).to.equal("native");
  });
});
