import { readFileSync } from "node:fs";
import { expect } from "chai";
import { problem, warning } from "../../src/model/index.js";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

/** The codes of one union of src/model/issue.ts, as written there (`| "code"`, or a type name). */
function unionCodes(source: string, name: string): string[] {
  const start = source.indexOf(`export type ${name} =`);
  const body = source.slice(start, source.indexOf(";\n", start));
  return [...body.matchAll(/^\s*\| (?:"([a-z_]+)"|([A-Za-z]+))/gm)].map((match) => (match[1] ?? match[2]) as string);
}

/** The codes of one section of docs/issue-codes.md, as its tables list them. */
function documentedCodes(doc: string, heading: string): string[] {
  const start = doc.indexOf(heading);
  const end = doc.indexOf("\n## ", start + heading.length);
  return [...doc.slice(start, end === -1 ? undefined : end).matchAll(/^\| `([A-Za-z_]+)` \|/gm)].map(
    (match) => match[1] as string,
  );
}

describe("issue codes: docs/issue-codes.md lists the unions of src/model/issue.ts", () => {
  const source = read("src/model/issue.ts");
  const doc = read("docs/issue-codes.md");

  for (const [name, heading] of [
    ["IssueCode", "## Issue codes"],
    ["FailureCode", "## Failure codes"],
  ] as const) {
    it(`${name}: the same codes, in the same order`, () => {
      const codes = unionCodes(source, name);
      // The parse found the union (a broken parse would compare two empty lists).
      expect(codes).to.include("DataToolErrorCode");
      expect(documentedCodes(doc, heading)).to.deep.equal(codes);
    });
  }

  it("says every code once", () => {
    const codes = unionCodes(source, "IssueCode");
    expect(codes.filter((code, index) => codes.indexOf(code) !== index)).to.deep.equal([]);
  });
});

describe("issue codes: a code outside the union does not compile", () => {
  it("takes every code of the union, and (checked by npm run typecheck) no other", () => {
    expect(problem("unknown_key", ["x"], "m").code).to.equal("unknown_key");
    expect(warning("dropped", [], "m").severity).to.equal("warning");
    // @ts-expect-error -- not an IssueCode: the typecheck fails if the union stops refusing it.
    expect(problem("unknown_property_typo", [], "m").code).to.equal("unknown_property_typo");
  });
});
