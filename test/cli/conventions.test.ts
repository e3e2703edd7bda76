import { expect } from "chai";
import fc from "fast-check";
import packageJson from "../../package.json" with { type: "json" };
import { findJsonSyntaxError, parseJsonText } from "../../src/cli/json-text.js";
import { MAX_PRINTED_ISSUES } from "../../src/cli/report.js";
import { protocolNames } from "../../src/protocols/index.js";
import { runCli } from "../support/cli.js";

const example = "examples/report-template.data.json";

describe("CLI conventions", () => {
  it("prints the version for --version and -V", async () => {
    for (const flag of ["--version", "-V"]) {
      const run = await runCli([flag]);
      expect(run).to.deep.equal({ status: 0, stdout: `${packageJson.version}\n`, stderr: "" });
    }
  });

  it("prints a command's help for help <command>, and refuses an unknown one", async () => {
    for (const command of ["translate", "answers", "validate", "serve"]) {
      const run = await runCli(["help", command]);
      expect(run.status).to.equal(0);
      expect(run.stdout)
        .to.equal((await runCli([command, "--help"])).stdout)
        .and.match(new RegExp(`^Usage: formgate ${command} `));
    }
    const unknown = await runCli(["help", "frobnicate"]);
    expect(unknown.status).to.equal(2);
    expect(unknown.stderr).to.match(/^formgate: unknown command "frobnicate"/);
  });

  it("lists the registry's protocols in the help and in usage errors", async () => {
    const list = protocolNames.join(", ");
    expect((await runCli(["--help"])).stdout).to.include(`Protocols: ${list}.`);
    for (const command of ["translate", "answers", "validate"])
      expect((await runCli([command, "--help"])).stdout).to.include(list);
    const run = await runCli(["translate", "--to", "smoke", example]);
    expect(run.stderr).to.include(`--to: unknown protocol "smoke"; use one of: ${list}`);
  });

  it("words flag mistakes the same way for every command", async () => {
    for (const command of ["translate", "answers", "validate", "serve"]) {
      const unknown = await runCli([command, "--verbose"]);
      expect(unknown.status).to.equal(2);
      expect(unknown.stderr).to.match(
        new RegExp(`^formgate ${command}: unknown option --verbose\\n\\nUsage: formgate ${command} `),
      );
      const missing = await runCli([command, "--log-level"]);
      expect(missing.stderr).to.match(new RegExp(`^formgate ${command}: --log-level needs a value\\n`));
      const empty = await runCli([command, "--log-level="]);
      expect(empty.stderr).to.match(new RegExp(`^formgate ${command}: --log-level needs a value\\n`));
      const dashed = await runCli([command, "--log-level", "-1"]);
      expect(dashed.stderr).to.match(
        new RegExp(
          `^formgate ${command}: --log-level needs a value \\(one that begins with "-" is written --log-level=-1\\)\\n`,
        ),
      );
    }
  });

  it("prints usage and file errors as JSON with --json, nothing on standard error", async () => {
    const usage = await runCli(["translate", "--json", "--frm", "data", example]);
    expect(usage.status).to.equal(2);
    expect(usage.stderr).to.equal("");
    expect(JSON.parse(usage.stdout)).to.deep.equal({
      ok: false,
      error: { code: "usage_error", message: "unknown option --frm", issues: [] },
    });
    const missing = await runCli(["validate", "--json", "does/not/exist.json"]);
    expect(missing.status).to.equal(2);
    expect(JSON.parse(missing.stdout)).to.deep.equal({
      ok: false,
      error: { code: "unreadable_input", message: "cannot read does/not/exist.json: ENOENT", issues: [] },
    });
  });

  it("reports a JSON syntax error with its line and column as invalid_json, with or without --from/--as", async () => {
    const text = '{\n  "message": "Pick",\n  "questions": [,]\n}';
    for (const args of [
      ["validate", "-"],
      ["validate", "--as", "data", "-"],
      ["translate", "--to", "native", "-"],
    ]) {
      const run = await runCli([...args, "--json"], text);
      expect(run.status, args.join(" ")).to.equal(1);
      const printed = JSON.parse(run.stdout);
      // validate prints its report ({code, problems}); translate a Result ({error: {code, issues}}).
      const [code, issues] =
        args[0] === "validate" ? [printed.code, printed.problems] : [printed.error.code, printed.error.issues];
      expect(code).to.equal("invalid_json");
      expect(issues).to.deep.equal([
        {
          code: "invalid_json",
          path: [],
          severity: "error",
          line: 3,
          column: 17,
          message: 'The input is not valid JSON: expected a value, found ",".',
        },
      ]);
    }
    const human = await runCli(["validate", "-"], text);
    expect(human.stderr).to.include('expected a value, found ",". (invalid_json at line 3, column 17)');
  });

  it("names empty input as such (empty_input), for a file or standard input", async () => {
    for (const stdin of ["", "  \n\t", "\ufeff"]) {
      const run = await runCli(["translate", "--to", "native", "--json", "-"], stdin);
      expect(run.status).to.equal(1);
      expect(JSON.parse(run.stdout).error.issues[0]).to.include({
        code: "empty_input",
        message: "Standard input is empty: there is no form or answer to read.",
      });
    }
    const validate = await runCli(["validate", "--as", "question-form", "-"], "");
    expect(validate.stderr).to.include("error empty_input");
  });

  it("still reads chat text that is not JSON as chat text", async () => {
    const run = await runCli(
      ["validate", "-"],
      'Here you go:\n<question-form id="q">{"questions": [{"id": "a", "label": "A", "type": "text"}]}</question-form>',
    );
    expect(run.status, run.stderr).to.equal(0);
  });

  it("prints at most a hundred warnings for a person, with a count of the rest; --json keeps them all", async () => {
    const message = Array.from({ length: 150 }, (_, i) => `<question-form id="f${i}">`).join("\n");
    const human = await runCli(["validate", "--as", "question-form", "-"], message);
    const lines = human.stderr
      .split("\n")
      .filter((line) => /^(?:error|warning) .* at line \d+, column \d+\)$/.test(line));
    const json = JSON.parse((await runCli(["validate", "--as", "question-form", "--json", "-"], message)).stdout);
    expect(json.problems.length).to.be.greaterThan(MAX_PRINTED_ISSUES);
    expect(lines).to.have.length(MAX_PRINTED_ISSUES);
    expect(human.stderr).to.include(
      `… and ${json.problems.length - MAX_PRINTED_ISSUES} more problems (--json lists them all)`,
    );
  });

  it("keeps standard error quiet with --quiet (errors only) and silent with --log-level silent", async () => {
    const lossy = ["translate", "--to", "question-form", example];
    expect((await runCli(lossy)).stderr).to.include("warning ");
    const quiet = await runCli([...lossy, "--quiet"]);
    expect(quiet.status).to.equal(0);
    expect(quiet.stderr).to.equal("");
    expect(quiet.stdout).to.include("<question-form");
    const failing = await runCli(["validate", "--as", "data", "-q", "-"], "{}");
    expect(failing.stderr).to.include("error invalid_arguments");
    const silent = await runCli(["validate", "--as", "data", "--log-level", "silent", "-"], "{}");
    expect(silent).to.include({ status: 1, stderr: "" });
  });
});

