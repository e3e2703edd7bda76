import { expect } from "chai";
import { readFileSync } from "node:fs";
import { readForm, translate } from "../../src/gateway/translate.js";
import { type FormModel, type Issue, type PathSegment, formatPath } from "../../src/model/index.js";
import { isProtocolName, protocolNames } from "../../src/protocols/index.js";
import { type FormFixture, expectedOutcomes, gatewayForms } from "./shared-fixtures.js";

/**
 * docs/translation.md's loss table and the translator must agree: for every ordered pair, each
 * row lists exactly the warnings (`code path`, the path below the field or form) that
 * translating the shared fixtures gives for its field, and every field and form has a row.
 */

interface Row {
  /** `form <name>` or a field id. */
  key: string;
  warnings: string[];
  line: number;
}

/** The tables under each `### <from> → <to>` heading of the loss table. */
function lossTables(markdown: string): Map<string, Row[]> {
  const tables = new Map<string, Row[]>();
  let current: Row[] | undefined;
  markdown.split("\n").forEach((line, index) => {
    const heading = /^### (\S+) → (\S+)$/.exec(line);
    if (heading !== null) {
      const [, from, to] = heading as unknown as [string, string, string];
      current = isProtocolName(from) && isProtocolName(to) ? [] : undefined;
      if (current !== undefined) tables.set(`${from} → ${to}`, current);
      return;
    }
    if (current === undefined || !line.startsWith("|") || /^\|\s*(field|---)/.test(line)) return;
    const cells = line
      .slice(1, -1)
      .split("|")
      .map((cell) => cell.trim());
    const field = cells[0] ?? "";
    const key = /^form `([^`]+)`$/.exec(field)?.[1];
    const id = /^`([^`]+)`$/.exec(field)?.[1];
    if (key === undefined && id === undefined)
      throw new Error(
        `docs/translation.md:${index + 1}: the field cell "${field}" is neither \`id\` nor form \`name\``,
      );
    const warnings =
      cells[4] === "—" ? [] : [...(cells[4] ?? "").matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);
    current.push({ key: key !== undefined ? `form ${key}` : (id as string), warnings, line: index + 1 });
  });
  return tables;
}

/** Which row a warning belongs to: a field (by model path, or by its place in the source) or the form. */
function rowOf(issue: Issue, form: FormModel, fixture: FormFixture): { key: string; below: PathSegment[] } {
  const [first, second] = issue.path;
  if ((first === "fields" || first === "questions") && typeof second === "number") {
    const field = form.fields[second];
    if (field !== undefined) return { key: field.id, below: issue.path.slice(2) };
  }
  const at = issue.path.findIndex(
    (segment, i) => segment === "properties" && form.fields.some((field) => field.id === issue.path[i + 1]),
  );
  if (at !== -1) return { key: issue.path[at + 1] as string, below: issue.path.slice(at + 2) };
  return { key: `form ${fixture.name}`, below: issue.path };
}

const said = (code: string, below: PathSegment[]) => (below.length === 0 ? code : `${code} ${formatPath(below)}`);

describe("docs/translation.md: the loss table matches the warnings", () => {
  const tables = lossTables(readFileSync(new URL("../../docs/translation.md", import.meta.url), "utf8"));
  const forms = gatewayForms();

  for (const from of protocolNames) {
    for (const to of protocolNames.filter((p) => p !== from)) {
      const pair = `${from} → ${to}`;
      it(`${pair}: each row lists exactly the warnings its field gets, and every field has a row`, () => {
        const rows = tables.get(pair);
        if (rows === undefined) return expect.fail(`docs/translation.md has no "### ${pair}" table`);
        const actual = new Map<string, string[]>();
        const keys: string[] = [];
        // A form the target cannot hold at all has no rows: its error is checked in pairs.test.ts and named under the
        // table.
        for (const fixture of forms.filter(
          (f) => f.protocol === from && Array.isArray(expectedOutcomes(f.name)[to] ?? []),
        )) {
          const read = readForm(fixture.input, { from });
          if (!read.ok) return expect.fail(read.error.message);
          keys.push(`form ${fixture.name}`, ...read.value.form.fields.map((field) => field.id));
          const result = translate(fixture.input, { from, to });
          if (!result.ok) return expect.fail(result.error.message);
          for (const issue of result.warnings) {
            const { key, below } = rowOf(issue, read.value.form, fixture);
            actual.set(key, [...(actual.get(key) ?? []), said(issue.code, below)]);
          }
        }
        expect(
          rows.map((row) => row.key),
          "one row per form and field, in fixture order",
        ).to.deep.equal(keys);
        for (const row of rows) {
          expect([...(actual.get(row.key) ?? [])].sort(), `docs/translation.md:${row.line} (${row.key})`).to.deep.equal(
            [...row.warnings].sort(),
          );
        }
      });
    }
  }

  it("has a table for every ordered pair and no other", () => {
    const pairs = protocolNames.flatMap((from) =>
      protocolNames.filter((to) => to !== from).map((to) => `${from} → ${to}`),
    );
    expect([...tables.keys()].sort()).to.deep.equal(pairs.sort());
  });
});
