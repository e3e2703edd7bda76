import { readFileSync } from "node:fs";
import { expect } from "chai";

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
  return [...doc.slice(start, end === -1 ? undefined : end).matchAll(/^\| `([A-Za-z_]+)` \|/gm)].map((match) => match[1] as string);
}

describe("issue codes: docs/issue-codes.md lists the unions of src/model/issue.ts", () => {
  const source = read("src/model/issue.ts");
  const doc = read("docs/issue-codes.md");

  for (const [name, heading] of [["IssueCode", "## Issue codes"], ["FailureCode", "## Failure codes"]] as const) {
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
