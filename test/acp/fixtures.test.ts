import { expect } from "chai";
import { detectProtocol } from "../../src/gateway/translate.js";
import { acpProtocol } from "../../src/protocols/acp/index.js";
import { codesAndPaths, describeAnswerFixtures, type Expected } from "../support/answer-fixtures.js";
import { loadFixtures } from "../support/fixtures.js";

/**
 * One driver for the acp fixtures (test/fixtures/acp): read/ (written back the same), reject/ (every problem named),
 * answers/.
 */

const paramsOf = (input: Record<string, unknown>): unknown => ("method" in input ? input.params : input);

describe("acp fixtures: accepted requests", () => {
  for (const { name, fixture } of loadFixtures<{
    request: Record<string, unknown>;
    params?: unknown;
    detect?: string;
    warnings?: Expected[];
    writeWarnings?: Expected[];
  }>("acp/read")) {
    it(`${name}: is detected as ${fixture.detect ?? "acp"}, reads, and writes back the same params`, () => {
      expect(detectProtocol(fixture.request)).to.deep.equal({ ok: true, value: fixture.detect ?? "acp", warnings: [] });
      const read = acpProtocol.readForm(fixture.request);
      if (!read.ok) return expect.fail(JSON.stringify(read.error.issues, null, 2));
      expect(codesAndPaths(read.warnings)).to.deep.equal(fixture.warnings ?? []);
      const written = acpProtocol.writeForm(read.value);
      if (!written.ok) return expect.fail(JSON.stringify(written.error, null, 2));
      expect(written.value).to.deep.equal(fixture.params ?? paramsOf(fixture.request));
      expect(codesAndPaths(written.warnings)).to.deep.equal(fixture.writeWarnings ?? []);
    });
  }
});

describe("acp fixtures: rejected requests", () => {
  for (const { name, fixture } of loadFixtures<{
    request?: unknown;
    errors?: Expected[];
    cases?: { request: unknown; errors: Expected[] }[];
  }>("acp/reject")) {
    const cases = fixture.cases ?? [{ request: fixture.request, errors: fixture.errors ?? [] }];
    cases.forEach((item, index) => {
      it(`${name} (${index + 1}): is detected as acp and rejected naming exactly the listed problems`, () => {
        expect(detectProtocol(item.request)).to.deep.equal({ ok: true, value: "acp", warnings: [] });
        const read = acpProtocol.readForm(item.request);
        if (read.ok) return expect.fail(`accepted: ${JSON.stringify(read.value)}`);
        expect(read.error.code).to.equal("invalid_form");
        expect(codesAndPaths(read.error.issues)).to.deep.equal(item.errors);
        for (const issue of read.error.issues) expect(issue.message).to.match(/^\S.{10,}/);
      });
    });
  }
});

describeAnswerFixtures("acp", acpProtocol);

describe("acp: the scope options", () => {
  const form = acpProtocol.readForm({
    sessionId: "read",
    mode: "form",
    message: "Name?",
    requestedSchema: { type: "object", properties: { name: { type: "string" } } },
  });
  if (!form.ok) throw new Error(form.error.message);

  it("sessionId (and toolCallId) or requestId replace the scope read; both at once are refused", () => {
    const session = acpProtocol.writeForm(form.value, { sessionId: "s-2", toolCallId: "tc-9" });
    expect(
      session.ok && { ...session.value, message: undefined, requestedSchema: undefined, mode: undefined },
    ).to.deep.equal({
      sessionId: "s-2",
      toolCallId: "tc-9",
      message: undefined,
      requestedSchema: undefined,
      mode: undefined,
    });
    const request = acpProtocol.writeForm(form.value, { requestId: "r-1" });
    expect(request.ok && Object.keys(request.value)).to.deep.equal(["requestId", "mode", "message", "requestedSchema"]);
    const both = acpProtocol.writeForm(form.value, { sessionId: "s", requestId: "r" });
    expect(both.ok || [both.error.code, codesAndPaths(both.error.issues)]).to.deep.equal([
      "invalid_options",
      [{ code: "forbidden_keyword", path: ["requestId"] }],
    ]);
    const orphan = acpProtocol.writeForm({ fields: [] }, { toolCallId: "tc" });
    expect(orphan.ok || orphan.error.issues[0]?.message).to.match(/sessionId/);
  });
});
