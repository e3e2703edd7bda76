// Turns every canonical schema in schemas/ into TypeScript types in generated/.
// `--check` writes nothing and fails when generated/ differs from what it would write.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { compile } from "json-schema-to-typescript";

// `--out DIR` compares against (or writes to) another folder; tests use it to prove staleness is caught.
const check = process.argv.includes("--check");
const outFlag = process.argv.indexOf("--out");
const schemaDir = new URL("../schemas/", import.meta.url);
const outDir =
  outFlag === -1
    ? new URL("../generated/", import.meta.url)
    : new URL(`${process.argv[outFlag + 1].replace(/\/?$/, "/")}`, `file://${process.cwd()}/`);
const banner = `/* eslint-disable */
/**
 * Generated from schemas/ by \`npm run gen\` (json-schema-to-typescript).
 * Do not edit by hand: change the schema and regenerate.
 */`;

const names = (await readdir(schemaDir)).filter((n) => n.endsWith(".schema.json")).sort();
const stale = [];
for (const name of names) {
  const schema = JSON.parse(await readFile(new URL(name, schemaDir), "utf8"));
  const ts = await compile(schema, schema.title, {
    bannerComment: banner,
    additionalProperties: false,
    unreachableDefinitions: true,
    format: true,
    ignoreMinAndMaxItems: true,
    style: { singleQuote: false },
    cwd: new URL(".", schemaDir).pathname,
  });
  const target = new URL(name.replace(/\.schema\.json$/, ".ts"), outDir);
  const current = await readFile(target, "utf8").catch(() => null);
  if (current === ts) continue;
  if (check) stale.push(name);
  else await writeFile(target, ts);
}
if (stale.length > 0) {
  console.error(`generated/ is stale for: ${stale.join(", ")}. Run \`npm run gen\` and commit the result.`);
  process.exit(1);
}
