/**
 * The `<question-form>` writer (write-form.ts) where StrykerJS found no test in its spec (issue 19's mutation pass):
 * what each field kind writes into the block's JSON and its open tag, what it drops or approximates, at which model
 * path, and that what it writes reads back. Codes, paths and written values only: the words are
 * `test/model/issue-words.test.ts`'s.
 */
import { expect } from "chai";
import type { Field, FormModel, Result } from "../../src/model/index.js";
import { questionFormProtocol as qf } from "../../src/protocols/question-form/index.js";
import { readQuestionForm } from "../../src/protocols/question-form/read-form.js";
import { translate } from "../../src/gateway/translate.js";
import { choice, file, number, resource, said, text } from "../support/model-fields.js";

type Body = { questions: Record<string, unknown>[] } & Record<string, unknown>;

/** The JSON body of a block as formgate writes it: the lines between the open and the close tag. */
const bodyOf = (block: string): Body => JSON.parse(block.slice(block.indexOf("\n") + 1, block.lastIndexOf("\n")));
const writeForm = (form: Partial<FormModel>): Result<string> => qf.writeForm({ id: "f", fields: [], ...form });
/** One field written: its question as the body holds it, and the warnings. */
function write(field: unknown): { question: Record<string, unknown>; warnings: unknown } {
  const result = writeForm({ fields: [field as Field] });
  if (!result.ok) throw new Error(JSON.stringify(said(result)));
  return { question: bodyOf(result.value).questions[0] as Record<string, unknown>, warnings: said(result) };
}
/** The block read back, as the model it holds. */
function readBack(result: Result<string>): FormModel {
  if (!result.ok) throw new Error(JSON.stringify(said(result)));
  const back = readQuestionForm(result.value);
  if (!back.ok) throw new Error(JSON.stringify(said(back)));
  return back.value;
}

const ext = (kept: Record<string, unknown>) => ({ extensions: { "question-form": kept } });

describe("question-form writer: the form", () => {
  it("writes the description, submit label and language into the body, and reads them back", () => {
    const form = { description: "D", submitLabel: "Go", lang: "fr" };
    const result = writeForm({ ...form, fields: [text() as Field] });
    expect(bodyOf(result.ok ? result.value : "")).to.deep.equal({ ...form, questions: [{ id: "a", type: "text" }] });
    expect(readBack(result)).to.include(form);
    expect(bodyOf((writeForm({}) as { value: string }).value)).to.deep.equal({ questions: [] });
  });

  it("writes the id and the title as attributes, escaped; no id is the default one, with a warning", () => {
    const result = writeForm({ id: 'x"y', title: 'a "b" <c>', fields: [text() as Field] });
    expect(result.ok && result.value.split("\n")[0]).to.equal(
      '<question-form id="x&quot;y" title="a &quot;b&quot; &lt;c&gt;">',
    );
    expect(readBack(result)).to.include({ id: 'x"y', title: 'a "b" <c>' });
    expect(said(result)).to.deep.equal([]);
    const anonymous = qf.writeForm({ fields: [] });
    expect(anonymous.ok && anonymous.value.split("\n")[0]).to.equal('<question-form id="discovery">');
    expect(said(anonymous)).to.deep.equal([["defaulted", "id"]]);
  });

  it("escapes `<` in the JSON so that a label holding the close tag does not end the block", () => {
    const result = writeForm({ fields: [text({ label: "</question-form> x" }) as Field] });
    expect(result.ok && result.value).not.to.include("</question-form> x");
    expect(readBack(result).fields[0]?.label).to.equal("</question-form> x");
  });

  it("drops another protocol's details of the form and of a field, keeping its own", () => {
    const result = writeForm({
      extensions: { mcp: { a: 1 }, "question-form": {} },
      fields: [text({ extensions: { native: {}, "question-form": {} } }) as Field],
    });
    expect(said(result)).to.deep.equal([
      ["dropped", "extensions.mcp"],
      ["dropped", "fields.0.extensions.native"],
    ]);
  });
});

