import { expect } from "chai";
import { readdirSync } from "node:fs";
import { nativeProtocol } from "../../src/protocols/native/index.js";
import type { FormModel, Issue } from "../../src/model/index.js";
import { loadFixtures } from "../support/fixtures.js";
import { expectGolden } from "../support/golden.js";

/** One driver for every native fixture folder: read/, reject/, compile/ (with goldens), answers/. */

interface Expected {
  code: string;
  path: (string | number)[];
}
const GOLDEN_DIR = new URL("../fixtures/native/compile/", import.meta.url);

/** The params inside a request envelope, or the input itself. */
export function paramsOf(input: Record<string, unknown>): unknown {
  return "method" in input ? input.params : input;
}

function codesAndPaths(issues: Issue[]): Expected[] {
  return issues.map(({ code, path }) => ({ code, path }));
}

describe("native fixtures: accepted requests", () => {
  for (const { name, fixture } of loadFixtures<{
    request: Record<string, unknown>;
    /** Written by hand from the request (docs/native.md's mapping), never by the reader it checks. */
    model: FormModel;
    warnings?: Expected[];
  }>("native/read")) {
    it(`${name}: reads, and writes back the same params`, () => {
      const read = nativeProtocol.readForm(fixture.request);
      if (!read.ok) expect.fail(JSON.stringify(read.error.issues, null, 2));
      expect(fixture.model, "the fixture's expected model").to.be.an("object");
      expect(read.value).to.deep.equal(fixture.model);
      expect(codesAndPaths(read.warnings)).to.deep.equal(fixture.warnings ?? []);
      expect(nativeProtocol.detect(fixture.request)).to.be.greaterThan(0);
      const written = nativeProtocol.writeForm(read.value);
      if (!written.ok) expect.fail(JSON.stringify(written.error, null, 2));
      expect(written.value).to.deep.equal(paramsOf(fixture.request));
      expect(written.warnings).to.deep.equal([]);
    });
  }
});

describe("native fixtures: rejected requests", () => {
  for (const { name, fixture } of loadFixtures<{ request: unknown; errors: Expected[] }>("native/reject")) {
    it(`${name}: is rejected naming every listed problem`, () => {
      const read = nativeProtocol.readForm(fixture.request);
      if (read.ok) expect.fail(`accepted: ${JSON.stringify(read.value)}`);
      expect(read.error.code).to.equal("invalid_form");
      const found = codesAndPaths(read.error.issues);
      for (const error of fixture.errors)
        expect(found, JSON.stringify(read.error.issues, null, 1)).to.deep.include(error);
      for (const issue of read.error.issues) {
        expect(issue.severity).to.equal("error");
        expect(issue.message).to.be.a("string").and.not.equal("");
      }
    });
  }
});

describe("native fixtures: compiling model forms (golden files)", () => {
  for (const { name, fixture } of loadFixtures<{ model: FormModel; warnings?: Expected[] }>("native/compile").filter(
    (f) => !f.name.endsWith(".golden"),
  )) {
    it(`${name}: compiles to ${name}.golden.json`, () => {
      const written = nativeProtocol.writeForm(fixture.model);
      if (!written.ok) expect.fail(JSON.stringify(written.error, null, 2));
      expect(codesAndPaths(written.warnings)).to.deep.equal(fixture.warnings ?? []);
      expectGolden(new URL(`${name}.golden.json`, GOLDEN_DIR), written.value);
    });
  }

  it("every golden file has its fixture", () => {
    const fixtures = new Set(readdirSync(GOLDEN_DIR).filter((file) => !file.endsWith(".golden.json")));
    for (const file of readdirSync(GOLDEN_DIR).filter((name) => name.endsWith(".golden.json")))
      expect(fixtures, file).to.include(file.replace(".golden.json", ".json"));
  });
});

interface AnswerCase {
  about: string;
  result: unknown;
  answers?: Record<string, unknown>;
  action?: "decline" | "cancel";
  errors?: Expected[];
}

describe("native fixtures: answers", () => {
  for (const { name, fixture } of loadFixtures<{ request: unknown; cases: AnswerCase[] }>("native/answers")) {
    const form = nativeProtocol.readForm(fixture.request);
    for (const [index, item] of fixture.cases.entries()) {
      it(`${name} #${index}: ${item.about}`, () => {
        if (!form.ok) expect.fail(JSON.stringify(form.error.issues));
        const read = nativeProtocol.readAnswers(item.result, form.value);
        if (item.errors !== undefined) {
          if (read.ok) expect.fail(`accepted: ${JSON.stringify(read.value)}`);
          expect(read.error.code).to.equal("invalid_response");
          expect(codesAndPaths(read.error.issues)).to.deep.equal(item.errors);
          return;
        }
        if (!read.ok) expect.fail(JSON.stringify(read.error.issues, null, 2));
        if (item.action !== undefined) return void expect(read.value).to.deep.equal({ action: item.action });
        expect(read.value).to.deep.equal({ action: "accept", answers: item.answers });
        const written = nativeProtocol.writeAnswers(read.value, form.value);
        if (!written.ok) expect.fail(JSON.stringify(written.error));
        expect(written.value).to.deep.equal({ action: "accept", content: item.answers });
      });
    }
  }
});
