import { expect } from "chai";
import { detectProtocol } from "../../src/gateway/translate.js";
import type { FormModel, Issue } from "../../src/model/index.js";
import { mcpProtocol } from "../../src/protocols/mcp/index.js";
import { loadFixtures } from "../support/fixtures.js";

/**
 * One driver for the mcp fixtures (test/fixtures/mcp): read/ (written back the same), reject/ (every problem named),
 * answers/.
 */

interface Expected {
  code: string;
  path: (string | number)[];
}
const codesAndPaths = (issues: Issue[]): Expected[] => issues.map(({ code, path }) => ({ code, path }));
const paramsOf = (input: Record<string, unknown>): unknown => ("method" in input ? input.params : input);

describe("mcp fixtures: accepted requests", () => {
  for (const { name, fixture } of loadFixtures<{
    request: Record<string, unknown>;
    params?: unknown;
    model?: FormModel;
    warnings?: Expected[];
  }>("mcp/read")) {
    it(`${name}: is detected as mcp, reads, and writes back the same params`, () => {
      expect(detectProtocol(fixture.request)).to.deep.equal({ ok: true, value: "mcp", warnings: [] });
      const read = mcpProtocol.readForm(fixture.request);
      if (!read.ok) return expect.fail(JSON.stringify(read.error.issues, null, 2));
      if (fixture.model !== undefined) expect(read.value).to.deep.equal(fixture.model);
      expect(codesAndPaths(read.warnings)).to.deep.equal(fixture.warnings ?? []);
      const written = mcpProtocol.writeForm(read.value);
      if (!written.ok) return expect.fail(JSON.stringify(written.error, null, 2));
      expect(written.value).to.deep.equal(fixture.params ?? paramsOf(fixture.request));
      expect(written.warnings).to.deep.equal([]);
    });
  }
});

describe("mcp fixtures: rejected requests", () => {
  for (const { name, fixture } of loadFixtures<{ request: unknown; errors: Expected[] }>("mcp/reject")) {
    it(`${name}: is rejected naming exactly the listed problems`, () => {
      const read = mcpProtocol.readForm(fixture.request);
      if (read.ok) return expect.fail(`accepted: ${JSON.stringify(read.value)}`);
      expect(read.error.code).to.equal("invalid_form");
      expect(codesAndPaths(read.error.issues)).to.deep.equal(fixture.errors);
      for (const issue of read.error.issues) expect(issue.message).to.match(/^\S.{10,}/);
    });
  }
});

interface AnswerCase {
  about: string;
  result: unknown;
  answers?: Record<string, unknown>;
  action?: "decline" | "cancel";
  warnings?: Expected[];
  errors?: Expected[];
}

describe("mcp fixtures: answers", () => {
  for (const { name, fixture } of loadFixtures<{ request: unknown; cases: AnswerCase[] }>("mcp/answers")) {
    const form = mcpProtocol.readForm(fixture.request);
    for (const item of fixture.cases) {
      it(`${name}: ${item.about}`, () => {
        if (!form.ok) return expect.fail(form.error.message);
        const read = mcpProtocol.readAnswers(item.result, form.value);
        if (item.errors !== undefined) {
          if (read.ok) return expect.fail(`accepted ${JSON.stringify(read.value)}`);
          expect(read.error.code).to.equal("invalid_response");
          return expect(codesAndPaths(read.error.issues)).to.deep.equal(item.errors);
        }
        if (!read.ok) return expect.fail(JSON.stringify(read.error.issues));
        expect(codesAndPaths(read.warnings)).to.deep.equal(item.warnings ?? []);
        const expected =
          item.action !== undefined ? { action: item.action } : { action: "accept", answers: item.answers };
        expect(read.value).to.deep.equal(expected);
        const written = mcpProtocol.writeAnswers(read.value, form.value);
        expect(written.ok && written.value).to.deep.equal(
          item.action !== undefined ? { action: item.action } : { action: "accept", content: item.answers },
        );
      });
    }
  }
});