describe("question-form writer: every question", () => {
  it("writes the label, help, placeholder and required", () => {
    expect(write(text({ label: "L", description: "H", placeholder: "P", required: true }))).to.deep.equal({
      question: { id: "a", type: "text", label: "L", help: "H", placeholder: "P", required: true },
      warnings: [],
    });
    expect(write(text()).question).to.deep.equal({ id: "a", type: "text" });
    expect(write(choice({ placeholder: "P" })).question).to.include({ placeholder: "P" });
  });

  it("trims an id and numbers an empty one by its position, approximated at the id", () => {
    const result = writeForm({ fields: [text({ id: "b" }), text({ id: " c " }), text({ id: "" })] as Field[] });
    expect(bodyOf(result.ok ? result.value : "").questions.map((q) => q.id)).to.deep.equal(["b", "c", "q3"]);
    expect(said(result)).to.deep.equal([
      ["approximated", "fields.1.id"],
      ["approximated", "fields.2.id"],
    ]);
    expect(readBack(result).fields.map((f) => f.id)).to.deep.equal(["b", "c", "q3"]);
  });
});

describe("question-form writer: text", () => {
  it("writes a format as its type, a multi-line text as a textarea, and drops what cannot be said", () => {
    expect(write(text({ format: "email" })).question.type).to.equal("email");
    expect(write(text({ format: "uri" })).question.type).to.equal("url");
    expect(write(text({ multiline: true }))).to.deep.equal({ question: { id: "a", type: "textarea" }, warnings: [] });
    expect(write(text({ format: "date", multiline: true }))).to.deep.equal({
      question: { id: "a", type: "date" },
      warnings: [["dropped", "fields.0.multiline"]],
    });
    expect(write(text({ multiline: false })).warnings).to.deep.equal([]);
    expect(write(text({ maxLength: 5 })).warnings).to.deep.equal([["dropped", "fields.0.maxLength"]]);
  });

  it("drops a minimum length or pattern unless it is what `required` says", () => {
    expect(write(text({ required: true, minLength: 1, pattern: "\\S" })).warnings).to.deep.equal([]);
    expect(write(text({ minLength: 0 })).warnings).to.deep.equal([]);
    expect(write(text({ minLength: 1 })).warnings).to.deep.equal([["dropped", "fields.0.minLength"]]);
    expect(write(text({ required: true, minLength: 2 })).warnings).to.deep.equal([["dropped", "fields.0.minLength"]]);
    expect(write(text({ pattern: "\\S" })).warnings).to.deep.equal([["dropped", "fields.0.pattern"]]);
    expect(write(text({ required: true, pattern: "x" })).warnings).to.deep.equal([["dropped", "fields.0.pattern"]]);
  });

  it("writes the bounds a block read kept, and the starting text", () => {
    expect(
      write(text({ format: "date", default: "2020-01-01", ...ext({ min: "2000-01-01", step: 7 }) })),
    ).to.deep.equal({
      question: { id: "a", type: "date", min: "2000-01-01", step: 7, defaultValue: "2020-01-01" },
      warnings: [],
    });
    expect(write(text({ ...ext({ max: "z" }) })).question).to.deep.equal({ id: "a", type: "text", max: "z" });
  });
});

describe("question-form writer: number", () => {
  it("writes a slider as a range, its bounds, step and starting value (as text)", () => {
    expect(write(number({ slider: true, minimum: 1, maximum: 9, step: 2, default: 3 }))).to.deep.equal({
      question: { id: "a", type: "range", min: 1, max: 9, step: 2, defaultValue: "3" },
      warnings: [],
    });
    expect(write(number()).question).to.deep.equal({ id: "a", type: "number" });
    expect(write(number({ maximum: 4 })).question).to.deep.equal({ id: "a", type: "number", max: 4 });
    expect(write(number({ minimum: 4 })).question).to.deep.equal({ id: "a", type: "number", min: 4 });
  });

  it("drops a maximum below the minimum, keeps an equal one, and approximates whole numbers", () => {
    expect(write(number({ minimum: 5, maximum: 4 }))).to.deep.equal({
      question: { id: "a", type: "number", min: 5 },
      warnings: [["dropped", "fields.0.maximum"]],
    });
    expect(write(number({ minimum: 4, maximum: 4 })).question).to.include({ min: 4, max: 4 });
    expect(write(number({ integer: true })).warnings).to.deep.equal([["approximated", "fields.0.integer"]]);
  });
});

