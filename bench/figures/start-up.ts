import { execFileSync, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type Row, value } from "../report.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const EXAMPLE = "examples/report-template.data.json";
const GOAL = 1.6;

/** The median of some numbers. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Wall time of one whole process, in nanoseconds; it must exit 0. */
function wallTime(args: string[]): number {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, args, { cwd: root, stdio: ["ignore", "ignore", "pipe"] });
  const elapsed = Number(process.hrtime.bigint() - started);
  if (run.status !== 0) throw new Error(`node ${args.join(" ")} exited ${run.status}: ${run.stderr}`);
  return elapsed;
}

/**
 * `formgate translate --to native` of the bundled example as a whole process (the built CLI,
 * rebuilt first so it is the current source) against `node -e 0`, alternately, in the same run:
 * the start-up cost a person or a script pays per command.
 */
export function startUpFigure(runs = 40): Row {
  execFileSync(process.execPath, ["build.mjs"], { cwd: root, stdio: "ignore" });
  const cli = ["dist/cli.js", "translate", "--to", "native", EXAMPLE];
  const node = ["-e", "0"];
  wallTime(cli);
  wallTime(node);
  const times = { cli: [] as number[], node: [] as number[] };
  for (let i = 0; i < runs; i++) {
    times.cli.push(wallTime(cli));
    times.node.push(wallTime(node));
  }
  const formgate = median(times.cli);
  const reference = median(times.node);
  return {
    figure: "formgate translate (whole process)",
    reference: "node -e 0",
    formgate,
    referenceValue: reference,
    unit: "ns",
    ratio: formgate / reference,
    goal: `≤ ${GOAL}×`,
    met: formgate / reference <= GOAL,
    note:
      `medians of ${runs} alternate runs of \`node dist/cli.js translate --to native ${EXAMPLE}\` and \`node ` +
      `-e 0\``,
  };
}

interface ImportCost {
  ms: number;
  heap: number;
  rss: number;
}

function importCost(specifier: string, runs: number): ImportCost {
  const child = fileURLToPath(new URL("./import-child.mjs", import.meta.url));
  const samples: ImportCost[] = [];
  for (let i = 0; i < runs; i++) {
    const output = execFileSync(process.execPath, ["--expose-gc", child, specifier], { cwd: root, encoding: "utf8" });
    samples.push(JSON.parse(output.trim()) as ImportCost);
  }
  return {
    ms: median(samples.map((s) => s.ms)),
    heap: median(samples.map((s) => s.heap)),
    rss: median(samples.map((s) => s.rss)),
  };
}

/**
 * What importing the library costs a fresh process: the time of `import("formgate")` (the
 * built dist/index.js) and the heap it keeps, against importing valibot alone, its one
 * dependency; and the same for `formgate/server`, for scale. Reported, with no goal.
 */
export function importFigures(runs = 15): Row[] {
  const library = importCost(new URL("../../dist/node/index.js", import.meta.url).href, runs);
  const server = importCost(new URL("../../dist/node/server.js", import.meta.url).href, runs);
  const valibot = importCost("valibot", runs);
  return [
    {
      figure: "import formgate (time)",
      reference: "import valibot",
      formgate: library.ms * 1e6,
      referenceValue: valibot.ms * 1e6,
      unit: "ns",
      ratio: library.ms / valibot.ms,
      goal: "reported",
      met: true,
      note:
        `medians of ${runs} fresh processes; formgate/server (the MCP SDK, node:http) takes ` +
        `${value(server.ms * 1e6, "ns")}`,
    },
    {
      figure: "import formgate (heap kept)",
      reference: "import valibot",
      formgate: library.heap,
      referenceValue: valibot.heap,
      unit: "bytes",
      ratio: library.heap / valibot.heap,
      goal: "reported",
      met: true,
      note:
        `heap after a full collection; resident memory grows by ${value(library.rss, "bytes")} (valibot ` +
        `${value(valibot.rss, "bytes")}); formgate/server keeps ${value(server.heap, "bytes")} of heap`,
    },
  ];
}
