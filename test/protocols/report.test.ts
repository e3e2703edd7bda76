import { expect } from "chai";
import * as v from "valibot";
import { Report } from "../../src/protocols/report/index.js";

/** The one context every reader and writer reports into: paths, questions, options and the wording rule. */
describe("Report", () => {
  it("makes an issue at its path, naming its question and option, said as a sentence", () => {
    const report = Report.start(["input"]);
    const question = report.at("questions", 2).question("size", 2);
    question.at("title").error("invalid_type", "must be a string");
    question.at("options", 1).option("xl").warn("dropped", "Its `thumbnail` has no place here, so it is dropped.");
    expect(report.errors).to.deep.equal([
      {
        code: "invalid_type",
        path: ["input", "questions", 2, "title"],
        message: "Question `size`: the `title` must be a string.",
        severity: "error",
        question: "size",
      },
    ]);
    expect(report.warnings).to.deep.equal([
      {
        code: "dropped",
        path: ["input", "questions", 2, "options", 1],
        message: "Question `size`, option `xl`: its `thumbnail` has no place here, so it is dropped.",
        severity: "warning",
        question: "size",
        option: "xl",
      },
    ]);
    expect(report.ok).to.equal(false);
  });

  it("names a question with no usable id by its number, and keeps a sentence that names its question", () => {
    const report = Report.start();
    report.at("questions", 0).question(undefined, 0).at("id").error("invalid_type", "must be a string");
    report.question("logo").error("invalid_value", "Question `logo` asks for files");
    expect(report.errors.map((issue) => issue.message)).to.deep.equal([
      "Question 1: the `id` must be a string.",
      "Question `logo` asks for files.",
    ]);
    expect(report.errors[0]).not.to.have.property("question");
  });

  it("reads a text a person sees and warns at its wire path when it hides something", () => {
    const report = Report.start();
    expect(report.text("message", "Plain")).to.equal("Plain");
    expect(report.text("message", 4)).to.equal(undefined);
    expect(report.text("message", "Pay\u202Enow")).to.equal("Pay\u202Enow");
    report.at("properties", "a").question("a").text("title", "Am\u200Bount");
    report.at("enum").question("c").text(0, "\uD800");
    expect(report.warnings.map(({ code, path, question }) => ({ code, path, question }))).to.deep.equal([
      { code: "invisible_characters", path: ["message"], question: undefined },
      { code: "invisible_characters", path: ["properties", "a", "title"], question: "a" },
      { code: "malformed_text", path: ["enum", 0], question: "c" },
    ]);
    expect(report.warnings[0]?.message).to.match(/^The form's `message` holds characters a person cannot see/);
    expect(report.warnings[1]?.message).to.match(/^Question `a`: its `title` holds characters/);
    expect(report.warnings[2]?.message).to.match(/^Question `c`: Item 1 of `enum` holds an unpaired surrogate/);
    expect(report.ok).to.equal(true);
  });

  it("feeds valibot's issues through one converter, naming the question and option from the values on the path", () => {
    const schema = v.object({
      questions: v.array(v.object({ id: v.string(), options: v.array(v.object({ id: v.string(), n: v.number() })) })),
    });
    const input = {
      questions: [
        {
          id: "a",
          options: [
            { id: "x", n: 1 },
            { id: "y", n: "2" },
          ],
        },
        { id: 3, options: [] },
      ],
    };
    const parsed = v.safeParse(schema, input);
    const report = Report.start();
    report.valibot(parsed.issues ?? [], {
      questions: "questions",
      id: (question) => {
        const id = (question as { id?: unknown }).id;
        return typeof id === "string" ? id : undefined;
      },
      options: "options",
      option: (option) => (option as { id: string }).id,
    });
    expect(
      report.errors.map(({ path, question, option, message }) => ({ path, question, option, message })),
    ).to.deep.equal([
      {
        path: ["questions", 0, "options", 1, "n"],
        question: "a",
        option: "y",
        message: 'Question `a`, option `y`: the `n` must be a number, not "2".',
      },
      {
        path: ["questions", 1, "id"],
        question: undefined,
        option: undefined,
        message: "Question 2: the `id` must be a string, not 3.",
      },
    ]);
  });

  it("adopts issues made elsewhere below its path, and gives a result", () => {
    const report = Report.start(["content"]);
    report.adopt([
      {
        code: "missing_answer",
        path: ["name"],
        message: "it is required but was not answered",
        severity: "error",
        question: "name",
      },
    ]);
    const result = report.result("invalid_response", {});
    expect(result.ok).to.equal(false);
    if (result.ok) return;
    expect(result.error.issues[0]).to.include({ message: "Question `name`: it is required but was not answered." });
    expect(result.error.issues[0]?.path).to.deep.equal(["content", "name"]);
    expect(Report.start().result("invalid_form", 1)).to.deep.equal({ ok: true, value: 1, warnings: [] });
  });

  it("gives each issue a line and column where a text protocol places its path", () => {
    const report = Report.start([], (path) => (path[0] === "title" ? { line: 3, column: 7 } : undefined));
    report.at("title").warn("unknown_key", "the key `x` is not part of the protocol, so it is ignored");
    report.at("body").warn("unknown_key", "Nothing here.");
    expect(report.warnings[0]).to.include({ line: 3, column: 7 });
    expect(report.warnings[1]).not.to.have.property("line");
  });
  it("puts the model's answer check under each question's answer, at the key its answer is at", () => {
    const form = { fields: [{ kind: "text" as const, id: "name", required: true }] };
    const report = Report.start(["content"]);
    report.answers(
      [
        { code: "missing_answer", path: ["name"], message: "It is required but was not answered.", severity: "error" },
        { code: "unknown_field", path: ["extra"], message: 'The answers name "extra".', severity: "error" },
      ],
      form,
      (id) => `q_${id}`,
    );
    expect(report.errors.map(({ path, question, message }) => ({ path, question, message }))).to.deep.equal([
      {
        path: ["content", "q_name"],
        question: "name",
        message: "Question `name`: it is required but was not answered.",
      },
      { path: ["content", "extra"], question: undefined, message: 'The answers name "extra".' },
    ]);
  });

  it("says a hidden-text warning of the subject it is given, else of its key", () => {
    const report = Report.start(["properties"]).question("a\u200B", 0);
    report.text("a\u200B", "a\u200B", "Its id");
    expect(report.warnings[0]?.message).to.match(/^Question `a\u200B`: its id holds characters a person cannot see/);
    expect(report.warnings[0]?.path).to.deep.equal(["properties", "a\u200B"]);
  });
});
