import { expect } from "chai";
import type { Field, FormModel } from "../../src/model/index.js";
import { questionFormProtocol as qf, readMessage } from "../../src/protocols/question-form/index.js";
import { PEER_ANSWERS } from "../fixtures/question-form/peer/answers.js";
import { PEER_FORMS } from "../fixtures/question-form/peer/forms.js";

/** A field in a few words: what the peer cases check of it. */
function describeField(field: Field): string {
  const parts = [`${field.id}:${field.kind}`];
  switch (field.kind) {
    case "text":
      if (field.format !== undefined) parts.push(field.format);
      break;
    case "number":
      if (field.slider) parts.push("slider");
      if (field.minimum !== undefined || field.maximum !== undefined)
        parts.push(`${field.minimum ?? ""}..${field.maximum ?? ""}`);
      break;
    case "file":
      if (field.multiple) parts.push("multiple");
      if (field.pick.accept !== undefined) parts.push(field.pick.accept.join(","));
      break;
    case "choice":
      parts.push(field.display ?? "");
      parts.push(field.catalog === "host" ? "host-catalog" : field.options.map((o) => o.value).join("|"));
      if (field.maxItems !== undefined) parts.push(`max=${field.maxItems}`);
      if (field.default !== undefined) parts.push(`default=${String(field.default)}`);
      if (field.custom !== undefined) parts.push("custom");
      break;
  }
  return parts.join(" ");
}

describe("question-form: open-design's own cases (test/fixtures/question-form/peer)", () => {
  describe("forms", () => {
    for (const c of PEER_FORMS) {
      it(`${c.name} — ${c.source}`, () => {
        const { segments, warnings } = readMessage(c.message);
        expect(segments.map((s) => s.kind)).to.deep.equal(c.kinds);
        const forms = segments.flatMap((s) =>
          s.kind === "form"
            ? [{ id: s.id, ...(s.title !== undefined && { title: s.title }), fields: s.form.fields.map(describeField) }]
            : [],
        );
        expect(forms).to.deep.equal(c.forms ?? []);
        const codes = [
          ...warnings,
          ...segments.flatMap((s) => (s.kind === "form" ? s.warnings : s.kind === "error" ? s.issues : [])),
        ].map((i) => i.code);
        for (const code of c.codes ?? []) expect(codes, "reported").to.include(code);
        for (const code of c.absent ?? []) expect(codes, "not reported").not.to.include(code);
        // No raw validator wording reaches a person.
        for (const issue of [
          ...warnings,
          ...segments.flatMap((s) => (s.kind === "form" ? s.warnings : s.kind === "error" ? s.issues : [])),
        ]) {
          expect(issue.message).not.to.match(/Invalid (key|type)|Expected .* but received/);
        }
      });
    }
  });

  describe("answers", () => {
    for (const c of PEER_ANSWERS) {
      it(`${c.name} — ${c.source}`, () => {
        const read = qf.readForm(
          `<question-form id="${c.form.id}">${JSON.stringify({ questions: c.form.questions })}</question-form>`,
        );
        if (!read.ok) throw new Error(JSON.stringify(read.error.issues));
        const form: FormModel = read.value;
        const files = c.files;
        const result = qf.readAnswers(
          c.message,
          form,
          files === undefined ? {} : { locateFile: (name) => files[name] },
        );
        if (c.errors !== undefined) {
          expect(result.ok, "refused").to.equal(false);
          if (!result.ok) for (const code of c.errors) expect(result.error.issues.map((i) => i.code)).to.include(code);
          return;
        }
        if (!result.ok) throw new Error(JSON.stringify(result.error.issues));
        expect(result.value.action === "accept" && { ...result.value.answers }).to.deep.equal(c.answers);
        const codes = result.warnings.map((w) => w.code);
        for (const code of c.codes ?? []) expect(codes).to.include(code);
      });
    }
  });
});
