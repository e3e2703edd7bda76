import { expect } from "chai";
import fc from "fast-check";
import type { Result } from "../../src/model/index.js";
import { type FormWords, pickForm } from "../../src/protocols/pick-form.js";

/** The one rule choosing which form of an input to read, for every protocol whose inputs hold several. */

const WORDS: FormWords = {
  path: ["outcome", "interrupts"],
  input: "The input",
  form: "interrupt",
  forms: "interrupts",
};
const IDS = ["a", undefined, "b"];

/** What a pick says: the index read or the failure, and each issue's code, path and message. */
function said(picked: Result<number>) {
  const issues = picked.ok ? picked.warnings : picked.error.issues;
  return {
    read: picked.ok ? picked.value : picked.error.code,
    issues: issues.map(({ code, path, severity, message }) => [code, path, severity, message]),
  };
}

describe("pickForm: which form of an input is read", () => {
  it("formId reads the form it names, the first of that id, without a warning, over preferredFormId", () => {
    expect(said(pickForm(IDS, { formId: "b" }, WORDS))).to.deep.equal({ read: 2, issues: [] });
    expect(said(pickForm(["a", "b", "b"], { formId: "b", preferredFormId: "a" }, WORDS))).to.deep.equal({
      read: 1,
      issues: [],
    });
  });

  it("formId naming no form is form_not_found at the list, listing what the input has", () => {
    expect(said(pickForm(IDS, { formId: "c", preferredFormId: "a" }, WORDS))).to.deep.equal({
      read: "form_not_found",
      issues: [
        [
          "form_not_found",
          ["outcome", "interrupts"],
          "error",
          'The input has no interrupt "c": it has the interrupts "a", one without an id, "b".',
        ],
      ],
    });
    const message = { path: [], input: "The message", form: "form", forms: "forms" };
    expect(said(pickForm(["a"], { formId: "c" }, message)).issues).to.deep.equal([
      ["form_not_found", [], "error", 'The message has no form "c": it has only the form "a".'],
    ]);
    expect(said(pickForm([], { formId: "c" }, message)).issues).to.deep.equal([
      ["form_not_found", [], "error", 'The message has no form "c": it has no readable forms.'],
    ]);
  });

  it("preferredFormId found reads that form, without a warning: it was named, not guessed", () => {
    expect(said(pickForm(IDS, { preferredFormId: "b" }, WORDS))).to.deep.equal({ read: 2, issues: [] });
  });

  it("preferredFormId absent reads the first, as without it: never an error", () => {
    expect(said(pickForm(["a"], { preferredFormId: "c" }, WORDS))).to.deep.equal({ read: 0, issues: [] });
    expect(said(pickForm(IDS, { preferredFormId: "c" }, WORDS)).issues.map(([code]) => code)).to.deep.equal([
      "several_forms",
    ]);
  });

  it("one form is read without a warning, whatever its id; no form is index 0, for the caller to report", () => {
    expect(said(pickForm(["a"], {}, WORDS))).to.deep.equal({ read: 0, issues: [] });
    expect(said(pickForm([undefined], {}, WORDS))).to.deep.equal({ read: 0, issues: [] });
    expect(said(pickForm([], {}, WORDS))).to.deep.equal({ read: 0, issues: [] });
  });

  it("the first of several, named by nobody, is read with a several_forms warning naming them all", () => {
    expect(said(pickForm(IDS, {}, WORDS))).to.deep.equal({
      read: 0,
      issues: [
        [
          "several_forms",
          ["outcome", "interrupts"],
          "warning",
          'The input holds 3 interrupts ("a", one without an id, "b"), and the first, "a", was read: ' +
            "pass another's id as `formId` (`--form-id`) to read that one.",
        ],
      ],
    });
    expect(said(pickForm([undefined, "b"], {}, WORDS)).issues[0]?.[3]).to.equal(
      'The input holds 2 interrupts (one without an id, "b"), and the first was read: ' +
        "pass another's id as `formId` (`--form-id`) to read that one.",
    );
  });

  it("for any ids: a named form present is read; a warning exactly when the first of several is a guess", () => {
    const id = fc.constantFrom("a", "b", "c", undefined);
    const selection = fc.record(
      { formId: fc.constantFrom("a", "b", "c"), preferredFormId: fc.constantFrom("a", "b", "c") },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(id, { maxLength: 4 }), selection, (ids, chosen) => {
        const picked = pickForm(ids, chosen, WORDS);
        const wanted = chosen.formId ?? chosen.preferredFormId;
        const present = wanted !== undefined && ids.includes(wanted);
        expect(picked.ok).to.equal(present || chosen.formId === undefined);
        if (!picked.ok) return;
        expect(picked.value).to.equal(present ? ids.indexOf(wanted) : 0);
        expect(picked.warnings.length).to.equal(!present && ids.length > 1 ? 1 : 0);
      }),
    );
  });
});