describe("question-form writer: switch", () => {
  it("writes a switch, the placeholder a block read kept, and the starting value as text", () => {
    const field = { kind: "boolean", id: "a", required: false, default: false, ...ext({ placeholder: "P" }) };
    expect(write(field)).to.deep.equal({
      question: { id: "a", type: "switch", placeholder: "P", defaultValue: "false" },
      warnings: [],
    });
    expect(write({ kind: "boolean", id: "a", required: false }).question).to.deep.equal({ id: "a", type: "switch" });
  });
});

describe("question-form writer: choices", () => {
  it("writes the type by multiple and display, dropping a display the type cannot say", () => {
    expect(write(choice()).question).to.deep.equal({
      id: "a",
      type: "radio",
      options: [{ label: "X", value: "x" }],
      allowCustom: false,
    });
    expect(write(choice({ display: "select" })).question.type).to.equal("select");
    expect(write(choice({ display: "radio" }))).to.deep.include({ warnings: [] });
    expect(write(choice({ multiple: true, display: "checkbox" }))).to.deep.include({ warnings: [] });
    expect(write(choice({ multiple: true, display: "select" }))).to.deep.include({
      warnings: [["dropped", "fields.0.display"]],
    });
    expect(write(choice({ multiple: true, display: "select" })).question.type).to.equal("checkbox");
    expect(write(choice({ multiple: true, display: "cards" })).question.type).to.equal("checkbox");
    expect(write(choice({ display: "checkbox" }))).to.deep.include({ warnings: [["dropped", "fields.0.display"]] });
    expect(write(choice({ display: "checkbox" })).question.type).to.equal("radio");
  });

  it("writes an option as its label when label and value agree, else as an object, trimmed", () => {
    const options = [
      { value: "a" },
      { value: "b", label: "b" },
      { value: "c", label: "C", description: "about c" },
      { value: " d ", label: " D " },
      { value: "", label: " E " },
      { value: "f", description: "  " },
    ];
    const result = write(choice({ options }));
    expect(result.question.options).to.deep.equal([
      "a",
      "b",
      { label: "C", value: "c", description: "about c" },
      { label: "D", value: "d" },
      "E",
      "f",
    ]);
    expect(result.warnings).to.deep.equal([
      ["approximated", "fields.0.options.3.value"],
      ["approximated", "fields.0.options.3.label"],
      ["approximated", "fields.0.options.4.value"],
      ["approximated", "fields.0.options.4.label"],
      ["approximated", "fields.0.options.5.description"],
    ]);
  });

  it("drops an option a reader ignores (no value and no label, a card without an id), and reads the rest back", () => {
    const options = [{ value: "x", label: "X" }, { value: " ", label: "" }, { value: "" }];
    const result = writeForm({ fields: [choice({ options }) as Field] });
    expect(bodyOf(result.ok ? result.value : "").questions[0]?.options).to.deep.equal([{ label: "X", value: "x" }]);
    expect(said(result)).to.deep.equal([
      ["dropped", "fields.0.options.1"],
      ["dropped", "fields.0.options.2"],
    ]);
    expect((readBack(result).fields[0] as { options: unknown }).options).to.deep.equal([{ value: "x", label: "X" }]);
    const cards = write(choice({ display: "cards", options: [{ value: "x" }, { value: " ", label: "Y" }] }));
    expect(cards.question.cards).to.deep.equal([{ id: "x", label: "x" }]);
    expect(cards.warnings).to.deep.equal([["dropped", "fields.0.options.1"]]);
  });

  it("refuses a choice of only options a reader ignores, and writes one with typed answers as text", () => {
    expect(
      said(writeForm({ fields: [choice({ options: [{ value: "" }, { value: " ", label: " " }] }) as Field] })),
    ).to.deep.equal(["unsupported_form", [["unsupported_options", "fields.0.options"]]]);
    expect(
      said(writeForm({ fields: [choice({ display: "cards", options: [{ value: "", label: "Y" }] }) as Field] })),
    ).to.deep.equal(["unsupported_form", [["unsupported_options", "fields.0.options"]]]);
    const typed = writeForm({ fields: [choice({ options: [{ value: "" }], custom: {} }) as Field] });
    expect(bodyOf(typed.ok ? typed.value : "").questions).to.deep.equal([{ id: "a", type: "text" }]);
    expect(said(typed)).to.deep.equal([
      ["dropped", "fields.0.options.0"],
      ["approximated", "fields.0"],
    ]);
    expect(readBack(typed).fields[0]).to.include({ kind: "text" });
  });

  it("drops thumbnails, icons and a direction card outside a direction-cards question", () => {
    const image = { src: "https://a.example/i.png" };
    const options = [{ value: "x", thumbnail: image, icons: [image], card: { mood: "calm" } }];
    expect(write(choice({ options })).warnings).to.deep.equal([
      ["dropped", "fields.0.options.0.thumbnail"],
      ["dropped", "fields.0.options.0.icons"],
      ["dropped", "fields.0.options.0.card"],
    ]);
  });

  it("writes a cards display as direction-cards: each card's id, label and details; no description", () => {
    const options = [
      { value: " x ", label: " X ", card: { mood: "calm", palette: ["#fff"] } },
      { value: "y", description: "about y" },
    ];
    const result = write(choice({ display: "cards", options, default: " x " }));
    expect(result.question).to.deep.equal({
      id: "a",
      type: "direction-cards",
      cards: [
        { id: " x ", label: " X ", mood: "calm", palette: ["#fff"] },
        { id: "y", label: "y" },
      ],
      defaultValue: " x ",
    });
    expect(result.warnings).to.deep.equal([
      ["approximated", "fields.0.options.0.value"],
      ["dropped", "fields.0.options.1.description"],
    ]);
  });

  it("writes the options a block read kept beside the cards, and then drops no description", () => {
    const kept = [{ label: "Y", value: "y", description: "about y" }];
    const result = write(
      choice({ display: "cards", options: [{ value: "y", description: "about y" }], ...ext({ options: kept }) }),
    );
    expect(result).to.deep.equal({
      question: { id: "a", type: "direction-cards", cards: [{ id: "y", label: "y" }], options: kept },
      warnings: [],
    });
  });

  it("writes a select option's group and trailing label a block read kept, by value", () => {
    const details = { optionDetails: { x: { group: "G", trailingLabel: "T" }, y: { group: "G" } } };
    const options = [{ value: "x", label: "X" }, { value: "y" }, { value: "z" }];
    expect(write(choice({ display: "select", options, ...ext(details) })).question.options).to.deep.equal([
      { label: "X", value: "x", group: "G", trailingLabel: "T" },
      { label: "y", value: "y", group: "G" },
      "z",
    ]);
  });

  it("writes the host's cards trigger as direction-cards without options, with typed answers when asked", () => {
    const host = choice({ display: "cards", options: [], catalog: "host" });
    expect(write(host)).to.deep.equal({ question: { id: "a", type: "direction-cards" }, warnings: [] });
    expect(write({ ...host, custom: { label: "Other", placeholder: "P" }, default: "z" }).question).to.deep.equal({
      id: "a",
      type: "direction-cards",
      allowCustom: true,
      customLabel: "Other",
      customPlaceholder: "P",
      defaultValue: "z",
    });
  });

  it("says `allowCustom` only where it differs from the type's default or the block read said it", () => {
    expect(write(choice()).question).to.include({ allowCustom: false });
    expect(write(choice({ custom: {} })).question).not.to.have.property("allowCustom");
    expect(write(choice({ ...ext({ allowCustom: false }) })).question).to.include({ allowCustom: false });
    expect(write(choice({ custom: {}, ...ext({ allowCustom: true }) })).question).to.include({ allowCustom: true });
    const cards = { display: "cards" };
    expect(write(choice({ ...cards })).question).not.to.have.property("allowCustom");
    expect(write(choice({ ...cards, custom: {} })).question).to.include({ allowCustom: true });
    expect(write(choice({ ...cards, ...ext({ allowCustom: false }) })).question).to.include({ allowCustom: false });
    expect(write(choice({ ...cards, custom: {}, ...ext({ allowCustom: true }) })).question).to.include({
      allowCustom: true,
    });
  });

  it("writes the typed answer's copy, or the copy a block read kept without typed answers", () => {
    expect(write(choice({ custom: { label: "L", placeholder: "P" } })).question).to.include({
      customLabel: "L",
      customPlaceholder: "P",
    });
    const kept = ext({ customLabel: "KL", customPlaceholder: "KP" });
    expect(write(choice(kept)).question).to.include({ customLabel: "KL", customPlaceholder: "KP" });
    expect(write(choice({ custom: {}, ...kept })).question).not.to.have.any.keys("customLabel", "customPlaceholder");
  });

  it("drops every rule on typed answers but a minimum length of 0", () => {
    const custom = { minLength: 1, maxLength: 3, pattern: "x", format: "email" };
    expect(write(choice({ custom })).warnings).to.deep.equal([
      ["dropped", "fields.0.custom.minLength"],
      ["dropped", "fields.0.custom.maxLength"],
      ["dropped", "fields.0.custom.pattern"],
      ["dropped", "fields.0.custom.format"],
    ]);
    expect(write(choice({ custom: { minLength: 0, maxLength: 0 } })).warnings).to.deep.equal([
      ["dropped", "fields.0.custom.maxLength"],
    ]);
  });

  it("writes a multiple choice's most selections, and drops the bounds and modes it cannot say", () => {
    const many = { multiple: true };
    expect(write(choice({ ...many, maxItems: 1, minItems: 1, required: true }))).to.deep.include({
      warnings: [],
    });
    expect(write(choice({ ...many, maxItems: 1 })).question).to.include({ maxSelections: 1 });
    expect(write(choice({ ...many, maxItems: 0 }))).to.deep.include({ warnings: [["dropped", "fields.0.maxItems"]] });
    expect(write(choice({ ...many, maxItems: 0 })).question).not.to.have.property("maxSelections");
    expect(write(choice({ ...many, minItems: 1 })).warnings).to.deep.equal([["dropped", "fields.0.minItems"]]);
    expect(write(choice({ ...many, minItems: 2, required: true })).warnings).to.deep.equal([
      ["dropped", "fields.0.minItems"],
    ]);
    expect(write(choice({ minItems: 0, maxItems: 1 })).warnings).to.deep.equal([
      ["dropped", "fields.0.minItems"],
      ["dropped", "fields.0.maxItems"],
    ]);
    expect(write(choice({ minItems: 0, maxItems: 1 })).question).not.to.have.property("maxSelections");
    expect(write(choice({ default: "x" })).question).to.include({ defaultValue: "x" });
  });

  it("writes a multiple choice without options as a textarea", () => {
    const free = choice({ multiple: true, options: [], custom: {} });
    expect(write(free)).to.deep.equal({
      question: { id: "a", type: "textarea" },
      warnings: [["approximated", "fields.0"]],
    });
    expect(write({ ...free, custom: { label: "L", placeholder: "P", minLength: 1 } }).warnings).to.deep.equal([
      ["approximated", "fields.0"],
      ["dropped", "fields.0.custom.label"],
      ["dropped", "fields.0.custom.placeholder"],
      ["dropped", "fields.0.custom.minLength"],
    ]);
  });

  it("refuses a choice or resource question offering nothing, at its options, and writes the host's trigger", () => {
    const result = writeForm({ fields: [text(), choice({ options: [] }), resource({ options: [] })] as Field[] });
    expect(said(result)).to.deep.equal([
      "unsupported_form",
      [
        ["unsupported_options", "fields.1.options"],
        ["unsupported_options", "fields.2.options"],
      ],
    ]);
    const hosts = write(choice({ options: [], catalog: "host", multiple: true }));
    expect(hosts).to.deep.equal({ question: { id: "a", type: "textarea" }, warnings: [["approximated", "fields.0"]] });
  });
});

