/**
 * The older child-tag body (block/child-tags.ts), read through readQuestionForm: what issue 19's
 * mutation pass found no test pinned. Each question's problems at its own tag (line and column);
 * a flag written "false", "TRUE", empty or as other text; `max-selections` only as digits; an
 * attribute without a value; a label from the content only without a `label` or `prompt`; an
 * option's last `value` with a value; text after the options refused.
 */
import { expect } from "chai";
import type { Issue } from "../../src/model/index.js";
import { readQuestionForm } from "../../src/protocols/question-form/read-form.js";

/** The issues' codes, paths, lines and columns, the form's own child_tag_form left out. */
const where = (issues: Issue[]) =>
  issues.filter((i) => i.code !== "child_tag_form").map((i) => [i.code, i.path, i.line, i.column]);

/** The fields read from a body of child tags (ids and required left out unless asked), or the issues. */
function read(body: string, keep: string[] = []): unknown {
  const result = readQuestionForm(`<question-form id="f" title="T">\n${body}\n</question-form>`);
  if (!result.ok) return where(result.error.issues);
  const fields = result.value.fields.map((field) =>
    Object.fromEntries(Object.entries(field).filter(([k]) => (k !== "id" && k !== "required") || keep.includes(k))),
  );
  return { fields, warnings: where(result.warnings) };
}

