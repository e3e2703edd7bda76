import { expect } from "chai";
import { bridgeAnswersFromText, bridgeFormToText } from "../../src/bridge/index.js";
import { readForm, translate, writeAnswers, writeForm } from "../../src/gateway/translate.js";
import type { FormModel, ProtocolName } from "../../src/index.js";
import { protocolNames } from "../../src/protocols/index.js";
import { gatewayForms } from "./shared-fixtures.js";

/** The gateway writes from the model: `translate` is `readForm` then `writeForm`; answers go out by `writeAnswers`. */

const said = (result: { ok: boolean; warnings?: { code: string; path: unknown[] }[] }) =>
  (result.warnings ?? []).map((issue) => [issue.code, issue.path.join(".")]);

describe("gateway: writeForm and writeAnswers", () => {
  it("translate gives what readForm then writeForm give, for every fixture into every protocol", () => {
    for (const fixture of gatewayForms()) {
      const read = readForm(fixture.input, { from: fixture.protocol });
      if (!read.ok) return expect.fail(read.error.message);
      for (const to of protocolNames.filter((p): p is ProtocolName => p !== fixture.protocol)) {
        const written = writeForm(read.value.form, { to });
        const translated = translate(fixture.input, { from: fixture.protocol, to });
        const expected = written.ok ? { ...written, warnings: [...read.warnings, ...written.warnings] } : written;
        expect(translated, `${fixture.name} → ${to}`).to.deep.equal(expected);
      }
    }
  });

  const form: FormModel = {
    title: "Trip",
    fields: [
      { kind: "text", id: "city", label: "City", required: true },
      { kind: "text", id: "note", label: "Note", required: false },
    ],
  };

  it("writeForm: every loss a warning, an error with strict; an unknown protocol named", () => {
    const written = writeForm({ ...form, id: "trip" }, { to: "data" });
    expect(written.ok && said(written)).to.deep.include(["dropped", "id"]);
    const strict = writeForm({ ...form, id: "trip" }, { to: "data", strict: true });
    expect(!strict.ok && strict.error.code).to.equal("lossy_translation");
    const unknown = writeForm(form, { to: "smoke-signals" as ProtocolName });
    expect(!unknown.ok && unknown.error.code).to.equal("unknown_protocol");
  });

  it("writeAnswers: a required question skipped, and a note, are warnings where the target cannot say them", () => {
    const response = {
      action: "accept" as const,
      answers: { note: "window seat" },
      notes: { note: "if possible" },
      skipped: ["city"],
    };
    const data = writeAnswers(response, { form, to: "data" });
    expect(data.ok && data.value).to.deep.equal({ action: "accept", content: { note: "window seat" } });
    expect(said(data)).to.deep.equal([
      ["skipped_required", "answers.city"],
      ["dropped", "notes.note"],
    ]);
    expect(writeAnswers(response, { form, to: "data", strict: true }).ok).to.equal(false);
    // <question-form> says a skip: "(skipped)".
    const text = writeAnswers(
      { action: "accept", answers: { note: "x" }, skipped: ["city"] },
      { form, to: "question-form" },
    );
    expect(text.ok && text.value).to.include("- City: (skipped)");
  });

  it("writeAnswers: decline passes, answers that break the form are refused with nothing written", () => {
    expect(writeAnswers({ action: "decline" }, { form, to: "native" })).to.deep.equal({
      ok: true,
      value: { action: "decline" },
      warnings: [],
    });
    const bad = writeAnswers({ action: "accept", answers: { city: 5 as never } }, { form, to: "native" });
    expect(!bad.ok && bad.error.code).to.equal("invalid_response");
  });

  it("the text bridge refuses a skipped required question: the server that asked requires it (docs/bridge.md)", () => {
    const input = {
      message: "Trip",
      questions: [
        { id: "city", type: "text", title: "City", required: true },
        { id: "note", type: "text", title: "Note", required: false },
      ],
    };
    const posted = bridgeFormToText(input);
    if (!posted.ok) return expect.fail(posted.error.message);
    const message = `[form answers — ${posted.value.form.id}]\n- City: (skipped)\n- Note: aisle`;
    const result = bridgeAnswersFromText(message, posted.value);
    expect(!result.ok && result.error.issues.map((issue) => [issue.code, issue.path.join(".")])).to.deep.equal([
      ["missing_answer", "answers.city"],
    ]);
  });
});
