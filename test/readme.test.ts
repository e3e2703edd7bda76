import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { launchBrowser } from "./support/browser.js";
import { runBuiltCli } from "./support/built-cli.js";

/**
 * The README as a user reads it: its TypeScript examples run as they are (with "formgate"
 * pointing at the source) and print what their `console.log(…); // …` comments show; those
 * importing formgate/dom run in chromium, bundled by esbuild, dismissed with Decline; the quick
 * start's commands print what the README says they print.
 */
const readme = readFileSync("README.md", "utf8");
const examples = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] as string);
const source = pathToFileURL(join(process.cwd(), "src/index.ts")).href;

/** A `console.log(…); // shown` line: what comes before, the arguments, and what the comment says it prints. */
const SHOWN = /^(.*?)console\.log\((.*)\);\s*\/\/ (.*)$/;
const MARK = "\u0000";

/**
 * The example with each commented console.log printing its output between marks, numbered,
 * formatted as console.log formats it but on one line, so the comment can be compared.
 */
function instrumented(code: string): { code: string; comments: string[] } {
  const comments: string[] = [];
  const lines = code.split("\n").map((line) => {
    const shown = SHOWN.exec(line);
    if (!shown) return line;
    comments.push(shown[3] as string);
    return `${shown[1]}__show(${comments.length - 1}, ${shown[2]});`;
  });
  const show = `import { inspect as __inspect } from "node:util";
const __text = (v: unknown) => (typeof v === "string" ? v : __inspect(v, { breakLength: Infinity, depth: 8 }));
const __show = (n: number, ...values: unknown[]) => process.stdout.write(
  \`${MARK}\${n}${MARK}\${values.map(__text).join(" ")}${MARK}\\n\`);\n`;
  return { code: show + lines.join("\n"), comments };
}

/** A comment as a pattern: `\n` is a newline, `…` (or `...`) anything, quotes either kind, spaces any. */
function pattern(comment: string): RegExp {
  const escaped = normal(comment.replaceAll("\\n", "\n"))
    .split(/…|\.\.\./)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("[\\s\\S]*");
  return new RegExp(`^${escaped}$`);
}

function normal(text: string): string {
  return text
    .replaceAll("[Object: null prototype] ", "")
    .replaceAll('"', "'")
    .replace(/[ \t]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .trim();
}

describe("README examples", () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), "formgate-readme-"))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("has examples to run", () => expect(examples.length).to.be.greaterThan(3));

  examples.forEach((example, index) => {
    const first = example.split("\n").find((line) => line.startsWith("import {"));
    if (example.includes('from "formgate/dom"')) {
      it(`example ${index + 1} runs in a browser without error, and answers its form (${first})`, async function () {
        this.timeout(60_000);
        const bundled = await build({
          stdin: { contents: example, loader: "ts", resolveDir: process.cwd() },
          bundle: true,
          format: "iife",
          platform: "browser",
          write: false,
          logLevel: "silent",
          alias: { "formgate/dom": "./src/dom/index.ts", formgate: "./src/index.ts" },
        });
        const browser = await launchBrowser();
        try {
          const page = await browser.newPage();
          const logged: string[] = [];
          const errors: string[] = [];
          page.on("console", (entry) => void (entry.type() === "error" ? errors : logged).push(entry.text()));
          page.on("pageerror", (error) => errors.push(error.message));
          await page.setContent("<!doctype html><html lang=en><title>host</title><main></main></html>");
          await page.addScriptTag({ content: bundled.outputFiles[0]?.text ?? "" });
          await page.getByRole("button", { name: "Decline" }).first().click();
          expect(errors).to.deep.equal([]);
          expect(logged.length).to.be.greaterThan(0);
        } finally {
          await browser.close();
        }
      });
      return;
    }
    it(`example ${index + 1} prints what its comments show (${first})`, () => {
      const { code, comments } = instrumented(example);
      expect(comments, "an example shows what it prints").not.to.deep.equal([]);
      const file = join(dir, `example-${index + 1}.ts`);
      writeFileSync(file, code.replaceAll('from "formgate"', `from ${JSON.stringify(source)}`));
      const run = spawnSync(process.execPath, ["--import", "tsx", file], { encoding: "utf8" });
      expect(run.stderr, run.stdout).to.equal("");
      expect(run.status).to.equal(0);
      const printed = new Map<number, string[]>();
      for (const [, n, text] of run.stdout.matchAll(new RegExp(`${MARK}(\\d+)${MARK}([\\s\\S]*?)${MARK}`, "g")))
        printed.set(Number(n), [...(printed.get(Number(n)) ?? []), text as string]);
      comments.forEach((comment, n) => {
        const outputs = printed.get(n) ?? [];
        expect(outputs, `line ${n + 1} with a comment never printed: ${comment}`).not.to.deep.equal([]);
        for (const output of outputs) expect(normal(output), comment).to.match(pattern(comment));
      });
    });
  });
});

describe("README quick start", function () {
  this.timeout(60_000);
  const quickStart = readme.slice(readme.indexOf("## Quick start"), readme.indexOf("## The CLI"));

  it("`npx formgate translate --to native examples/report-template.data.json` prints the README's JSON", () => {
    expect(quickStart).to.include("npm ci && npx formgate translate --to native examples/report-template.data.json");
    const shown = /```json\n([\s\S]*?)```/.exec(quickStart)?.[1] ?? "";
    expect(shown.split("\n").length, "the README shows the output's beginning").to.be.greaterThan(5);
    const run = runBuiltCli(["translate", "--to", "native", "examples/report-template.data.json"]);
    expect(run.status, run.stderr).to.equal(0);
    expect(run.stderr).to.equal("");
    expect(run.stdout.startsWith(shown), run.stdout).to.equal(true);
  });

  it("`--to mcp` writes the same example, and refuses the upload example naming its question `data`", () => {
    expect(quickStart).to.include("npx formgate translate --to mcp examples/report-template.data.json");
    const mcp = runBuiltCli(["translate", "--to", "mcp", "examples/report-template.data.json"]);
    expect(mcp.status, mcp.stderr).to.equal(0);
    expect(JSON.parse(mcp.stdout)).to.include({ mode: "form", message: "Choose a report template" });
    expect(quickStart).to.include("`--to mcp` refuses it (`unsupported_form`, naming the question `data`)");
    const upload = runBuiltCli(["translate", "--to", "mcp", "--json", "examples/upload.data.json"]);
    expect(upload.status).to.equal(1);
    const { error } = JSON.parse(upload.stdout) as { error: { code: string; message: string } };
    expect(error.code).to.equal("unsupported_form");
    expect(error.message).to.include("`data`");
    expect(runBuiltCli(["translate", "--to", "native", "examples/upload.data.json"]).status).to.equal(0);
  });
});
