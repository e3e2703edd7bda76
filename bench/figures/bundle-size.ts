/**
 * What a browser page pays for formgate: each main import bundled by esbuild for the browser
 * (minified, then gzip), from the built package (dist/, through its exports map, as a host's
 * bundler resolves `formgate`) against the same import bundled from src/ (the reference: what
 * the modules themselves weigh, tree-shaken). The package must not defeat tree-shaking.
 */
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { Row } from "../report.js";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** One import a page makes, and the goal its bundle from the package has. */
export interface Import {
  name: string;
  code: string;
  /** dist at most this many times the src reference (minified). */
  ratio?: number;
  /** dist at most this many bytes gzip (the goal the benchmark reports and the package test holds). */
  gzip?: number;
}

export const IMPORTS: Import[] = [
  { name: "readMessage", code: 'export { readMessage } from "formgate";', ratio: 1.1 },
  { name: "createMessageReader", code: 'export { createMessageReader } from "formgate";', ratio: 1.1 },
  { name: "translate", code: 'export { translate } from "formgate";', ratio: 1.1 },
  { name: "translateAnswers", code: 'export { translateAnswers } from "formgate";', ratio: 1.1 },
  { name: "readForm", code: 'export { readForm } from "formgate";', ratio: 1.1 },
  { name: "bridge", code: 'export { bridgeAssistantMessage, replyToModel } from "formgate";', ratio: 1.1 },
  { name: "formgate/dom renderForm", code: 'export { renderForm } from "formgate/dom";', ratio: 1.1 },
  {
    // A page that reads one protocol and writes another through their subpaths bundles only those two.
    name: "formgate/data → formgate/native",
    code:
      'import { dataProtocol } from "formgate/data";\nimport { nativeProtocol } from "formgate/native";\n' +
      "export const toNative = (input) => {\n  const read = dataProtocol.readForm(input);\n" +
      "  return read.ok ? nativeProtocol.writeForm(read.value) : read;\n};",
    ratio: 1.1,
    gzip: 30_000,
  },
  {
    name: "renderForm + readMessage",
    code: 'export { renderForm } from "formgate/dom";\nexport { readMessage } from "formgate";',
    ratio: 1.1,
    gzip: 25_000,
  },
  // Without its peer: `ai` is the host's, left out of the bundle (external).
  { name: "formgate/ai-sdk (all of it)", code: 'export * from "formgate/ai-sdk";', ratio: 1.1 },
  {
    name: "formgate/ai-sdk readToolPart + answerToolPart",
    code: 'export { readToolPart, answerToolPart } from "formgate/ai-sdk";',
    ratio: 1.1,
  },
  {
    name: "formgate/ai-sdk questionFormChunkTransform",
    code: 'export { questionFormChunkTransform } from "formgate/ai-sdk";',
    ratio: 1.1,
  },
  // Without its peer: `react` is the host's, left out of the bundle (external).
  { name: "formgate/react (all of it)", code: 'export * from "formgate/react";', ratio: 1.1 },
  { name: "formgate/react FormgateForm", code: 'export { FormgateForm } from "formgate/react";', ratio: 1.1 },
  { name: "formgate/react useMessageForms", code: 'export { useMessageForms } from "formgate/react";', ratio: 1.1 },
];

export interface Size {
  minified: number;
  gzip: number;
  /** The modules with code in the bundle, as esbuild's metafile names them (paths from the working directory). */
  modules: string[];
}

/** The bundle of `code` with `formgate` resolved through the package (dist/) or aliased to src/. */
export async function bundleSize(code: string, from: "dist" | "src", work: string): Promise<Size> {
  const result = await build({
    stdin: { contents: code, resolveDir: work, loader: "js" },
    bundle: true,
    minify: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
    // The peers a host brings are not formgate's weight.
    external: ["ai", "react"],
    ...(from === "src" && { alias: sourceAliases() }),
  });
  const text = result.outputFiles[0]?.contents ?? new Uint8Array();
  return {
    minified: text.byteLength,
    gzip: gzipSync(text, { level: 9 }).byteLength,
    // What the bundle holds: every module read, less those tree-shaking left out entirely.
    modules: Object.values(result.metafile.outputs).flatMap((output) =>
      Object.entries(output.inputs).flatMap(([path, input]) => (input.bytesInOutput > 0 ? [path] : [])),
    ),
  };
}

/** Each entry of the package's exports map, aliased to its source (`formgate/data` → src/protocols/data/index.ts). */
function sourceAliases(): Record<string, string> {
  const { exports } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    exports: Record<string, string | { types?: string }>;
  };
  return Object.fromEntries(
    Object.entries(exports).flatMap(([key, target]) => {
      const source = typeof target === "object" ? /^\.\/dist\/types\/(src\/.*)\.d\.ts$/.exec(target.types ?? "") : null;
      return source === null ? [] : [[`formgate${key.slice(1)}`, join(root, `${source[1]}.ts`)]];
    }),
  );
}

/** Every import's size from the package and from src/, the package built first from the current source. */
export async function measureSizes(): Promise<{ name: string; dist: Size; src: Size; goal: Import }[]> {
  execFileSync(process.execPath, ["build.mjs"], { cwd: root, stdio: "ignore" });
  const work = mkdtempSync(join(tmpdir(), "formgate-sizes-"));
  try {
    // A project that depends on formgate: its node_modules/formgate is this checkout, exports map and all.
    mkdirSync(join(work, "node_modules"));
    symlinkSync(root, join(work, "node_modules/formgate"), "dir");
    writeFileSync(join(work, "package.json"), '{"type": "module"}');
    const sizes = [];
    for (const goal of IMPORTS)
      sizes.push({
        name: goal.name,
        dist: await bundleSize(goal.code, "dist", work),
        src: await bundleSize(goal.code, "src", work),
        goal,
      });
    return sizes;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** What `measureSizes` found for one import. */
export type MeasuredImport = Awaited<ReturnType<typeof measureSizes>>[number];

export function sizeRows(sizes: MeasuredImport[]): Row[] {
  const rows: Row[] = [];
  for (const { name, dist, src, goal } of sizes) {
    const ratio = dist.minified / src.minified;
    rows.push({
      figure: `bundle: ${name} (minified)`,
      reference: "from src/",
      formgate: dist.minified,
      referenceValue: src.minified,
      unit: "size",
      ratio,
      goal: `≤ ${goal.ratio}×`,
      met: ratio <= (goal.ratio ?? Number.POSITIVE_INFINITY),
    });
    rows.push({
      figure: `bundle: ${name} (gzip)`,
      reference: "from src/",
      formgate: dist.gzip,
      referenceValue: src.gzip,
      unit: "size",
      ratio: dist.gzip / src.gzip,
      goal: goal.gzip === undefined ? "—" : `≤ ${goal.gzip / 1000} KB`,
      met: goal.gzip === undefined || dist.gzip <= goal.gzip,
    });
  }
  return rows;
}
