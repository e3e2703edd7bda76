import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** The README's TypeScript examples, run as they are with "formgate" pointing at the source. */
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
