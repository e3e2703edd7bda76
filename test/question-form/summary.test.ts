/**
 * summarizeMessage (what `formgate validate --as question-form` reports) and readQuestionForm's
 * choice by id, through read-form.ts: what issue 19's mutation pass found no test pinned. The
 * forms found (id, place, field count, title only when there is one), every problem of the forms,
 * of the broken blocks and of the message in text order (line, then column), `ok` only without an
 * error; an id no form has, refused with the broken blocks' problems beside it.
 */
import { expect } from "chai";
import type { Issue } from "../../src/model/index.js";
import { readQuestionForm, summarizeMessage } from "../../src/protocols/question-form/read-form.js";

const where = (issues: readonly Issue[]) => issues.map((i) => [i.code, i.severity, i.path, i.line, i.column]);

const titled =
  '<question-form id="a" title="A">\n{"questions":[{"id":"q","label":"Q","type":"text","zz":1}]}\n</question-form>\n';
const plain =
  '<question-form id="b">\n{"questions":[{"id":"r","label":"R","type":"text"},{"id":"s","label":"S"}]}\n' +
  "</question-form>\n";
const broken = '<question-form id="c">\n{"questions": 5}\n</question-form>\n';

describe("question-form: a message's summary and a form chosen by id", () => {
  it("lists the forms and every problem in text order, the message's own before a later form's", () => {
    const summary = summarizeMessage(`<od-card>\ntext\n${titled}${plain}${broken}`);
    expect(summary.ok).to.equal(false);
    expect(summary.forms).to.deep.equal([
      { id: "a", line: 3, column: 1, fields: 1, title: "A" },
      { id: "b", line: 6, column: 1, fields: 2 },
    ]);
    expect(where(summary.problems)).to.deep.equal([
      ["unclosed_card", "warning", [], 1, 1],
      ["unknown_key", "warning", ["questions", 0, "zz"], 4, 56],
      ["missing_type", "warning", ["questions", 1], 7, 52],
      ["invalid_type", "error", ["questions"], 10, 15],
    ]);
  });

  it("orders the problems of one line by column", () => {
    const form = '<question-form id="a" zz="1">{"questions":[{"id":"q","label":"Q","type":"text"}]}</question-form>\n';
    const summary = summarizeMessage(`<od-card> ${form}`);
    expect(where(summary.problems)).to.deep.equal([
      ["unclosed_card", "warning", [], 1, 1],
      ["unknown_attribute", "warning", [], 1, 33],
    ]);
  });

  it("is ok with warnings only, and with no form at all", () => {
    expect(summarizeMessage(titled)).to.deep.include({ ok: true });
    expect(where(summarizeMessage(titled).problems)).to.deep.equal([
      ["unknown_key", "warning", ["questions", 0, "zz"], 2, 56],
    ]);
    expect(summarizeMessage("No form here.")).to.deep.equal({ ok: true, forms: [], problems: [] });
  });

  it("refuses an id no form has, with the broken blocks' problems", () => {
    const read = readQuestionForm(`${titled}${broken}`, { formId: "zz" });
    expect(read.ok).to.equal(false);
    if (read.ok) return;
    expect(read.error.code).to.equal("form_not_found");
    expect(where(read.error.issues)).to.deep.equal([
      ["form_not_found", "error", [], undefined, undefined],
      ["invalid_type", "error", ["questions"], 5, 15],
    ]);
  });
});
