import { expect } from "chai";
import fc from "fast-check";
import type { ChoiceField, Field, FormModel, FormResponse } from "../../src/model/index.js";
import { formCompletion, questionFormProtocol as qf } from "../../src/protocols/question-form/index.js";
import { compileSchema } from "../support/json-schema.js";

const validBody = compileSchema("question-form-body.schema.json");

/** The JSON body of a block as formgate writes it: the lines between the open and the close tag. */
function bodyOf(block: string): unknown {
  return JSON.parse(block.slice(block.indexOf("\n") + 1, block.lastIndexOf("\n")));
}

const hostile = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom(
    "__proto__",
    "constructor",
    "a: b",
    "x, y",
    "</question-form>",
    "(skipped)",
    "v [value: w]",
    '"q"',
    "é😀",
    "a]b",
    "<ask-question>",
  ),
);
const id = hostile.filter((s) => s.trim() === s && s !== "");
const label = hostile.map((s) => s.replace(/\s+/g, " ").trim()).filter((s) => s !== "");

const choiceField = (fid: string, multiple: boolean): fc.Arbitrary<Field> =>
  fc
    .record({ label, values: fc.uniqueArray(label, { minLength: 1, maxLength: 4 }), custom: fc.boolean() })
    .map(({ label: l, values, custom }) => ({
      kind: "choice" as const,
      id: fid,
      label: l,
      required: false,
      multiple,
      display: multiple ? ("checkbox" as const) : ("radio" as const),
      options: values.map((v, i) => ({ value: v, label: i % 2 === 0 ? v : `${v} label` })),
      ...(custom ? { custom: {} } : {}),
    }));

const fieldFor = (fid: string): fc.Arbitrary<Field> =>
  fc.oneof(
    label.map((l) => ({ kind: "text" as const, id: fid, label: l, required: false })),
    label.map((l) => ({ kind: "text" as const, id: fid, label: l, required: false, multiline: true })),
    label.map((l) => ({
      kind: "number" as const,
      id: fid,
      label: l,
      required: false,
      integer: false,
      minimum: -5,
      maximum: 500,
      slider: true,
    })),
    label.map((l) => ({ kind: "boolean" as const, id: fid, label: l, required: false })),
    choiceField(fid, false),
    choiceField(fid, true),
    // The skill's direction-cards trigger: the host supplies the cards.
    label.map((l) => ({
      kind: "choice" as const,
      id: fid,
      label: l,
      required: false,
      multiple: false,
      display: "cards" as const,
      options: [],
      catalog: "host" as const,
    })),
    label.map((l) => ({
      kind: "file" as const,
      id: fid,
      label: l,
      required: false,
      multiple: true,
      options: [],
      pick: { kind: "file" as const, accept: [".png", "image/*"] },
    })),
  );

const formArb: fc.Arbitrary<FormModel> = fc
  .record({
    ids: fc.uniqueArray(id, { minLength: 1, maxLength: 4 }),
    formId: id,
    title: fc.option(hostile, { nil: undefined }),
  })
  .chain(({ ids, formId, title }) =>
    fc.tuple(...ids.map(fieldFor)).map((fields) => ({ id: formId, ...(title === undefined ? {} : { title }), fields })),
  );

