/**
 * `npm run bench` prints the table of docs/performance.md: each figure of issue 7 next to
 * its reference, measured in this process (the memory figure in a child), with the ratio
 * and the goal. `npm run -s bench -- --json` prints the same as JSON instead.
 * `--only <text>` runs the figures whose name contains the text (for profiling).
 * `--write-docs` writes the size figures into docs/package.md (with `--only size`: those alone).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { dataToNative } from "./figures/data-to-native.js";
import { memoryFigure } from "./figures/memory.js";
import { serverMemory } from "./figures/server-memory.js";
import { redTeamFigures } from "./figures/red-team.js";
import { importFigures, startUpFigure } from "./figures/start-up.js";
import { firstSeenAnswer, knownFormAnswer } from "./figures/native-answers.js";
import { toolCall } from "./figures/tool-call.js";
import { transcriptFigures } from "./figures/transcript.js";
import { type MeasuredImport, measureSizes, sizeRows } from "./figures/bundle-size.js";
import { chunkTransformFigure } from "./figures/chunk-transform.js";
import { measurePack, type PackSize, packRows } from "./figures/package-size.js";
import { sizesSection, withSection } from "./sizes-doc.js";
import { appSizeFigures } from "./figures/app-size.js";
import { messageFormsFigure } from "./figures/message-forms.js";
import { type Report, type Row, formatTable, value } from "./report.js";

const args = process.argv.slice(2);
const json = args.includes("--json");
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
const writeDocs = args.includes("--write-docs");
let bundles: MeasuredImport[] | undefined;
let pack: PackSize | undefined;

const figures: { name: string; run: () => Promise<Row | Row[]> | Row | Row[] }[] = [
  { name: "data-to-native", run: dataToNative },
  { name: "first-seen-answer", run: firstSeenAnswer },
  { name: "known-form-answer", run: knownFormAnswer },
  { name: "transcript", run: transcriptFigures },
  { name: "tool-call", run: toolCall },
  { name: "chunk-transform", run: chunkTransformFigure },
  { name: "message-forms", run: messageFormsFigure },
  { name: "memory", run: () => memoryFigure() },
  { name: "server-memory", run: () => serverMemory() },
  { name: "red-team", run: () => redTeamFigures() },
  { name: "start-up", run: () => startUpFigure() },
  { name: "import", run: () => importFigures() },
  { name: "bundle-size", run: async () => sizeRows((bundles = await measureSizes())) },
  { name: "package-size", run: () => packRows((pack = measurePack())) },
  { name: "mcp-app-size", run: () => appSizeFigures() },
];

const started = performance.now();
const startedAt = new Date().toISOString();
const rows: Row[] = [];
for (const figure of figures) {
  if (only !== undefined && !figure.name.includes(only)) continue;
  process.stderr.write(`${figure.name}…`);
  const result = await figure.run();
  for (const row of [result].flat()) {
    rows.push(row);
    process.stderr.write(
      ` ${value(row.formgate, row.unit)} vs ` +
        `${value(row.referenceValue, row.unit)}${row.unit === "ns" ? ` (${row.ratio.toFixed(3)})` : ""}`,
    );
  }
  process.stderr.write("\n");
}

const report: Report = {
  machine: {
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  },
  startedAt,
  seconds: (performance.now() - started) / 1000,
  rows,
};
process.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : `${formatTable(report)}\n`);

if (writeDocs) {
  if (bundles === undefined || pack === undefined) throw new Error("--write-docs needs the size figures (--only size)");
  const doc = new URL("../docs/package.md", import.meta.url);
  writeFileSync(doc, withSection(readFileSync(doc, "utf8"), sizesSection(pack, bundles)));
  process.stderr.write("docs/package.md: sizes written\n");
}