describe("findJsonSyntaxError", () => {
  it("finds an error exactly when JSON.parse throws, on mutated JSON texts", () => {
    const mutated = fc
      .tuple(
        fc.json(),
        fc.nat(),
        fc.constantFrom("", ",", "]", "}", "{", "[", '"', ":", "\\", "\n", "x", "01", "-", "tru", " "),
        fc.nat({ max: 2 }),
      )
      .map(([json, at, insert, remove]) => {
        const i = at % (json.length + 1);
        return json.slice(0, i) + insert + json.slice(i + remove);
      });
    fc.assert(
      fc.property(fc.oneof(mutated, fc.json(), fc.string({ maxLength: 8 })), (text) => {
        let throws = false;
        try {
          JSON.parse(text);
        } catch {
          throws = true;
        }
        const found = findJsonSyntaxError(text);
        expect(found !== undefined, text).to.equal(throws);
        if (found !== undefined) expect(found.offset).to.be.within(0, text.length);
      }),
      { numRuns: 2000 },
    );
  });

  const cases: [string, number, number, string][] = [
    ["", 1, 1, "the text ends where a value should be"],
    ['{"a": 1,}', 1, 9, 'expected a property name, found "}" (a comma before it?)'],
    ['{"a" 1}', 1, 6, 'expected ":" after the property name, found "1"'],
    ["[1 2]", 1, 4, 'expected "," or "]", found "2"'],
    [
      '{"a": tru}',
      1,
      7,
      '"tru" is not a JSON value (strings take double quotes; numbers have no leading zeros, leading "+" or ' +
        'trailing ".")',
    ],
    ['{\n  "a": "x', 2, 8, "a string is not closed (its closing double quote is missing)"],
    ['["a\tb"]', 1, 4, "a string holds a raw control character or line break (write it escaped, e.g. \\n)"],
    ['["\\x"]', 1, 3, 'a string holds an invalid escape (JSON knows \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX)'],
    ["{} x", 1, 4, 'unexpected "x" after the JSON value'],
    ["{'a': 1}", 1, 2, `expected a property name in double quotes, found "'"`],
    ["[[[", 1, 4, "the text ends where a value should be"],
    ["[1", 1, 3, 'the text ends before the closing "]"'],
  ];
  for (const [text, line, column, message] of cases) {
    it(`locates ${JSON.stringify(text)} at ${line}:${column}`, () => {
      const result = parseJsonText(text);
      expect(result.ok).to.equal(false);
      if (!result.ok)
        expect(result.error.issues[0]).to.include({
          code: "invalid_json",
          line,
          column,
          message: `The input is not valid JSON: ${message}.`,
        });
    });
  }

  it("does not overflow the stack on deep nesting", () => {
    expect(findJsonSyntaxError("[".repeat(200_000))).to.deep.equal({
      offset: 200_000,
      message: "the text ends where a value should be",
    });
  });
});