describe("question-form writer: resources and files", () => {
  it("writes a resource question as a choice of its URIs, titles (or names) as labels, no typed answers", () => {
    const options = [
      { uri: "https://a.example/1", name: "one", title: " One " },
      { uri: "https://a.example/2", name: "  " },
      { uri: "https://a.example/3", name: "three", description: " about " },
    ];
    const result = write(resource({ options, default: "https://a.example/1" }));
    expect(result.question).to.deep.equal({
      id: "a",
      type: "radio",
      options: [
        { label: "One", value: "https://a.example/1" },
        "https://a.example/2",
        { label: "three", value: "https://a.example/3", description: "about" },
      ],
      allowCustom: false,
      defaultValue: "https://a.example/1",
    });
    expect(result.warnings).to.deep.equal([["approximated", "fields.0"]]);
  });

  it("drops a resource's details, its bounds on one answer and an implicit selection", () => {
    const options = [
      { uri: "https://a.example/1", name: "one", mimeType: "text/plain", size: 3, annotations: {}, meta: {} },
    ];
    expect(write(resource({ options, minItems: 1, selection: "implicit" })).warnings).to.deep.equal([
      ["approximated", "fields.0"],
      ["dropped", "fields.0.options.0.mimeType"],
      ["dropped", "fields.0.options.0.size"],
      ["dropped", "fields.0.options.0.annotations"],
      ["dropped", "fields.0.options.0.meta"],
      ["dropped", "fields.0.minItems"],
      ["dropped", "fields.0.selection"],
    ]);
    expect(write(resource({ multiple: true, maxItems: 2, selection: "explicit" }))).to.deep.include({
      question: {
        id: "a",
        type: "checkbox",
        options: [{ label: "one", value: "https://a.example/1" }],
        allowCustom: false,
        maxSelections: 2,
      },
    });
  });

  it("writes a file question's multiple and accept, dropping what it cannot say", () => {
    expect(write(file({ multiple: true, pick: { kind: "file", accept: ["image/*", ".pdf"] } }))).to.deep.equal({
      question: { id: "a", type: "file", multiple: true, accept: "image/*,.pdf" },
      warnings: [],
    });
    expect(write(file({ pick: { kind: "file", accept: [] } })).question).to.deep.equal({ id: "a", type: "file" });
    expect(write(file({ pick: { kind: "file", accept: [".a"] }, ...ext({ accept: ".a, .b" }) })).question).to.include({
      accept: ".a, .b",
    });
    const lossy = file({
      multiple: true,
      options: [{ uri: "file:///a", name: "a" }],
      pick: { kind: "directory" },
      minItems: 2,
      maxItems: 3,
      default: ["file:///a"],
    });
    expect(write(lossy)).to.deep.equal({
      question: { id: "a", type: "file", multiple: true },
      warnings: [
        ["dropped", "fields.0.options"],
        ["dropped", "fields.0.pick.kind"],
        ["dropped", "fields.0.minItems"],
        ["dropped", "fields.0.maxItems"],
        ["dropped", "fields.0.default"],
      ],
    });
  });
});

describe("question-form writer: through translate", () => {
  it("a native form written as a block reads back with its choices and bounds", () => {
    const native = {
      mode: "form",
      message: "Pick",
      requestedSchema: {
        type: "object",
        properties: {
          size: { type: "string", title: "Size", oneOf: [{ const: "s", title: "Small" }], default: "s" },
          n: { type: "integer", minimum: 1, maximum: 3 },
        },
        required: ["size"],
      },
    };
    const result = translate(native, { to: "question-form" });
    if (!result.ok) throw new Error(JSON.stringify(said(result)));
    const body = bodyOf(result.value as string);
    expect(body.questions).to.deep.equal([
      {
        id: "size",
        type: "radio",
        label: "Size",
        required: true,
        options: [{ label: "Small", value: "s" }],
        allowCustom: false,
        defaultValue: "s",
      },
      { id: "n", type: "number", min: 1, max: 3 },
    ]);
    expect(said(result)).to.deep.include.members([["approximated", "fields.1.integer"]]);
  });
});
