/**
 * The views of a form still arriving (block/partial-view.ts), through createMessageReader with
 * `partial: true`, chunk by chunk: what issue 19's mutation pass found no test pinned. The exact
 * sequence of views: the body's id and title once whole (the first of each; the open tag's win),
 * a body that is an array of questions, arrays and objects beside `questions` that are no
 * questions, options that are objects, a question that completes unreadable, a chunk that adds
 * nothing, and a body of prose, which shows nothing.
 */
import { expect } from "chai";
import type { Field } from "../../src/model/index.js";
import { createMessageReader } from "../../src/protocols/question-form/index.js";

/** A field as its id, with its options' values if it has any. */
const shown = (field: Field): string =>
  field.id + (field.kind === "choice" ? `[${field.options.map((option) => option.value).join(",")}]` : "");

/** Each view the reader shows over `chunks`: id, title, complete questions and the one arriving. */
function views(chunks: string[]): unknown[] {
  const reader = createMessageReader({ partial: true });
  return [...chunks.flatMap((chunk) => reader.push(chunk)), ...reader.end()].flatMap((event) =>
    event.kind === "partial"
      ? [[event.id, event.title ?? null, event.fields.map(shown), event.arriving ? shown(event.arriving) : null]]
      : [],
  );
}

const open = "<question-form>\n";
const close = "]}\n</question-form>";
const question = (id: string) => `{"id":"${id}","label":"${id.toUpperCase()}"}`;

describe("question-form: the views of a form still arriving", () => {
  it("shows the body's id and its first title once each has arrived whole", () => {
    const chunks = [open, '{"id":"x",', '"title":"T1",', '"title":"T2",', `"questions":[${question("a")},`];
    expect(views([...chunks, question("b"), close])).to.deep.equal([
      ["discovery", null, [], null],
      ["x", null, [], null],
      ["x", "T1", [], null],
      ["x", "T1", ["a"], null],
      ["x", "T1", ["a", "b"], null],
    ]);
  });

  it("keeps the open tag's id and title over the body's", () => {
    const chunks = [
      '<question-form id="o" title="O">\n',
      '{"id":"x",',
      '"title":"T",',
      `"questions":[${question("a")}`,
    ];
    expect(views([...chunks, close])).to.deep.equal([
      ["o", "O", [], null],
      ["o", "O", ["a"], null],
    ]);
  });

  it("reads a body that is an array of questions", () => {
    expect(views([open, `[${question("a")},`, question("b"), "]\n</question-form>"])).to.deep.equal([
      ["discovery", null, [], null],
      ["discovery", null, ["a"], null],
      ["discovery", null, ["a", "b"], null],
    ]);
  });

  it("takes no array or object beside `questions` for questions", () => {
    for (const meta of [`[${question("m")}]`, question("m")])
      expect(views([open, `{"meta":${meta},`, `"questions":[${question("a")}`, close]), meta).to.deep.equal([
        ["discovery", null, [], null],
        ["discovery", null, ["a"], null],
      ]);
  });

  it("reads a question whose options are objects once it closes, not at an option's end", () => {
    const select =
      '{"id":"s","label":"S","type":"select","options":[{"value":"r","label":"R"},{"value":"g","label":"G"}]}';
    expect(views([open, `{"questions":[${select}`, `,${question("a")}`, close])).to.deep.equal([
      ["discovery", null, [], null],
      ["discovery", null, ["s[r,g]"], null],
      ["discovery", null, ["s[r,g]", "a"], null],
    ]);
  });

  it("keeps a question arriving that reads as none, drops it once it completes unreadable, and adds no field", () => {
    const chunks = [open, '{"questions":[{"id":"a","label":"A","type":"select"', ',"options":5          ', "}"];
    expect(views([...chunks, `,${question("b")}`, close])).to.deep.equal([
      ["discovery", null, [], null],
      ["discovery", null, [], "a[]"],
      ["discovery", null, [], null],
      ["discovery", null, ["b"], null],
    ]);
    const once = '{"questions":[{"id":"a","label":"A","type":"select","options":5}';
    expect(views([open, once, `,${question("b")}`, close]), "never arriving").to.deep.equal([
      ["discovery", null, [], null],
      ["discovery", null, ["b"], null],
    ]);
  });

  it("keeps showing a question arriving whose later keys make it unreadable until it closes", () => {
    expect(views([open, '{"questions":[{"id":"a","label":"A"', ',"label":null,"hint":"hhhhhhhh"'])).to.deep.equal([
      ["discovery", null, [], null],
      ["discovery", null, [], "a"],
    ]);
  });

  it("shows the question arriving after a long description", () => {
    const chunks = [open, `{"description":"${"d".repeat(70_000)}",`, '"questions":[{"id":"a","label":"A"', "}", close];
    expect(views(chunks)).to.deep.equal([
      ["discovery", null, [], null],
      ["discovery", null, [], null],
      ["discovery", null, [], "a"],
      ["discovery", null, ["a"], null],
    ]);
  });

  it("stops reading a question arriving once it is longer than 64 KiB, and reads it whole when it closes", () => {
    const start = '{"questions":[{"id":"s","label":"S","type":"select","options":["a"';
    expect(views([open, start, `${" ".repeat(70_000)},"z"`, ',"y"', "]}", close])).to.deep.equal([
      ["discovery", null, [], null],
      ["discovery", null, [], "s[a]"],
      ["discovery", null, ["s[a,z,y]"], null],
    ]);
  });

  it("shows only the form's own keys of the body", () => {
    const reader = createMessageReader({ partial: true });
    const events = [open, '{"note":"n","id":"x",', `"questions":[${question("a")}`, close].flatMap((c) =>
      reader.push(c),
    );
    expect(events.filter((e) => e.kind === "partial").map((e) => Object.keys(e).sort())).to.deep.equal([
      ["column", "fields", "id", "kind", "line", "start"],
      ["column", "fields", "id", "kind", "line", "start"],
      ["column", "fields", "id", "kind", "line", "start"],
    ]);
  });

  it("shows nothing new for a chunk that changes no question", () => {
    const chunks = [open, '{"questions":[{"id":"a","label":"A"', " ".repeat(40), " ".repeat(40), "}", close];
    expect(views(chunks)).to.deep.equal([
      ["discovery", null, [], null],
      ["discovery", null, [], "a"],
      ["discovery", null, ["a"], null],
    ]);
  });

  it("shows no view of a body of prose, whatever JSON follows it", () => {
    expect(views([open, 'Well {"id":"x","title":"T",', `"questions":[${question("a")}`, close])).to.deep.equal([]);
    expect(views([open, 'Well [{"id":"a","label":"A"', " ".repeat(20), "}", close])).to.deep.equal([]);
  });

  it("shows no question after a bracket that closes nothing: it is in no `questions` array", () => {
    // Before issue 29 the depth below the body (-1) matched the "no questions array yet" mark, and the object showed.
    expect(views([open, "```json\n]", question("z"), close])).to.deep.equal([["discovery", null, [], null]]);
    expect(views([open, "```json\n}", question("z").slice(0, -1), " ".repeat(20), "}", close])).to.deep.equal([
      ["discovery", null, [], null],
    ]);
  });
});
