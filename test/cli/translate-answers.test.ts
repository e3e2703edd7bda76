import { expect } from "chai";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { protocolNames } from "../../src/protocols/index.js";
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

  it("picks a form by --form-id ID, and says which forms exist when the id is wrong", async () => {
    const run = await runCli(["translate", "--to", "data", "--form-id", "assets", twoForms]);
    expect(run.status, run.stderr).to.equal(0);
    expect(JSON.parse(run.stdout).questions[0]).to.include({ id: "logo", type: "files" });
    expect(run.stderr).not.to.include("several_forms");

    const missing = await runCli(["translate", "--to", "data", "--form-id", "budget", "--json", twoForms]);
    expect(missing.status).to.equal(1);
    const { error } = JSON.parse(missing.stdout);
    expect(error.code).to.equal("form_not_found");
    expect(error.issues[0].message).to.include('"scope", "assets"');
  });

  it("reads the old --form ID as --form-id, with a deprecation warning; both at once are a usage error", async () => {
    const old = await runCli(["translate", "--to", "data", "--form", "assets", twoForms]);
    const now = await runCli(["translate", "--to", "data", "--form-id", "assets", twoForms]);
    expect(old.status, old.stderr).to.equal(0);
    expect(old.stdout).to.equal(now.stdout);
    expect(old.stderr).to.equal(
      `warning: --form is deprecated in formgate translate; use --form-id (--form still works for now)\n${now.stderr}`,
    );
    const both = await runCli(["translate", "--to", "data", "--form", "assets", "--form-id", "assets", twoForms]);
    expect(both.status).to.equal(2);
    expect(both.stderr).to.include("--form is the old name of --form-id");
  });

  it("names --from, not the library's `from`, when the input's protocol cannot be found", async () => {
    const run = await runCli(["translate", "--to", "data", "-"], '{"nothing": "here"}');
    expect(run.status).to.equal(1);
    expect(run.stderr).to.include("name its protocol with --from.").and.not.include("`from`");
  });

  it("treats a missing --to, a second FILE and an unknown flag as usage errors", async () => {
    expect((await runCli(["translate", example])).status).to.equal(2);
    expect((await runCli(["translate", "--to", "data", example, example])).status).to.equal(2);
    expect((await runCli(["translate", "--to", "data", "--frm", "data", example])).status).to.equal(2);
  });
});

