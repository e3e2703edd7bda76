import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type Row, value } from "../report.js";

const LIMIT = 10 * 1024 * 1024;

/**
 * Heap growth after 100,000 elicitations of distinct forms through formgate's server, in
 * a child process (it needs `--expose-gc`, and a clean heap of its own).
 */
export function memoryFigure(calls = 100_000): Row {
  const child = fileURLToPath(new URL("./memory-child.ts", import.meta.url));
  const output = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", child, String(calls)], {
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  const run = JSON.parse(output.trim().split("\n").pop() as string) as {
    calls: number;
    before: number;
    after: number;
    seconds: number;
    sdkForms: number;
    sdkGrowth: number;
  };
  const growth = run.after - run.before;
  return {
    figure: `memory after ${run.calls.toLocaleString("en")} elicitations of distinct forms`,
    reference: "heap before",
    formgate: run.after,
    referenceValue: run.before,
    unit: "bytes",
    ratio: growth / LIMIT,
    goal: "grows < 10 MiB",
    met: growth < LIMIT,
    note:
      `grew by ${value(growth, "bytes")} in ${run.seconds.toFixed(1)} s of calls; the SDK's own path (ajv ` +
      `compile per form) keeps ${value(run.sdkGrowth / run.sdkForms, "bytes")} per distinct form (${run.sdkForms} ` +
      `forms)`,
  };
}
