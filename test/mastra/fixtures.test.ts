import { expect } from "chai";
import { detectProtocol } from "../../src/gateway/translate.js";
import { mastraProtocol } from "../../src/protocols/mastra/index.js";
import { type Expected, codesAndPaths, describeAnswerFixtures } from "../support/answer-fixtures.js";
import { loadFixtures } from "../support/fixtures.js";

/**
 * One driver for the mastra fixtures (test/fixtures/mastra, from Mastra's own tests, each naming its source): read/
 * (written back the same), reject/ (every problem named), answers/ (resumeData).
 */

describe("mastra fixtures: accepted chunks", () => {
  for (const { name, fixture } of loadFixtures<{
    request: unknown;
    warnings?: Expected[];
    written?: unknown;
    writeWarnings?: Expected[];
  }>("mastra/read")) {
    it(`${name}: is detected as mastra, reads, and writes back the same chunk`, () => {
      expect(detectProtocol(fixture.request)).to.deep.equal({ ok: true, value: "mastra", warnings: [] });
      const read = mastraProtocol.readForm(fixture.request);
      if (!read.ok) return expect.fail(JSON.stringify(read.error.issues, null, 2));
      expect(codesAndPaths(read.warnings)).to.deep.equal(fixture.warnings ?? []);
      const written = mastraProtocol.writeForm(read.value);
      if (!written.ok) return expect.fail(JSON.stringify(written.error, null, 2));
      expect(parsed(written.value)).to.deep.equal(parsed(fixture.written ?? fixture.request));
      expect(codesAndPaths(written.warnings)).to.deep.equal(fixture.writeWarnings ?? []);
    });
  }

  it("the test's suspended tool reads as one required text question titled by suspendPayload.message", () => {
    const [found] = loadFixtures<{ request: unknown }>("mastra/read").filter((f) => f.name === "e2e-suspend-resume");
    const read = mastraProtocol.readForm(found?.fixture.request);
    if (!read.ok) return expect.fail(read.error.message);
    expect([read.value.id, read.value.title, read.value.fields]).to.deep.equal([
      "call_NORMALIZED",
      "Please provide the name of the user",
      // A required string without `pattern`: blank answers are still refused, but no `pattern` is written.
      [{ kind: "text", id: "name", required: true, extensions: { mastra: { blankGuard: false } } }],
    ]);
  });

  it("the write options name the run, the tool call and the tool of a form not read from Mastra", () => {
    const form = { title: "Book", fields: [{ kind: "boolean" as const, id: "ok", required: true }] };
    const written = mastraProtocol.writeForm(form, { runId: "run-1", toolCallId: "call-1", toolName: "book" });
    expect(written.ok && [written.value, written.warnings]).to.deep.equal([
      {
        type: "tool-call-suspended",
        runId: "run-1",
        from: "AGENT",
        payload: {
          toolCallId: "call-1",
          toolName: "book",
          suspendPayload: { message: "Book" },
          args: {},
          resumeSchema: '{"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"]}',
        },
      },
      [],
    ]);
  });
});

/** A chunk with its `resumeSchema` parsed: a serialised schema is compared as the schema it holds. */
function parsed(chunk: unknown): unknown {
  const { payload, ...rest } = chunk as { payload: { resumeSchema: string } };
  return { ...rest, payload: { ...payload, resumeSchema: JSON.parse(payload.resumeSchema) } };
}

describe("mastra fixtures: rejected chunks", () => {
  for (const { name, fixture } of loadFixtures<{
    cases: { about: string; request: unknown; errors: Expected[]; detect?: "none" }[];
  }>("mastra/reject")) {
    for (const item of fixture.cases) {
      it(`${name}: ${item.about}: rejected naming exactly the listed problems`, () => {
        const detected = detectProtocol(item.request);
        expect(detected.ok ? detected.value : "none").to.equal(item.detect ?? "mastra");
        const read = mastraProtocol.readForm(item.request);
        if (read.ok) return expect.fail(`accepted: ${JSON.stringify(read.value)}`);
        expect(read.error.code).to.equal("invalid_form");
        expect(codesAndPaths(read.error.issues)).to.deep.equal(item.errors);
        for (const issue of read.error.issues) expect(issue.message).to.match(/^\S.{10,}/);
      });
    }
  }
});

describeAnswerFixtures("mastra", mastraProtocol, (item) => item.answers);

describe("mastra answers: decline and cancel", () => {
  const read = (name: string) => {
    const [found] = loadFixtures<{ request: unknown }>("mastra/read").filter((f) => f.name === name);
    const form = mastraProtocol.readForm(found?.fixture.request);
    if (!form.ok) throw new Error(form.error.message);
    return form.value;
  };

  for (const action of ["decline", "cancel"] as const) {
    it(`a ${action} has no resumeData: refused, naming the way out`, () => {
      const suspended = mastraProtocol.writeAnswers({ action }, read("e2e-suspend-resume"));
      expect(suspended.ok || [suspended.error.code, codesAndPaths(suspended.error.issues)]).to.deep.equal([
        "unsupported_response",
        [{ code: "unsupported_response", path: ["action"] }],
      ]);
      expect(suspended.ok || suspended.error.issues[0]?.message).to.match(
        /Leave the tool call "call_NORMALIZED" suspended/,
      );
      const approval = mastraProtocol.writeAnswers({ action }, read("e2e-tool-approval"));
      expect(approval.ok || approval.error.issues[0]?.message).to.match(/agent\.declineToolCall/);
    });
  }
});
