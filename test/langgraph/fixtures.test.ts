import { expect } from "chai";
import { detectProtocol } from "../../src/gateway/translate.js";
import { langGraphProtocol as lg } from "../../src/protocols/langgraph/index.js";
import { codesAndPaths, type Expected } from "../support/answer-fixtures.js";
import { loadFixtures } from "../support/fixtures.js";

/** One driver for the langgraph fixtures (test/fixtures/langgraph): read/ (written back as `interrupt`), reject/. */

describe("langgraph fixtures: accepted interrupts", () => {
  for (const { name, fixture } of loadFixtures<{
    request: unknown;
    formId?: string;
    interrupt?: unknown;
    warnings?: Expected[];
  }>("langgraph/read")) {
    it(`${name}: is detected as langgraph, reads, and writes back the same interrupt`, () => {
      expect(detectProtocol(fixture.request)).to.deep.equal({ ok: true, value: "langgraph", warnings: [] });
      const read = lg.readForm(fixture.request, { formId: fixture.formId });
      if (!read.ok) return expect.fail(JSON.stringify(read.error.issues, null, 2));
      expect(codesAndPaths(read.warnings)).to.deep.equal(fixture.warnings ?? []);
      const written = lg.writeForm(read.value);
      if (!written.ok) return expect.fail(JSON.stringify(written.error, null, 2));
      expect(written.value).to.deep.equal(fixture.interrupt ?? fixture.request);
      expect(written.warnings).to.deep.equal([]);
    });
  }
});

describe("langgraph fixtures: rejected interrupts", () => {
  for (const { name, fixture } of loadFixtures<{
    cases: { request: unknown; errors: Expected[]; code?: string }[];
  }>("langgraph/reject")) {
    fixture.cases.forEach((item, index) => {
      it(`${name} (${index + 1}): is rejected naming exactly the listed problems`, () => {
        expect(detectProtocol(item.request)).to.deep.equal({ ok: true, value: "langgraph", warnings: [] });
        const read = lg.readForm(item.request);
        if (read.ok) return expect.fail(`accepted: ${JSON.stringify(read.value)}`);
        expect(read.error.code).to.equal(item.code ?? "invalid_form");
        expect(codesAndPaths(read.error.issues)).to.deep.equal(item.errors);
        for (const issue of read.error.issues) expect(issue.message).to.match(/^\S.{10,}/);
      });
    });
  }
});
