/**
 * The JSON-Schema codec's result reader (src/protocols/json-schema/answers.ts) through the two
 * protocols that use it, native and mcp: the cases StrykerJS found no test for (issue 19's
 * mutation pass): a result inside a JSON-RPC response, keys a result does not have, refusals
 * that carry problems, a result that is no object, accepted content without answers, answers
 * kept apart from the host's objects, and problems located at the host's own list indexes.
 */
import { expect } from "chai";
import type { FormModel, Issue } from "../../src/model/index.js";
import { mcpProtocol } from "../../src/protocols/mcp/index.js";
import { nativeProtocol } from "../../src/protocols/native/index.js";

function formOf(schema: unknown): FormModel {
  const read = mcpProtocol.readForm({ mode: "form", message: "Pick", requestedSchema: schema });
  if (!read.ok) throw new Error(JSON.stringify(read.error));
  return read.value;
}

const form = formOf({
  type: "object",
  properties: {
    tags: { type: "array", items: { type: "string", enum: ["a", "b", "c"] } },
    note: { type: "string" },
  },
});

const said = (issues: Issue[]) => issues.map((issue) => [issue.code, issue.path, issue.message]);

describe("json-schema results: what the readers refuse, keep and locate", () => {
  for (const protocol of [nativeProtocol, mcpProtocol]) {
    describe(protocol.name, () => {
      it("reads a result inside a JSON-RPC response, and locates its problems under `result`", () => {
        const ok = protocol.readAnswers(
          { jsonrpc: "2.0", id: 1, result: { action: "accept", content: { note: "x" } } },
          form,
        );
        expect(ok).to.deep.equal({ ok: true, value: { action: "accept", answers: { note: "x" } }, warnings: [] });
        const bad = protocol.readAnswers({ jsonrpc: "2.0", id: 1, result: { action: "maybe" } }, form);
        expect(!bad.ok && said(bad.error.issues)).to.deep.equal([
          ["invalid_value", ["result", "action"], 'The `action` must be "accept", "decline" or "cancel", not "maybe".'],
        ]);
      });

      it("refuses a result that is no object, and one without an action, by what is wrong", () => {
        for (const input of [null, "accept", [], 7]) {
          const read = protocol.readAnswers(input, form);
          expect(!read.ok && [read.error.code, ...said(read.error.issues)]).to.deep.equal([
            "invalid_response",
            [
              "invalid_type",
              [],
              'The input must be a result { action: "accept", content } or { action: "decline" | "cancel" }.',
            ],
          ]);
        }
        const noAction = protocol.readAnswers({ content: { note: "x" } }, form);
        expect(!noAction.ok && said(noAction.error.issues)).to.deep.equal([
          ["invalid_value", ["action"], 'The result has no `action`: it must be "accept", "decline" or "cancel".'],
        ]);
        const nullAction = protocol.readAnswers({ action: null }, form);
        expect(!nullAction.ok && nullAction.error.issues[0]?.message).to.match(/, not null\.$/);
        const numberAction = protocol.readAnswers({ action: 1 }, form);
        expect(!numberAction.ok && numberAction.error.issues[0]?.message).to.match(/, not the number 1\.$/);
      });

      it("refuses a key a result does not have, also on a decline (nothing is applied)", () => {
        const accepted = protocol.readAnswers({ action: "accept", content: {}, extra: 1 }, form);
        expect(!accepted.ok && said(accepted.error.issues)).to.deep.equal([
          [
            "unknown_key",
            ["extra"],
            protocol.name === "mcp"
              ? "The key `extra` is not part of a standard MCP result."
              : "The key `extra` is not part of an OpenAI native result.",
          ],
        ]);
        const declined = protocol.readAnswers({ action: "decline", extra: 1 }, form);
        expect(!declined.ok && declined.error.code).to.equal("invalid_response");
        expect(protocol.readAnswers({ action: "decline", _meta: { trace: 1 } }, form).ok).to.equal(true);
      });

      it("warns that content sent with a refusal is not applied", () => {
        expect(protocol.readAnswers({ action: "cancel", content: { note: "x" } }, form)).to.deep.equal({
          ok: true,
          value: { action: "cancel" },
          warnings: [
            {
              code: "ignored",
              path: ["content"],
              message: 'The `content` comes with "cancel", so it is not applied.',
              severity: "warning",
            },
          ],
        });
      });

      it("reads an accept without content as no answers (all optional), and refuses content not an object", () => {
        expect(protocol.readAnswers({ action: "accept" }, form)).to.deep.equal({
          ok: true,
          value: { action: "accept", answers: {} },
          warnings: [],
        });
        const listed = protocol.readAnswers({ action: "accept", content: ["x"] }, form);
        expect(!listed.ok && said(listed.error.issues)).to.deep.equal([
          ["invalid_type", ["content"], "The answers must be an object keyed by question id."],
        ]);
      });

      it("keeps the answers apart from the host's result: changing it afterwards changes nothing read", () => {
        const result = { action: "accept", content: { tags: ["a", "b"] } };
        const read = protocol.readAnswers(result, form);
        result.content.tags.push("c");
        expect(read.ok && read.value).to.deep.equal({ action: "accept", answers: { tags: ["a", "b"] } });
      });

      it("refuses a multi-select answered with a string, naming the question, without throwing", () => {
        const read = protocol.readAnswers({ action: "accept", content: { tags: "a" } }, form);
        expect(!read.ok && read.error.issues.map((issue) => issue.path)).to.deep.equal([["content", "tags"]]);
      });
    });
  }

  describe("mcp, reading standard content as the SDKs pass it on", () => {
    it("locates a bad item at the host's own index, before and after a repeated one read once", () => {
      const plain = mcpProtocol.readAnswers({ action: "accept", content: { tags: ["a", "zzz"] } }, form);
      expect(!plain.ok && plain.error.issues.map((issue) => issue.path)).to.deep.equal([["content", "tags", 1]]);
      const repeated = mcpProtocol.readAnswers({ action: "accept", content: { tags: ["a", "a", "zzz"] } }, form);
      expect(!repeated.ok && repeated.error.issues.map((issue) => issue.path)).to.deep.equal([["content", "tags", 2]]);
      expect(!repeated.ok && repeated.error.message).to.equal(
        "The host's answers are invalid and none was applied: 1 problem found.",
      );
    });

    it("says which selection is repeated, and which key no question has", () => {
      const read = mcpProtocol.readAnswers({ action: "accept", content: { tags: ["b", "b"], other: 1 } }, form);
      expect(read.ok && read.value).to.deep.equal({ action: "accept", answers: { tags: ["b"] } });
      expect(said(read.ok ? read.warnings : [])).to.deep.equal([
        [
          "duplicate_answer",
          ["content", "tags", 1],
          'Question `tags`: the answer picks "b" more than once, so it is read once.',
        ],
        [
          "unknown_field",
          ["content", "other"],
          'The result answers "other", which is not a question of the form, so it is dropped and not read as an ' +
            "answer.",
        ],
      ]);
    });

    it("leaves a list without repeats as the host sent it", () => {
      const read = mcpProtocol.readAnswers({ action: "accept", content: { tags: ["c", "a"] } }, form);
      expect(read).to.deep.equal({
        ok: true,
        value: { action: "accept", answers: { tags: ["c", "a"] } },
        warnings: [],
      });
    });
  });
});
