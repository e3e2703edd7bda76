import { expect } from "chai";
import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { protocolNames, protocols } from "../../src/protocols/index.js";

/**
 * Every name each entry point exports, values and types, as listed in exports.json: a change
 * to the public surface is made there too, on purpose. The list is written by hand (copy what
 * a failing run prints), never by the test.
 */
const expected = JSON.parse(readFileSync(new URL("./exports.json", import.meta.url), "utf8")) as Record<
  string,
  { source: string; values: string[]; types: string[] }
>;

/** Every name a source module exports, following `export * from` and `export { … } from` through the sources. */
function sourceExports(file: string, seen = new Set<string>()): Set<string> {
  const names = new Set<string>();
  if (seen.has(file)) return names;
  seen.add(file);
  const text = readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  const target = (from: string) => join(dirname(file), from.replace(/\.js$/, ".ts"));
  for (const [, from] of text.matchAll(/^export (?:type )?\* from "([^"]+)";/gm))
    for (const name of sourceExports(target(from as string), seen)) names.add(name);
  for (const [, list] of text.matchAll(/^export (?:type )?\{([^}]*)\}/gm)) {
    for (const item of (list as string).split(",")) {
      const name = item
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  for (const [, name] of text.matchAll(
    /^export (?:declare )?(?:async )?(?:function\*?|const|let|class|interface|type|enum) ([A-Za-z_$][\w$]*)/gm,
  ))
    names.add(name as string);
  return names;
}

describe("package: the exports of every entry point are the listed ones", () => {
  for (const [name, entry] of Object.entries(expected)) {
    it(`${name} (${entry.source})`, async () => {
      const module = (await import(pathToFileURL(join(process.cwd(), entry.source)).href)) as object;
      const values = Object.keys(module).sort();
      const all = sourceExports(relative(process.cwd(), join(process.cwd(), entry.source)));
      // The source walk sees every value the module has (else the walk is broken, not the surface).
      expect(values.filter((value) => !all.has(value))).to.deep.equal([]);
      const types = [...all].filter((item) => !values.includes(item)).sort();
      expect({ values, types }, JSON.stringify({ values, types }, null, 2)).to.deep.equal({
        values: entry.values,
        types: entry.types,
      });
    });
  }

  it("gives each registered protocol its subpath, formgate/<name>, exporting the registry's protocol", async () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { exports: Record<string, { types?: string }> };
    for (const name of protocolNames) {
      const source = /^\.\/dist\/types\/(src\/.*)\.d\.ts$/.exec(pkg.exports[`./${name}`]?.types ?? "")?.[1];
      expect(source, `package.json exports "./${name}"`).to.equal(`src/protocols/${name}/index`);
      const module = (await import(pathToFileURL(join(process.cwd(), `${source}.ts`)).href)) as Record<
        string,
        { name?: string; title?: string; readForm?: unknown } | undefined
      >;
      // The same protocol (a module imported by its file URL is another instance than the registry's import).
      const protocol = Object.values(module).find((value) => value?.name === name);
      expect(protocol?.title, name).to.equal(protocols[name].title);
      expect(protocol?.readForm, name).to.be.a("function");
    }
  });

  it("lists every entry point of package.json's exports", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { exports: Record<string, unknown> };
    const entryPoints = Object.keys(pkg.exports)
      // Files that are not modules (package.json, formgate/dom's stylesheet) export nothing.
      .filter((key) => !key.includes("*") && key !== "./package.json" && !key.endsWith(".css"))
      .map((key) => (key === "." ? "formgate" : `formgate/${key.slice(2)}`));
    expect(Object.keys(expected).sort()).to.deep.equal(entryPoints.sort());
  });
});
