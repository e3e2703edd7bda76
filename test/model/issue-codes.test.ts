import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect } from "chai";
import { problem, warning } from "../../src/model/index.js";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

/** The keys of an interface of a source file, in order (`  code: true;`). */
function interfaceCodes(source: string, name: string): string[] {
  const start = source.indexOf(`export interface ${name} {`);
  const body = source.slice(start, source.indexOf("\n}\n", start));
  return [...body.matchAll(/^ {2}([a-z_]+): true;$/gm)].map((match) => match[1] as string);
}

/** The codes one part of docs/issue-codes.md lists in its tables, from its heading to the next as high. */
function documentedCodes(doc: string, heading: string): string[] {
  const start = doc.indexOf(heading);
  if (start === -1) return [];
  const level = heading.indexOf(" ");
  const rest = doc.slice(start + heading.length);
  const end = new RegExp(`\\n#{1,${level}} `).exec(rest)?.index;
  return [...rest.slice(0, end).matchAll(/^\| `([A-Za-z_]+)` \|/gm)].map((match) => match[1] as string);
}

/** Every `codes.ts` under src/: a folder's own issue codes. */
function codesFiles(dir = "src"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? codesFiles(path) : entry.name === "codes.ts" ? [path] : [];
  });
}

/** A folder's codes: the keys of the one interface its codes.ts declares and adds to `IssueCodes`. */
function folderCodes(file: string): string[] {
  const source = read(file);
  const name = /^export interface (\w+IssueCodes) \{/m.exec(source)?.[1];
  expect(name, `${file} declares an interface *IssueCodes`).to.be.a("string");
  expect(source, `${file} adds it to IssueCodes`).to.include(`interface IssueCodes extends ${name} {}`);
  return interfaceCodes(source, name as string);
}

describe("issue codes: docs/issue-codes.md lists the model's and each folder's", () => {
  const doc = read("docs/issue-codes.md");
  const model = interfaceCodes(read("src/model/issue.ts"), "IssueCodes");
  const files = codesFiles();

  it("the model's, in order, then a Data tool error's own", () => {
    // The parse found the interface (a broken parse would compare two empty lists).
    expect(model).to.include("missing_property");
    expect(documentedCodes(doc, "## Issue codes (`IssueCode`)")).to.deep.equal([...model, "DataToolErrorCode"]);
  });

  it("the model keeps at most 50: the codes protocols share", () => {
    expect(model.length).to.be.at.most(50);
  });

  it("each folder's codes.ts, in order, under a heading naming the file; no heading names another", () => {
    expect(files).to.include("src/protocols/question-form/codes.ts");
    for (const file of files) expect(documentedCodes(doc, `### \`${file}\``), file).to.deep.equal(folderCodes(file));
    const headings = [...documentedCodesHeadings(doc)];
    expect(headings.sort()).to.deep.equal([...files].sort());
  });

  it("says every code once, across the model and the folders", () => {
    const codes = [...model, ...files.flatMap(folderCodes)];
    expect(codes.filter((code, index) => codes.indexOf(code) !== index)).to.deep.equal([]);
  });

  it("FailureCode: the same codes, in the same order", () => {
    const source = read("src/model/issue.ts");
    const start = source.indexOf("export type FailureCode =");
    const body = source.slice(start, source.indexOf(";\n", start));
    const codes = [...body.matchAll(/^\s*\| (?:"([a-z_]+)"|([A-Za-z]+))/gm)].map((match) => match[1] ?? match[2]);
    expect(codes).to.include("DataToolErrorCode");
    expect(documentedCodes(doc, "## Failure codes (`FailureCode`)")).to.deep.equal(codes);
  });
});

/** The files the "Codes each folder declares" part of the page names in its headings. */
function* documentedCodesHeadings(doc: string): Generator<string> {
  const start = doc.indexOf("## Codes each folder declares");
  const end = doc.indexOf("\n## ", start + 3);
  for (const [, file] of doc.slice(start, end).matchAll(/^### `([^`]+)`/gm)) yield file as string;
}

describe("issue codes: a code outside the union does not compile", () => {
  it("takes the model's codes and every folder's, and (checked by npm run typecheck) no other", () => {
    expect(problem("unknown_key", ["x"], "m").code).to.equal("unknown_key");
    expect(warning("dropped", [], "m").severity).to.equal("warning");
    // A folder's own code, declared in its codes.ts.
    expect(problem("empty_body", [], "m").code).to.equal("empty_body");
    // @ts-expect-error -- not an IssueCode: the typecheck fails if the union stops refusing it.
    expect(problem("unknown_property_typo", [], "m").code).to.equal("unknown_property_typo");
  });
});
