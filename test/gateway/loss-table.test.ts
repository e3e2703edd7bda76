import { expect } from "chai";
import { readFileSync } from "node:fs";
import { readForm, translate } from "../../src/gateway/translate.js";
import type { FormModel, Issue, PathSegment } from "../../src/model/index.js";
import { protocolNames } from "../../src/protocols/index.js";
import { expectedOutcomes, gatewayForms } from "./shared-fixtures.js";

/**
 * docs/translation.md's loss tables and the translator must agree. A translation is a read then a write, so what A → B
 * loses is what reading A loses plus what writing B loses: each protocol has one table for reading it and one for
 * writing it. Over the shared fixtures, every pair's warnings are its reader's then its writer's, and each table lists
 * exactly the warnings (`code path`, the path below the question or the form, indices as `[i]`, a protocol's
 * extension as `extensions.<protocol>`) that reading or writing that protocol gives, by the kind of question they are
 * about (or the form).
 */

type Table = Map<string, { warnings: Set<string>; line: number }>;

/** The tables under each `### Reading <protocol>` and `### Writing <protocol>` heading: warnings by question kind. */
function lossTables(markdown: string): Map<string, Table> {
  const tables = new Map<string, Table>();
  let current: Table | undefined;
  markdown.split("\n").forEach((line, index) => {
    if (line.startsWith("#")) {
      const heading = /^### ((?:Reading|Writing) \S+)$/.exec(line);
      current = heading === null ? undefined : new Map();
      if (current !== undefined) tables.set(heading?.[1] as string, current);
      return;
    }
    if (current === undefined || !line.startsWith("|") || /^\|\s*(question|---)/.test(line)) return;
    const cells = line
      .slice(1, -1)
      .split("|")
      .map((cell) => cell.trim());
    const kind = /^(form|`(\w+)`)$/.exec(cells[0] ?? "");
    if (kind === null)
      throw new Error(`docs/translation.md:${index + 1}: the first cell "${cells[0]}" is neither form nor a \`kind\``);
    const key = kind[2] ?? "form";
    const row = current.get(key) ?? { warnings: new Set<string>(), line: index + 1 };
    for (const [, warning] of (cells.at(-1) ?? "").matchAll(/`([^`]+)`/g)) row.warnings.add(warning as string);
    current.set(key, row);
  });
  return tables;
}

/** The kind of question a warning is about (by model path, or by its place in the source), or the form. */
function placeOf(issue: Issue, form: FormModel): { kind: string; below: PathSegment[] } {
  const [first, second] = issue.path;
  const field = (first === "fields" || first === "questions") && typeof second === "number" ? form.fields[second] : -1;
  if (field !== undefined && field !== -1) return { kind: field.kind, below: issue.path.slice(2) };
  const at = issue.path.findIndex(
    (segment, i) => segment === "properties" && form.fields.some((f) => f.id === issue.path[i + 1]),
  );
  const named = form.fields.find((f) => at !== -1 && f.id === issue.path[at + 1]);
  if (named !== undefined) return { kind: named.kind, below: issue.path.slice(at + 2) };
  return { kind: "form", below: issue.path };
}

/** `code path` as the tables list it: indices as `[i]`, a protocol's extension as `extensions.<protocol>`. */
function said(code: string, below: PathSegment[]): string {
  const path = below
    .map((segment, i) =>
      typeof segment === "number"
        ? "[i]"
        : `${i === 0 ? "" : "."}${below[i - 1] === "extensions" ? "<protocol>" : segment}`,
    )
    .join("");
  return path === "" ? code : `${code} ${path}`;
}

/** What reading and writing each protocol gave over the shared fixtures, by table and question kind. */
function givenWarnings(): Map<string, Map<string, Set<string>>> {
  const given = new Map<string, Map<string, Set<string>>>();
  const note = (table: string, issue: Issue, form: FormModel) => {
    const { kind, below } = placeOf(issue, form);
    const byKind = given.get(table) ?? new Map<string, Set<string>>();
    given.set(table, byKind.set(kind, (byKind.get(kind) ?? new Set()).add(said(issue.code, below))));
  };
  for (const fixture of gatewayForms()) {
    const read = readForm(fixture.input, { from: fixture.protocol });
    if (!read.ok) throw new Error(`${fixture.name}: ${read.error.message}`);
    for (const issue of read.warnings) note(`Reading ${fixture.protocol}`, issue, read.value.form);
    for (const to of protocolNames.filter((p) => p !== fixture.protocol)) {
      // A form the target cannot hold at all is refused: its error is checked in pairs.test.ts.
      if (!Array.isArray(expectedOutcomes(fixture.name)[to] ?? [])) continue;
      const result = translate(fixture.input, { from: fixture.protocol, to });
      if (!result.ok) throw new Error(`${fixture.name} → ${to}: ${result.error.message}`);
      expect(result.warnings.slice(0, read.warnings.length), `${fixture.name} → ${to}`).to.deep.equal(read.warnings);
      for (const issue of result.warnings.slice(read.warnings.length)) note(`Writing ${to}`, issue, read.value.form);
    }
  }
  return given;
}

describe("docs/translation.md: the loss tables match the warnings", () => {
  const tables = lossTables(readFileSync(new URL("../../docs/translation.md", import.meta.url), "utf8"));
  const given = givenWarnings();

  for (const name of protocolNames.flatMap((p) => [`Reading ${p}`, `Writing ${p}`])) {
    it(`${name}: the table lists exactly the warnings it gives, by question kind`, () => {
      const table = tables.get(name);
      if (table === undefined) return expect.fail(`docs/translation.md has no "### ${name}" table`);
      const byKind = given.get(name) ?? new Map<string, Set<string>>();
      for (const kind of new Set([...table.keys(), ...byKind.keys()])) {
        const row = table.get(kind);
        expect([...(row?.warnings ?? [])].sort(), `docs/translation.md:${row?.line ?? "-"} (${kind})`).to.deep.equal(
          [...(byKind.get(kind) ?? [])].sort(),
        );
      }
    });
  }

  it("has a reading and a writing table for every protocol and no other", () => {
    const names = protocolNames.flatMap((p) => [`Reading ${p}`, `Writing ${p}`]);
    expect([...tables.keys()].sort()).to.deep.equal(names.sort());
  });
});
