import { expect } from "chai";
import { runBuiltCli } from "../support/built-cli.js";
import { runCli } from "../support/cli.js";

const example = "examples/report-template.data.json";
const invalid = JSON.stringify({ message: "", questions: [{ id: "1", type: "text", title: "T", required: false }] });

describe("formgate validate (in-process)", () => {
  it("exits 0 on a valid Data tool input", async () => {
    const run = await runCli(["validate", "--as", "data", example]);
    expect(run).to.include({ status: 0 });
    expect(run.stdout).to.match(/valid data form: 3 fields/);
  });

  it("prints every located problem and invalid_arguments, exit 1", async () => {
    const run = await runCli(["validate", "--as", "data", "-"], invalid);
    expect(run.status).to.equal(1);
    expect(run.stderr).to.include("invalid_arguments");
    expect(run.stderr).to.include("The `message` must not be empty.");
    expect(run.stderr).to.include("at questions[0].id)");
  });

  it("prints JSON with --json", async () => {
    const run = await runCli(["validate", "--json", "-"], invalid);
    expect(run.status).to.equal(1);
    const printed = JSON.parse(run.stdout);
    expect(printed).to.include({ ok: false, protocol: "data", code: "invalid_arguments" });
    expect(printed.problems).to.have.length(2);
  });

  it("detects the protocol when --as is not given", async () => {
    expect((await runCli(["validate", example])).status).to.equal(0);
  });

  it("reports JSON that does not parse without a stack trace", async () => {
    const run = await runCli(["validate", "--as", "data", "-"], '{"message": ');
    expect(run.status).to.equal(1);
    expect(run.stderr).to.include("invalid_json");
    expect(run.stderr).not.to.include("    at ");
  });

  it("treats unknown flags, protocols and commands as usage errors (exit 2)", async () => {
    expect((await runCli(["validate", "--bogus", example])).status).to.equal(2);
    expect((await runCli(["validate", "--as", "smoke-signals", example])).status).to.equal(2);
    expect((await runCli(["frobnicate"])).status).to.equal(2);
    expect((await runCli(["validate", "does/not/exist.json"])).status).to.equal(2);
  });

  it("lists the commands with --help", async () => {
    const run = await runCli(["--help"]);
    expect(run.status).to.equal(0);
    expect(run.stdout).to.match(/validate\s+check a form/);
    expect((await runCli(["validate", "--help"])).stdout).to.include("Usage: formgate validate");
  });
});

describe("formgate validate (built CLI, real process)", () => {
  it("runs from dist/cli.js with the documented exit statuses", () => {
    const ok = runBuiltCli(["validate", "--as", "data", example]);
    expect(ok.status, ok.stderr).to.equal(0);
    const bad = runBuiltCli(["validate", "--as", "data", "-"], invalid);
    expect(bad.status).to.equal(1);
    expect(bad.stderr).to.include("invalid_arguments");
  });
});

describe("formgate validate --as question-form", () => {
  it("lists the forms of an assistant message with their line and column", async () => {
    const run = await runCli(["validate", "--as", "question-form", "examples/discovery.assistant.md"]);
    expect(run.status, run.stderr).to.equal(0);
    expect(run.stdout).to.include('valid form "discovery" (Quick brief — 30 seconds) at 3:1: 2 fields');
  });

  it("locates a broken block by line and column, exit 1", async () => {
    const message =
      'Intro\n\n<question-form id="x">\n{ "questions": [ { "id": "a", "label": "A", "type": "text", } ] ' +
      "}\n</question-form>\n";
    const run = await runCli(["validate", "-"], message);
    expect(run.status).to.equal(1);
    expect(run.stderr).to.match(/^error .* at line 4, column \d+\)$/m);
  });
});
