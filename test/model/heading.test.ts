import { expect } from "chai";
import { readFileSync, readdirSync } from "node:fs";
import { readForm } from "../../src/gateway/translate.js";
import { fieldHeader, headersHeading } from "../../src/model/heading.js";
import type { FormModel } from "../../src/model/index.js";
import { askUserQuestionHeader } from "../../src/protocols/ask-user-question/index.js";

function read(input: unknown): FormModel {
  const result = readForm(input);
  if (!result.ok) throw new Error(result.error.message);
  return result.value.form;
}

const question = (header: string | undefined, text: string) => ({
  question: text,
  ...(header === undefined ? {} : { header }),
  options: [
    { label: "Yes", description: "" },
    { label: "No", description: "" },
  ],
  multiSelect: false,
});

describe("a form's heading and a question's header, without knowing the protocol (src/model/heading.ts)", () => {
  it("reads the header AskUserQuestion keeps on each question, as its own reader does", () => {
    const form = read(JSON.parse(readFileSync("examples/database.ask-user-question.json", "utf8")));
    expect(form.fields.map(fieldHeader)).to.deep.equal(["Database", "Features"]);
    expect(form.fields.map(fieldHeader)).to.deep.equal(form.fields.map(askUserQuestionHeader));
    expect(headersHeading(form)).to.equal("Database · Features");
  });

  it("heads one question by its header, else by its text; several by their headers joined, skipping empty ones", () => {
    expect(headersHeading(read({ questions: [question("Deploy", "Ship it?")] }))).to.equal("Deploy");
    expect(headersHeading(read({ questions: [question("", "Ship it?")] }))).to.equal("Ship it?");
    const two = read({ questions: [question("", "Ship it?"), question("Tests", "Run them?")] });
    expect(headersHeading(two)).to.equal("Tests");
    expect(headersHeading(read({ questions: [question("", "A?"), question("", "B?")] }))).to.equal(undefined);
  });

  it("gives no heading to a form of another protocol, whose questions have no header", () => {
    for (const file of readdirSync("examples").filter((name) => name.endsWith(".assistant.md"))) {
      const form = read(readFileSync(`examples/${file}`, "utf8"));
      expect(
        form.fields.map(fieldHeader).filter((header) => header !== undefined),
        file,
      ).to.deep.equal([]);
      expect(headersHeading(form), file).to.equal(undefined);
    }
  });
});

describe("src/dom knows no protocol", () => {
  it("imports nothing from src/protocols/ (its heading and chips come from the model)", () => {
    for (const file of readdirSync("src/dom").filter((name) => name.endsWith(".ts"))) {
      const imports = [...readFileSync(`src/dom/${file}`, "utf8").matchAll(/from "([^"]+)"/g)].map((match) => match[1]);
      expect(
        imports.filter((path) => path?.includes("/protocols/")),
        file,
      ).to.deep.equal([]);
    }
  });
});
