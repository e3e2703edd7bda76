/**
 * docs/package.md's size figures, written by the benchmark (`npm run bench -- --only size
 * --write-docs`) between two markers, never by hand; the package test checks the section
 * against the tarball it installs.
 */
import type { MeasuredImport } from "./figures/bundle-size.js";
import type { PackSize } from "./figures/package-size.js";

export const SIZES_START = "<!-- sizes: written by `npm run bench -- --only size --write-docs` -->";
export const SIZES_END = "<!-- end of sizes -->";

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** The generated section: the tarball, then every import's bundle from the package and from src/. */
export function sizesSection(pack: PackSize, bundles: MeasuredImport[]): string {
  const rows = bundles.map(({ name, dist, src, goal }) => {
    const goals = [`≤ ${goal.ratio}×`, ...(goal.gzip === undefined ? [] : [`≤ ${goal.gzip / 1000} KB gzip`])];
    return (
      `| \`${name}\` | ${kb(dist.minified)}, ${kb(dist.gzip)} gzip | ${kb(src.minified)}, ${kb(src.gzip)} gzip ` +
      `| ${(dist.minified / src.minified).toFixed(2)} | ${goals.join(", ")} |`
    );
  });
  return [
    SIZES_START,
    "",
    `\`npm pack\`: **${kb(pack.packed)}** packed, ${kb(pack.unpacked)} unpacked, ${pack.files} files.`,
    "",
    "| import | from the package | from `src/` | ratio | goal |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
    "",
    SIZES_END,
  ].join("\n");
}

/** The section as a document holds it now, or undefined without the markers. */
export function currentSection(doc: string): string | undefined {
  const start = doc.indexOf(SIZES_START);
  const end = doc.indexOf(SIZES_END);
  return start < 0 || end < start ? undefined : doc.slice(start, end + SIZES_END.length);
}

/** The document with its section replaced. */
export function withSection(doc: string, section: string): string {
  const current = currentSection(doc);
  if (current === undefined) throw new Error(`no section between "${SIZES_START}" and "${SIZES_END}"`);
  return doc.replace(current, () => section);
}