describe("formgate answers (in-process)", () => {
  it("translates answers, and rejects bad ones with invalid_response", async () => {
    const ok = await runCli(["answers", "--form-file", example, "--from", "native", "--to", "data", nativeResult]);
    expect(ok.status, ok.stderr).to.equal(0);
    const bad = await runCli(
      ["answers", "--form-file", example, "--from", "native", "--to", "data", "-"],
      '{"action":"accept","content":{"template":""}}',
    );
    expect(bad.status).to.equal(1);
    expect(bad.stderr).to.include("invalid_response");
  });

  it("reads the old --form as --form-file, with a deprecation warning; both at once are a usage error", async () => {
    const old = await runCli(["answers", "--form", example, "--from", "native", "--to", "data", nativeResult]);
    const now = await runCli(["answers", "--form-file", example, "--from", "native", "--to", "data", nativeResult]);
    expect(old.status, old.stderr).to.equal(0);
    expect(old.stdout).to.equal(now.stdout);
    expect(old.stderr).to.equal(
      `warning: --form is deprecated in formgate answers; use --form-file (--form still works for now)\n${now.stderr}`,
    );
    const quiet = await runCli([
      "answers",
      "--quiet",
      "--form",
      example,
      "--from",
      "native",
      "--to",
      "data",
      nativeResult,
    ]);
    expect(quiet.stderr).to.equal("");
    const both = await runCli([
      "answers",
      "--form",
      example,
      "--form-file",
      example,
      "--from",
      "native",
      "--to",
      "data",
    ]);
    expect(both.status).to.equal(2);
  });

  it("names --form-from, not the library's formFrom, when the form's protocol cannot be found", async () => {
    const dir = mkdtempSync(join(tmpdir(), "formgate-form-from-"));
    try {
      const unknown = join(dir, "unknown.json");
      writeFileSync(unknown, '{"nothing": "here"}');
      const run = await runCli(["answers", "--form-file", unknown, "--from", "mcp", "--to", "data", nativeResult]);
      expect(run.status).to.equal(1);
      expect(run.stderr).to.include("name its protocol with --form-from.").and.not.include("formFrom");
      // A model form is the library's alone (typed, not checked): the CLI reads forms of a protocol.
      const model = join(dir, "model.json");
      writeFileSync(model, JSON.stringify({ fields: [{ kind: "boolean", id: "ok", required: true }] }));
      const answers = '{"action":"accept","content":{"ok":true}}';
      const asked = await runCli(["answers", "--form-file", model, "--from", "mcp", "--to", "data", "-"], answers);
      expect(asked.status).to.equal(1);
      expect(asked.stderr).to.include("name its protocol with --form-from.").and.not.include("formFrom");
      const named = ["answers", "--form-file", model, "--form-from", "model", "--from", "mcp", "--to", "mcp", "-"];
      expect((await runCli(named, answers)).status).to.equal(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads and writes answers at --now: an AG-UI interrupt past its expiresAt then takes none", async () => {
    const dir = mkdtempSync(join(tmpdir(), "formgate-now-"));
    try {
      const interrupt = join(dir, "interrupt.json");
      writeFileSync(
        interrupt,
        JSON.stringify({
          id: "int-1",
          reason: "input_required",
          expiresAt: "2030-01-01T00:00:00Z",
          responseSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
        }),
      );
      const entry = '{"interruptId":"int-1","status":"resolved","payload":{"ok":true}}';
      const args = (now: string) => ["answers", "--form-file", interrupt, "--from", "ag-ui", "--to", "mcp", now, "-"];
      const before = await runCli(args("--now=2029-12-31T23:59:59Z"), entry);
      expect(before.status, before.stderr).to.equal(0);
      expect(JSON.parse(before.stdout)).to.deep.equal({ action: "accept", content: { ok: true } });
      const after = await runCli(args("--now=2030-01-01T01:00:00+00:30"), entry);
      expect(after.status).to.equal(1);
      expect(after.stderr).to.include("interrupt_expired");
      for (const wrong of [
        "--now=2029-12-31",
        "--now=2029-12-31T12:00:00",
        "--now=tomorrow",
        "--now=2029-13-01T00:00Z",
      ]) {
        const usage = await runCli(args(wrong), entry);
        expect(usage.status, wrong).to.equal(2);
        expect(usage.stderr, wrong).to.include("--now must be an ISO 8601 date-time with its zone");
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("picks the form by --form-id, and locates bare file names in --files-dir (plain names only)", async () => {
    const args = [
      "answers",
      "--form-file",
      twoForms,
      "--form-id",
      "assets",
      "--from",
      "question-form",
      "--to",
      "native",
      "--files-dir",
      "/srv/uploads",
      "-",
    ];
    const run = await runCli(args, "[form answers — assets]\n- Logo files: logo.png, logo dark.svg");
    expect(run.status, run.stderr).to.equal(0);
    expect(JSON.parse(run.stdout).content.logo).to.deep.equal([
      pathToFileURL("/srv/uploads/logo.png").href,
      pathToFileURL("/srv/uploads/logo dark.svg").href,
    ]);

    const escape = await runCli(args, "[form answers — assets]\n- Logo files: ../secret.png");
    expect(escape.status).to.equal(1);
    expect(escape.stderr).to.include("unreadable_answer");

    const unlocated = await runCli(
      args.filter((arg) => arg !== "--files-dir" && arg !== "/srv/uploads"),
      "[form answers — assets]\n- Logo files: logo.png",
    );
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
    const run = runBuiltCli(
      ["answers", "--form-file", example, "--from", "native", "--to", "data", "-"],
      '{"action":"cancel"}',
    );
    expect(run.status, run.stderr).to.equal(0);
    expect(JSON.parse(run.stdout)).to.deep.equal({ action: "cancel" });
  });

  it("answers --to question-form: a decline or a cancel is its notice, exit 0, read back as what it says", () => {
    for (const [action, said] of [
      ["decline", "declined"],
      ["cancel", "cancelled"],
    ] as const) {
      const run = runBuiltCli(
        ["answers", "--form-file", example, "--from", "native", "--to", "question-form", "-"],
        JSON.stringify({ action }),
      );
      expect(run.status, run.stderr).to.equal(0);
      expect(run.stdout).to.match(new RegExp(`^\\[form ${said} — discovery\\]\n`));
      const back = runBuiltCli(
        ["answers", "--form-file", example, "--from", "question-form", "--to", "data", "-"],
        run.stdout,
      );
      expect(back.status, back.stderr).to.equal(0);
      expect(JSON.parse(back.stdout)).to.deep.equal({ action });
    }
  });

  it("detects the params zod's toJSONSchema writes for elicitInput as mcp, and reads them in MCP's words", () => {
    // $schema, a pattern from z.email(), an untitled enum and additionalProperties: false (issue 33).
    const requestedSchema = z.toJSONSchema(
      z.object({ email: z.email(), size: z.enum(["small", "large"]), newsletter: z.boolean().optional() }),
    );
    expect(requestedSchema).to.include.keys("$schema", "additionalProperties");
    const dir = mkdtempSync(join(tmpdir(), "formgate-zod-"));
    try {
      const file = join(dir, "params.json");
      writeFileSync(file, JSON.stringify({ message: "Checkout details", requestedSchema }));
      const valid = runBuiltCli(["validate", file]);
      expect(valid.status, valid.stderr).to.equal(0);
      expect(valid.stdout).to.match(/^valid mcp form: 3 fields/);
      const run = runBuiltCli(["translate", "--to", "data", "--json", file]);
      expect(run.status, run.stderr).to.equal(0);
      const { warnings } = JSON.parse(run.stdout) as { warnings: { message: string }[] };
      expect(warnings.map((w) => w.message).join("\n")).to.not.match(/native|OpenAI/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("every command has --help, exit 0", () => {
    for (const command of ["translate", "answers", "validate", "serve"]) {
      const run = runBuiltCli([command, "--help"]);
      expect(run.status, command).to.equal(0);
      expect(run.stdout, command).to.match(/^Usage: formgate/);
      // Every protocol of the registry, where the command takes one.
      if (command !== "serve") expect(run.stdout, command).to.include(`one of: ${protocolNames.join(", ")}`);
    }
  });
});

describe("formgate translate and answers --direction-catalog", () => {
  // A <question-form> direction-cards question whose cards the host supplies (open-design's
  // discovery skill writes it with id, label, type and required only).
  const trigger = "test/fixtures/cli/host-catalog.assistant.md";
  const catalog = "test/fixtures/cli/direction-catalog.json";

  it("writes the host's cards as the options of a protocol that lists them", async () => {
    const run = await runCli(["translate", "--to", "native", "--direction-catalog", catalog, trigger]);
    expect(run.status, run.stderr).to.equal(0);
    const field = JSON.parse(run.stdout).requestedSchema.properties.visual_direction;
    expect(field.oneOf.map((option: { const: string; title: string }) => [option.const, option.title])).to.deep.equal([
      ["prototype-quiet-saas", "Quiet SaaS"],
      ["prototype-expressive-consumer", "Expressive consumer"],
    ]);
  });

  it("without the catalog, fails naming the question; a catalog that is not JSON or is empty is located", async () => {
    const missing = await runCli(["translate", "--to", "native", "--json", trigger]);
    expect(missing.status).to.equal(1);
    expect(
      JSON.parse(missing.stdout).error.issues.map((issue: { code: string; path: unknown[] }) => [
        issue.code,
        issue.path,
      ]),
    ).to.deep.equal([["missing_direction_catalog", ["fields", 0, "options"]]]);
    const scratch = mkdtempSync(join(tmpdir(), "formgate-catalog-"));
    try {
      writeFileSync(join(scratch, "broken.json"), '[{"id": "a", "label": "A"},\n]');
      const broken = await runCli([
        "translate",
        "--to",
        "native",
        "--json",
        "--direction-catalog",
        join(scratch, "broken.json"),
        trigger,
      ]);
      expect(broken.status).to.equal(1);
      expect(JSON.parse(broken.stdout).error.issues[0]).to.include({ code: "invalid_json", line: 2, column: 1 });
      writeFileSync(join(scratch, "empty.json"), "");
      const empty = await runCli([
        "translate",
        "--to",
        "native",
        "--json",
        "--direction-catalog",
        join(scratch, "empty.json"),
        trigger,
      ]);
      expect(JSON.parse(empty.stdout).error.code).to.equal("empty_input");
      writeFileSync(join(scratch, "repeated.json"), '[{"id": "a", "label": "A"}, {"id": "a", "label": "B"}]');
      const repeated = await runCli([
        "translate",
        "--to",
        "native",
        "--json",
        "--direction-catalog",
        join(scratch, "repeated.json"),
        trigger,
      ]);
      expect(
        JSON.parse(repeated.stdout).error.issues.map((issue: { code: string; path: unknown[] }) => [
          issue.code,
          issue.path,
        ]),
      ).to.deep.equal([["invalid_direction_catalog", ["directionCatalog", 1, "id"]]]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it("checks answers to the host's cards against the catalog", async () => {
    const args = [
      "answers",
      "--form-file",
      trigger,
      "--from",
      "native",
      "--to",
      "question-form",
      "--direction-catalog",
      catalog,
      "-",
    ];
    const chosen = await runCli(
      args,
      JSON.stringify({ action: "accept", content: { visual_direction: "prototype-quiet-saas" } }),
    );
    expect(chosen.status, chosen.stderr).to.equal(0);
    expect(chosen.stdout).to.include("Quiet SaaS [value: prototype-quiet-saas]");
    const unoffered = await runCli(
      [...args.slice(0, -1), "--json", "-"],
      JSON.stringify({ action: "accept", content: { visual_direction: "nope" } }),
    );
    expect(unoffered.status).to.equal(1);
    expect(JSON.parse(unoffered.stdout).error.issues.map((issue: { code: string }) => issue.code)).to.deep.equal([
      "not_an_option",
    ]);
  });
});
