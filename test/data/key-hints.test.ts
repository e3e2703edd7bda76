import { expect } from "chai";
import { dataProtocol } from "../../src/protocols/data/index.js";

/**
 * The unknown keys the Data reader reports, each with the key it suggests (src/protocols/data/key-hints.ts),
 * or "no guess".
 */
function unknownKeys(input: unknown): [string, string][] {
  const read = dataProtocol.readForm(input);
  if (read.ok) return expect.fail("accepted an input with an unknown key");
  return read.error.issues
    .filter((issue) => issue.code === "unknown_key")
    .map((i) => {
      expect(i.message.toLowerCase()).to.include(
        `the key \`${String(i.path.at(-1)).toLowerCase()}\` is not allowed here`,
      );
      return [i.path.join("."), /did you mean (`\w+`)\?/.exec(i.message)?.[1] ?? "no guess"];
    });
}

const said = (key: string) => `\`${key}\``;

const question = { id: "audience", type: "multi_select", title: "Audience", required: true };
const option = { id: "exec", title: "Executives" };

describe("data: did you mean, for another protocol's key", () => {
  it("maxSelections (the <question-form> word) on a multi_select: maxItems", () => {
    const input = { message: "m", questions: [{ ...question, options: [option], maxSelections: 2 }] };
    expect(unknownKeys(input)).to.deep.equal([["questions.0.maxSelections", said("maxItems")]]);
  });

  it("a question's label, prompt, question and help: title and description", () => {
    for (const [key, hint] of [
      ["label", "title"],
      ["prompt", "title"],
      ["question", "title"],
      ["help", "description"],
      ["kind", "type"],
    ]) {
      const input = { message: "m", questions: [{ ...question, options: [option], [key as string]: "x" }] };
      expect(unknownKeys(input), key).to.deep.equal([[`questions.0.${key}`, said(hint as string)]]);
    }
  });

  it("an option's label and value: title, and id (uri for a resource option)", () => {
    const choice = { message: "m", questions: [{ ...question, options: [{ ...option, value: "x" }] }] };
    expect(unknownKeys(choice)).to.deep.equal([["questions.0.options.0.value", said("id")]]);
    const labelled = { message: "m", questions: [{ ...question, options: [{ ...option, label: "x" }] }] };
    expect(unknownKeys(labelled)).to.deep.equal([["questions.0.options.0.label", said("title")]]);
    const resource = {
      message: "m",
      questions: [
        {
          id: "doc",
          type: "resource",
          title: "Doc",
          required: false,
          options: [{ uri: "https://example.com/a", name: "a", title: "A", value: "a" }],
        },
      ],
    };
    expect(unknownKeys(resource)).to.deep.equal([["questions.0.options.0.value", said("uri")]]);
  });

  it("the form's fields, title and description: questions and message", () => {
    const questions = [{ ...question, options: [option] }];
    expect(unknownKeys({ message: "m", questions, title: "T" })).to.deep.equal([["title", said("message")]]);
    expect(unknownKeys({ message: "m", questions, fields: [] })).to.deep.equal([["fields", said("questions")]]);
  });

  it("a key no protocol uses for a Data key gets no guess", () => {
    const input = { message: "m", questions: [{ ...question, options: [option], placeholder: "x" }] };
    expect(unknownKeys(input)).to.deep.equal([["questions.0.placeholder", "no guess"]]);
    // A Data key in the wrong place is not another protocol's word either.
    const misplaced = { message: "m", questions: [{ ...question, options: [{ ...option, maxItems: 1 }] }] };
    expect(unknownKeys(misplaced)).to.deep.equal([["questions.0.options.0.maxItems", "no guess"]]);
  });
});
