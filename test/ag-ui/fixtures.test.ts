import { expect } from "chai";
import { detectProtocol } from "../../src/gateway/translate.js";
import { agUiProtocol } from "../../src/protocols/ag-ui/index.js";
import { codesAndPaths, describeAnswerFixtures, type Expected } from "../support/answer-fixtures.js";
import { loadFixtures } from "../support/fixtures.js";

/**
 * One driver for the ag-ui fixtures (test/fixtures/ag-ui): read/ (written back the same), reject/ (every problem
 * named), answers/.
 */

describe("ag-ui fixtures: accepted interrupts", () => {
  for (const { name, fixture } of loadFixtures<{
    request: unknown;
    formId?: string;
    interrupt?: unknown;
    warnings?: Expected[];
  }>("ag-ui/read")) {
    it(`${name}: is detected as ag-ui, reads, and writes back the same interrupt`, () => {
      expect(detectProtocol(fixture.request)).to.deep.equal({ ok: true, value: "ag-ui", warnings: [] });
      const read = agUiProtocol.readForm(fixture.request, { formId: fixture.formId });
      if (!read.ok) return expect.fail(JSON.stringify(read.error.issues, null, 2));
      expect(codesAndPaths(read.warnings)).to.deep.equal(fixture.warnings ?? []);
      const written = agUiProtocol.writeForm(read.value);
      if (!written.ok) return expect.fail(JSON.stringify(written.error, null, 2));
      expect(written.value).to.deep.equal(fixture.interrupt ?? fixture.request);
      expect(written.warnings).to.deep.equal([]);
    });
  }

  it("without formId, an event holding several interrupts reads the first, naming the others", () => {
    const event = twoInterrupts({ reversed: true });
    const read = agUiProtocol.readForm(event);
    expect(read.ok && [read.value.id, codesAndPaths(read.warnings)]).to.deep.equal([
      "int-2",
      [{ code: "several_forms", path: ["outcome", "interrupts"] }],
    ]);
    const missing = agUiProtocol.readForm(event, { formId: "int-9" });
    expect(missing.ok || missing.error.code).to.equal("form_not_found");
  });

  it("the preferred interrupt, found among several, is read without a warning; absent, the first is, with one", () => {
    const preferred = agUiProtocol.readForm(twoInterrupts({ reversed: false }), { preferredFormId: "int-2" });
    expect(preferred.ok && [preferred.value.id, codesAndPaths(preferred.warnings)]).to.deep.equal(["int-2", []]);
    const absent = agUiProtocol.readForm(twoInterrupts({ reversed: true }), { preferredFormId: "int-9" });
    expect(absent.ok && [absent.value.id, codesAndPaths(absent.warnings)]).to.deep.equal([
      "int-2",
      [{ code: "several_forms", path: ["outcome", "interrupts"] }],
    ]);
  });
});

/** The fixture's RUN_FINISHED event: "int-1" (a tool approval, no form) then "int-2" (a form), or reversed. */
function twoInterrupts({ reversed }: { reversed: boolean }): unknown {
  const found = loadFixtures<{ request: { outcome: { interrupts: unknown[] } } }>("ag-ui/read").find(
    (entry) => entry.name === "run-finished-two-interrupts",
  );
  if (found === undefined) throw new Error("no fixture run-finished-two-interrupts");
  const event = structuredClone(found.fixture.request);
  if (reversed) event.outcome.interrupts.reverse();
  return event;
}

describe("ag-ui fixtures: rejected interrupts", () => {
  for (const { name, fixture } of loadFixtures<{
    cases: { request: unknown; errors: Expected[]; code?: string; detect?: "none" }[];
  }>("ag-ui/reject")) {
    fixture.cases.forEach((item, index) => {
      it(`${name} (${index + 1}): is rejected naming exactly the listed problems`, () => {
        const detected = detectProtocol(item.request);
        expect(detected.ok ? detected.value : "none").to.equal(item.detect ?? "ag-ui");
        const read = agUiProtocol.readForm(item.request);
        if (read.ok) return expect.fail(`accepted: ${JSON.stringify(read.value)}`);
        expect(read.error.code).to.equal(item.code ?? "invalid_form");
        expect(codesAndPaths(read.error.issues)).to.deep.equal(item.errors);
        for (const issue of read.error.issues) expect(issue.message).to.match(/^\S.{10,}/);
      });
    });
  }
});

describeAnswerFixtures("ag-ui", agUiProtocol, (item) =>
  item.action !== undefined
    ? { interruptId: "int-2", status: "cancelled" }
    : { interruptId: "int-2", status: "resolved", payload: item.answers },
);

describe("ag-ui answers: what the fixtures cannot say", () => {
  it("a decline is written cancelled (AG-UI has none), with a warning; an expired interrupt takes no answer", () => {
    const [entry] = loadFixtures<{ request: unknown }>("ag-ui/answers");
    const form = agUiProtocol.readForm(entry?.fixture.request);
    if (!form.ok) return expect.fail(form.error.message);
    const before = { now: new Date("2029-01-01T00:00:00Z") };
    const declined = agUiProtocol.writeAnswers({ action: "decline" }, form.value, before);
    expect(declined.ok && [declined.value, codesAndPaths(declined.warnings)]).to.deep.equal([
      { interruptId: "int-2", status: "cancelled" },
      [{ code: "approximated", path: ["action"] }],
    ]);
    const late = agUiProtocol.writeAnswers({ action: "cancel" }, form.value, { now: new Date("2031-01-01T00:00:00Z") });
    expect(late.ok || late.error.issues.map((issue) => issue.code)).to.deep.equal(["interrupt_expired"]);
    expect(late.ok || late.error.issues[0]?.message).to.match(/^The interrupt "int-2" expired at 2030-01-01T00:00:00Z/);
  });
});
