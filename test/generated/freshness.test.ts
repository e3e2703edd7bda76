import { expect } from "chai";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const script = new URL("../../scripts/gen-types.mjs", import.meta.url).pathname;
const generated = new URL("../../generated/", import.meta.url).pathname;

describe("generated/ types", () => {
  it("are what `npm run gen` makes from schemas/", () => {
    const result = spawnSync(process.execPath, [script, "--check"], { encoding: "utf8" });
    expect(result.status, result.stderr).to.equal(0);
  });

  it("fail the check when a generated file is stale", () => {
    const copy = mkdtempSync(join(tmpdir(), "formgate-generated-"));
    cpSync(generated, copy, { recursive: true });
    const file = join(copy, "form-model.ts");
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace(
        "export interface FormModel {",
        "export interface FormModel {\n  edited: true;",
      ),
    );
    const result = spawnSync(process.execPath, [script, "--check", "--out", copy], { encoding: "utf8" });
    expect(result.status).to.equal(1);
    expect(result.stderr).to.include("form-model.schema.json");
  });

  it("each carry the do-not-edit banner", () => {
    const names = execFileSync("ls", [generated], { encoding: "utf8" }).trim().split("\n");
    for (const name of names)
      expect(readFileSync(join(generated, name), "utf8"), name).to.include("Do not edit by hand");
  });
});
