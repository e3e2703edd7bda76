import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * No line of the code is wider than biome.json's `lineWidth`: the formatter keeps code within
 * it, but cannot break a long string or comment, so this test does (src, test without its
 * fixtures, bench, scripts; the code files Biome formats).
 */
const biome = JSON.parse(readFileSync("biome.json", "utf8")) as { formatter: { lineWidth: number } };
const width = biome.formatter.lineWidth;
const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "src", "test", "bench", "scripts"], {
  encoding: "utf8",
})
  .split("\n")
  .filter((file) => /\.(ts|mts|mjs|js|css)$/.test(file) && !file.startsWith("test/fixtures/"));

describe(`line width: no code line over ${width} characters`, () => {
  it("reads the files to check", () => expect(files.length).to.be.greaterThan(100));

  it("src, test, bench and scripts keep within it", () => {
    const wide = files.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) => ([...line].length > width ? [`${file}:${index + 1} (${[...line].length})`] : [])),
    );
    expect(wide, `break these lines (strings with +, comments rewrapped):\n${wide.join("\n")}`).to.deep.equal([]);
  });
});
