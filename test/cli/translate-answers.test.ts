import { expect } from "chai";
import { pathToFileURL } from "node:url";
import { runBuiltCli } from "../support/built-cli.js";
import { runCli } from "../support/cli.js";

const example = "examples/report-template.data.json";
const nativeResult = "examples/report-template.native-result.json";
const twoForms = "test/fixtures/cli/two-forms.assistant.md";

describe("formgate translate (in-process)", () => {
  it("translates the bundled example to native JSON", async () => {
    const run = await runCli(["translate", "--to", "native", example]);
    expect(run.status, run.stderr).to.equal(0);
    expect(JSON.parse(run.stdout).requestedSchema.required).to.deep.equal(["audience"]);
  });

  it("reads the first form of a message with a warning naming the others", async () => {
    const run = await runCli(["translate", "--to", "data", twoForms]);
    expect(run.status, run.stderr).to.equal(0);
    expect(JSON.parse(run.stdout).questions.map((q: { id: string }) => q.id)).to.deep.equal(["pages"]);
    expect(run.stderr).to.include("several_forms").and.include('"assets"');
  });

  it("picks a form by --form ID, and says which forms exist when the id is wrong", async () => {
    const run = await runCli(["translate", "--to", "data", "--form", "assets", twoForms]);
    expect(run.status, run.stderr).to.equal(0);
    expect(JSON.parse(run.stdout).questions[0]).to.include({ id: "logo", type: "files" });
    expect(run.stderr).not.to.include("several_forms");

    const missing = await runCli(["translate", "--to", "data", "--form", "budget", "--json", twoForms]);
    expect(missing.status).to.equal(1);
    const { error } = JSON.parse(missing.stdout);
    expect(error.code).to.equal("form_not_found");
    expect(error.issues[0].message).to.include('"scope", "assets"');
  });

  it("treats a missing --to, a second FILE and an unknown flag as usage errors", async () => {
    expect((await runCli(["translate", example])).status).to.equal(2);
    expect((await runCli(["translate", "--to", "data", example, example])).status).to.equal(2);
    expect((await runCli(["translate", "--to", "data", "--frm", "data", example])).status).to.equal(2);
  });
});

describe("formgate answers (in-process)", () => {
  it("translates answers, and rejects bad ones with invalid_response", async () => {
    const ok = await runCli(["answers", "--form", example, "--from", "native", "--to", "data", nativeResult]);
    expect(ok.status, ok.stderr).to.equal(0);
    const bad = await runCli(["answers", "--form", example, "--from", "native", "--to", "data", "-"], '{"action":"accept","content":{"template":""}}');
    expect(bad.status).to.equal(1);
    expect(bad.stderr).to.include("invalid_response");
  });

  it("picks the form by --form-id, and locates bare file names in --files-dir (plain names only)", async () => {
    const args = ["answers", "--form", twoForms, "--form-id", "assets", "--from", "question-form", "--to", "native", "--files-dir", "/srv/uploads", "-"];
    const run = await runCli(args, "[form answers — assets]\n- Logo files: logo.png, logo dark.svg");
    expect(run.status, run.stderr).to.equal(0);
    expect(JSON.parse(run.stdout).content.logo).to.deep.equal([pathToFileURL("/srv/uploads/logo.png").href, pathToFileURL("/srv/uploads/logo dark.svg").href]);

    const escape = await runCli(args, "[form answers — assets]\n- Logo files: ../secret.png");
    expect(escape.status).to.equal(1);
    expect(escape.stderr).to.include("unreadable_answer");

    const unlocated = await runCli(args.filter((arg) => arg !== "--files-dir" && arg !== "/srv/uploads"), "[form answers — assets]\n- Logo files: logo.png");
    expect(unlocated.status).to.equal(1);
    expect(unlocated.stderr).to.include("locateFile");
  });
});

describe("formgate commands (built CLI, real process)", () => {
  it("translate: a form out on stdout, exit 0; a usage error, exit 2", () => {
    const ok = runBuiltCli(["translate", "--to", "question-form", example]);
    expect(ok.status, ok.stderr).to.equal(0);
    expect(ok.stdout).to.match(/^<question-form/);
    expect(runBuiltCli(["translate", example]).status).to.equal(2);
  });

  it("answers: reads the answers from standard input", () => {
    const run = runBuiltCli(["answers", "--form", example, "--from", "native", "--to", "data", "-"], '{"action":"cancel"}');
    expect(run.status, run.stderr).to.equal(0);
    expect(JSON.parse(run.stdout)).to.deep.equal({ action: "cancel" });
  });

  it("every command has --help, exit 0", () => {
    for (const command of ["translate", "answers", "validate", "serve"]) {
      const run = runBuiltCli([command, "--help"]);
      expect(run.status, command).to.equal(0);
      expect(run.stdout, command).to.match(/^Usage: formgate/);
    }
  });
});
