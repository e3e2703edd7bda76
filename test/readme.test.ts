import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { launchBrowser } from "./support/browser.js";

/**
 * The README's TypeScript examples, run as they are with "formgate" pointing at the source: in
 * Node, and those importing formgate/dom in chromium, bundled by esbuild, dismissed with Decline.
 */
const readme = readFileSync("README.md", "utf8");
const examples = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] as string);
const source = pathToFileURL(join(process.cwd(), "src/index.ts")).href;

describe("README examples", () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), "formgate-readme-"))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("has examples to run", () => expect(examples.length).to.be.greaterThan(3));

  examples.forEach((code, index) => {
    const first = code.split("\n").find((line) => line.startsWith("import {"));
    if (code.includes('from "formgate/dom"')) {
      it(`example ${index + 1} runs in a browser without error, and answers its form (${first})`, async function () {
        this.timeout(60_000);
        const bundled = await build({
          stdin: { contents: code, loader: "ts", resolveDir: process.cwd() },
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
    it(`example ${index + 1} runs without error (${first})`, () => {
      const file = join(dir, `example-${index + 1}.ts`);
      writeFileSync(file, code.replaceAll('from "formgate"', `from ${JSON.stringify(source)}`));
      const run = spawnSync(process.execPath, ["--import", "tsx", file], { encoding: "utf8" });
      expect(run.stderr, run.stdout).to.equal("");
      expect(run.status).to.equal(0);
      expect(run.stdout).not.to.equal("");
    });
  });
});