describe("question-form: the child-tag body's edges", () => {
  it("places each question's problems at its own tag, after leading spaces", () => {
    const body = '  <question-text id="a">A</question-text>\n   <question-text id="b" bogus="1">B</question-text>';
    expect(read(body)).to.deep.equal({
      fields: [
        { kind: "text", label: "A" },
        { kind: "text", label: "B" },
      ],
      warnings: [["unknown_key", ["questions", 1, "bogus"], 3, 4]],
    });
  });

  it("places an attribute's problem at its column in the tag", () => {
    expect(read('<question-text id="a" "x">A</question-text>')).to.deep.equal({
      fields: [{ kind: "text", label: "A" }],
      warnings: [
        ["malformed_attribute", [], 2, 23],
        ["malformed_attribute", [], 2, 25],
        ["unknown_key", ["questions", 0, "x"], 2, 1],
      ],
    });
  });

  it("reads a self-closed question without a label as one missing its label", () => {
    expect(read('<question-text id="a"/>')).to.deep.equal({
      fields: [{ kind: "text" }],
      warnings: [["missing_label", ["questions", 0], 2, 1]],
    });
  });

  it("reads a flag written empty, in capitals or false, and refuses one written as other text", () => {
    const text = (required: string) =>
      read(`<question-text id="b" required=${required}>Y</question-text>`, ["required"]);
    expect(text('""')).to.deep.equal({ fields: [{ kind: "text", required: true, label: "Y" }], warnings: [] });
    expect(text('"TRUE"')).to.deep.equal({ fields: [{ kind: "text", required: true, label: "Y" }], warnings: [] });
    expect(text('"False"')).to.deep.equal({ fields: [{ kind: "text", required: false, label: "Y" }], warnings: [] });
    expect(text('"maybe"')).to.deep.equal([
      ["no_form", [], undefined, undefined],
      ["invalid_type", ["questions", 0, "required"], 2, 1],
    ]);
  });

  it('reads custom as the flag it is in a JSON body: bare, true or false (custom="true" was refused)', () => {
    const select = (custom: string) => read(`<question-select id="b" ${custom}>Q<option>A</option></question-select>`);
    const field = {
      kind: "choice",
      label: "Q",
      multiple: false,
      options: [{ value: "A", label: "A" }],
      display: "select",
    };
    const merged = [["alias_merged", ["questions", 0, "custom"], 2, 1]];
    for (const custom of ["custom", 'custom="true"', "custom=TRUE"])
      expect(select(custom), custom).to.deep.equal({ fields: [{ ...field, custom: {} }], warnings: merged });
    expect(select('custom="false"')).to.deep.equal({ fields: [field], warnings: merged });
  });

  it("reads max-selections only as digits, spaces around them allowed", () => {
    const select = (max: string) =>
      read(
        `<question-select id="b" type="checkbox" max-selections="${max}">Q<option>A</option><option>B</option>` +
          "</question-select>",
      );
    const fields = [
      {
        kind: "choice",
        label: "Q",
        multiple: true,
        options: [
          { value: "A", label: "A" },
          { value: "B", label: "B" },
        ],
        display: "checkbox",
        maxItems: 12,
        custom: {},
      },
    ];
    expect(select(" 12 ")).to.deep.equal({ fields, warnings: [] });
    expect(read('<question-text id="a" label="A" max-selections/>')).to.deep.equal([
      ["no_form", [], undefined, undefined],
      ["invalid_type", ["questions", 0, "maxSelections"], 2, 1],
    ]);
    for (const max of ["2x", "x2", ""])
      expect(select(max), max).to.deep.equal([
        ["no_form", [], undefined, undefined],
        ["invalid_type", ["questions", 0, "maxSelections"], 2, 1],
      ]);
  });

  it("reads an attribute written without a value as true, which a label cannot be", () => {
    expect(read('<question-text id="s" type="switch" label="S" default/>')).to.deep.equal({
      fields: [{ kind: "boolean", label: "S", default: true }],
      warnings: [],
    });
    expect(read('<question-text id="b" label>Y</question-text>')).to.deep.equal([
      ["no_form", [], undefined, undefined],
      ["invalid_type", ["questions", 0, "label"], 2, 1],
    ]);
  });

  it("keeps an attribute of digits other than max-selections as text", () => {
    expect(read('<question-text id="7" label="42"/>', ["id"])).to.deep.equal({
      fields: [{ kind: "text", id: "7", label: "42" }],
      warnings: [],
    });
  });

  it("takes the content as the label only without a label or a prompt, and trims it", () => {
    expect(read('<question-text id="b" label="L">  Y  </question-text>')).to.deep.equal({
      fields: [{ kind: "text", label: "L" }],
      warnings: [],
    });
    expect(read('<question-text id="b" prompt="P">Y</question-text>')).to.deep.equal({
      fields: [{ kind: "text", label: "P" }],
      warnings: [["alias_merged", ["questions", 0, "prompt"], 2, 1]],
    });
    expect(read('<question-text id="b">  Y &amp; z  </question-text>')).to.deep.equal({
      fields: [{ kind: "text", label: "Y & z" }],
      warnings: [],
    });
    expect(read('<question-text id="b">   </question-text>')).to.deep.equal({
      fields: [{ kind: "text" }],
      warnings: [["missing_label", ["questions", 0], 2, 1]],
    });
  });

  it("reads an option's last value that has one, and its trimmed label", () => {
    const body =
      '<question-select id="b">Q<option value="r" value>  Red  </option><option value="s" data-x="z">S</option>' +
      "<option>T</option></question-select>";
    expect(read(body)).to.deep.include({
      fields: [
        {
          kind: "choice",
          label: "Q",
          multiple: false,
          options: [
            { value: "r", label: "Red" },
            { value: "s", label: "S" },
            { value: "T", label: "T" },
          ],
          display: "select",
          custom: {},
        },
      ],
    });
  });

  it("refuses text after a select's options, and an option with a blank label", () => {
    expect(read('<question-select id="b">Q<option value="a">  </option></question-select>')).to.deep.equal([
      ["no_form", [], undefined, undefined],
      ["malformed_child_tags", [], 1, 33],
    ]);
    expect(read('<question-select id="b">Q<option>A</option> junk</question-select>')).to.deep.equal([
      ["no_form", [], undefined, undefined],
      ["malformed_child_tags", [], 1, 33],
    ]);
  });
});
