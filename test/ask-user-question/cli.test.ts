import { expect } from "chai";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../support/cli.js";

/**
 * formgate's CLI with AskUserQuestion (issue 20, "Done when"): the bundled example, a form it can ask and back,
 * answers.
 */

const bundled = "examples/report-template.data.json";
const questions = "examples/database.ask-user-question.json";

describe("formgate translate --to ask-user-question (in-process)", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "formgate-auq-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("refuses the bundled example, naming the question it cannot ask (a resource offering one template)", async () => {
    const run = await runCli(["translate", "--to", "ask-user-question", "--json", bundled]);
    expect(run.status).to.equal(1);
    const { error } = JSON.parse(run.stdout);
    expect(error.code).to.equal("unsupported_form");
    expect(error.issues.map((issue: { path: unknown[] }) => issue.path)).to.deep.equal([["fields", 0, "options"]]);
    expect(error.issues[0].message).to.match(
      /^Question `template` offers 1 option, and AskUserQuestion offers 2 to 4\./,
    );
  });

  it("translates the bundled example once its template question offers two, and back to Data", async () => {
    const form = JSON.parse(readFileSync(bundled, "utf8"));
    form.questions[0].options.push({ uri: "https://example.com/weekly", name: "weekly", title: "Weekly update" });
    const data = join(dir, "two-templates.data.json");
    writeFileSync(data, JSON.stringify(form));
    const there = await runCli(["translate", "--to", "ask-user-question", data]);
    expect(there.status, there.stderr).to.equal(0);
    const wire = JSON.parse(there.stdout);
    expect(wire.questions.map((q: { question: string }) => q.question)).to.deep.equal([
      "Relevant report templates",
      "Who will read the report?",
    ]);
    // The optional notes question is left out, with a warning naming it.
    expect(there.stderr).to.include("notes");
    const auq = join(dir, "two-templates.auq.json");
    writeFileSync(auq, there.stdout);
    const back = await runCli(["translate", "--to", "data", auq]);
    expect(back.status, back.stderr).to.equal(0);
    expect(JSON.parse(back.stdout).questions.map((q: { title: string }) => q.title)).to.deep.equal([
      "Relevant report templates",
      "Who will read the report?",
    ]);
  });

  it("translates the AskUserQuestion example to every other protocol", async () => {
    for (const to of ["data", "native", "mcp", "question-form"]) {
      const run = await runCli(["translate", "--to", to, questions]);
      expect(run.status, `${to}: ${run.stderr}`).to.equal(0);
    }
  });

  it("carries answers from a host's canUseTool result into native, and native answers back", async () => {
    const allow = JSON.stringify({
      behavior: "allow",
      updatedInput: {
        ...JSON.parse(readFileSync(questions, "utf8")),
        answers: {
          "Which database should we use for the new service?": "SQLite",
          "Which features do you want to enable?": 'Migrations, "Backups, nightly"',
        },
      },
    });
    const native = await runCli(
      ["answers", "--form-file", questions, "--from", "ask-user-question", "--to", "native", "-"],
      allow,
    );
    expect(native.status, native.stderr).to.equal(0);
    expect(JSON.parse(native.stdout)).to.deep.equal({
      action: "accept",
      content: { database: "SQLite", features: ["Migrations", "Backups, nightly"] },
    });
    const back = await runCli(
      ["answers", "--form-file", questions, "--from", "native", "--to", "ask-user-question", "-"],
      native.stdout,
    );
    expect(back.status, back.stderr).to.equal(0);
    expect(JSON.parse(back.stdout)).to.deep.equal(JSON.parse(allow));
  });

  it("validate and --help take the new name from the registry", async () => {
    const help = await runCli(["translate", "--help"]);
    expect(help.stdout).to.include("ask-user-question");
    const run = await runCli(["validate", "--as", "ask-user-question", questions]);
    expect(run.status, run.stderr).to.equal(0);
  });
});