const answerFor = (field: Field): fc.Arbitrary<unknown> => {
  const text = fc.oneof(
    fc.string({ minLength: 1 }),
    hostile,
    fc.constantFrom("line one\nline two", "  padded ", "a\n\n- other: x", "ends [value: x]"),
  );
  switch (field.kind) {
    case "text":
      return text.filter((s) => s !== "");
    case "number":
      return fc.double({ min: -5, max: 500, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "choice": {
      if (field.catalog === "host") return text.filter((s) => s.trim() !== ""); // one of the host's cards
      const pick = fc.constantFrom(...field.options.map((o) => o.value));
      const one = field.custom
        ? fc.oneof(
            pick,
            text.filter((s) => s.trim() !== ""),
          )
        : pick;
      return field.multiple ? fc.uniqueArray(one, { minLength: 1, maxLength: 3 }) : one;
    }
    case "file":
      return fc.uniqueArray(
        fc.constantFrom("file:///tmp/a.png", "file:///Users/me/My%20File,%20v2.pdf", "file:///x/y"),
        { minLength: 1, maxLength: 3 },
      );
    default:
      return fc.constant(undefined);
  }
};

const responseArb = formArb.chain((form) =>
  fc.tuple(...form.fields.map((f) => fc.option(answerFor(f), { nil: undefined }))).map((values) => {
    const answers = Object.create(null) as Record<string, never>;
    form.fields.forEach((f, i) => {
      if (values[i] !== undefined) answers[f.id] = values[i] as never;
    });
    return { form, response: { action: "accept", answers } as FormResponse };
  }),
);

describe("question-form: round trips", () => {
  it("model → block → model is lossless, the body is canonical, and the block reads in a message", () => {
    fc.assert(
      fc.property(formArb, (form) => {
        const block = qf.writeForm(form);
        if (!block.ok) throw new Error(block.error.message);
        if (!validBody(bodyOf(block.value))) throw new Error(JSON.stringify(validBody.errors));
        const back = qf.readForm(`Some prose first.\n\n${block.value}\n\nAnd after.`);
        if (!back.ok) throw new Error(JSON.stringify(back.error.issues));
        expect(back.value).to.deep.equal(form);
        expect(qf.writeForm(back.value)).to.deep.equal(block);
      }),
      { numRuns: 300 },
    );
  });

  it("answers → message → answers is lossless with hostile labels, values and ids", () => {
    fc.assert(
      fc.property(responseArb, ({ form, response }) => {
        const message = qf.writeAnswers(response, form);
        if (!message.ok) return; // answers the form itself rejects (e.g. a custom text that is blank)
        const back = qf.readAnswers(`${message.value}\n\n<attachments>\nfile list here\n</attachments>`, form);
        if (!back.ok) throw new Error(`${message.value}\n${JSON.stringify(back.error.issues)}`);
        expect(back.value).to.deep.equal(response);
      }),
      { numRuns: 400 },
    );
  });

  it("never touches a prototype, whatever the ids", () => {
    const form: FormModel = { id: "f", fields: [{ kind: "text", id: "__proto__", label: "P", required: true }] };
    const read = qf.readAnswers("[form answers — f]\n- P: polluted", form);
    expect(read.ok && read.value.action === "accept" && Object.hasOwn(read.value.answers, "__proto__")).to.equal(true);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    expect(formCompletion(form, "[form answers — f]\n- P: (skipped)")).to.deep.include({
      complete: false,
      missing: [{ id: "__proto__", label: "P" }],
    });
  });
});

describe("question-form: writing a choice that offers nothing (free text)", () => {
  const write = (field: Field) => {
    const written = qf.writeForm({ id: "f", fields: [field] });
    if (!written.ok) throw new Error(written.error.message);
    const [question] = (bodyOf(written.value) as { questions: object[] }).questions;
    return { question, warnings: written.warnings.map((issue) => [issue.code, issue.path.join(".")]) };
  };
  const free = { kind: "choice", id: "c", label: "C", required: false, options: [], custom: {} } as const;
  const choice = (more: Partial<ChoiceField>): ChoiceField => ({ ...free, options: [], multiple: false, ...more });

  it("keeps a single starting text, and says every bound, display and typed-answer rule it cannot", () => {
    expect(write(choice({ default: "x", custom: { placeholder: "p" } }))).to.deep.equal({
      question: { id: "c", type: "text", label: "C", defaultValue: "x" },
      warnings: [
        ["approximated", "fields.0"],
        ["dropped", "fields.0.custom.placeholder"],
      ],
    });
    const list = choice({
      required: true,
      multiple: true,
      display: "checkbox",
      minItems: 2,
      maxItems: 3,
      default: ["a", "b"],
      custom: { label: "Other", minLength: 0, maxLength: 9 },
    });
    expect(write(list)).to.deep.equal({
      question: { id: "c", type: "textarea", label: "C", required: true },
      warnings: [
        ["approximated", "fields.0"],
        ["dropped", "fields.0.default"],
        ["dropped", "fields.0.display"],
        ["dropped", "fields.0.maxItems"],
        ["dropped", "fields.0.minItems"],
        ["dropped", "fields.0.custom.label"],
        ["dropped", "fields.0.custom.maxLength"],
      ],
    });
    // A required list's one answer at least goes without saying.
    expect(write({ ...list, minItems: 1, display: undefined, maxItems: undefined, default: undefined, custom: {} }))
      .to.have.property("warnings")
      .that.deep.equals([["approximated", "fields.0"]]);
  });
});
