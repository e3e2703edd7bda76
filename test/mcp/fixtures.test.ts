import { expect } from "chai";
import { detectProtocol } from "../../src/gateway/translate.js";
import type { FormModel } from "../../src/model/index.js";
import { mcpProtocol } from "../../src/protocols/mcp/index.js";
import { codesAndPaths, describeAnswerFixtures, type Expected } from "../support/answer-fixtures.js";
import { loadFixtures } from "../support/fixtures.js";

/**
 * One driver for the mcp fixtures (test/fixtures/mcp): read/ (written back the same), reject/ (every problem named),
 * answers/.
 */

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

describeAnswerFixtures("mcp", mcpProtocol);
