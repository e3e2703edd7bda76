import type { Timing } from "./measure.js";

/** One row of the benchmark table. */
export interface Row {
  figure: string;
  /** What formgate's side is compared with. */
  reference: string;
  /** Nanoseconds per run, or bytes for the memory figure and the bundle sizes (`size`: bytes compared as a ratio). */
  formgate: number;
  referenceValue: number;
  unit: "ns" | "bytes" | "size";
  /** formgate / reference (for the memory figure: growth in bytes against the limit). */
  ratio: number;
  goal: string;
  met: boolean;
  /** Anything a reader of the table should know (sample counts, iterations). */
  note?: string;
}

export interface Report {
  machine: { cpu: string; cores: number; node: string; platform: string };
  startedAt: string;
  seconds: number;
  rows: Row[];
}

/** The table a person reads: one line per figure, medians, ratio, goal, met. */
export function formatTable(report: Report): string {
  const header = ["figure", "formgate", "reference", "ratio", "goal", "met"];
  const lines = report.rows.map((row) => [
    row.figure,
    value(row.formgate, row.unit),
    `${value(row.referenceValue, row.unit)} (${row.reference})`,
    row.unit === "bytes" ? "—" : row.ratio.toFixed(row.ratio < 0.1 ? 4 : 2),
    row.goal,
    row.met ? "yes" : "NO",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => (line[i] as string).length)));
  const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] as number)).join("  ");
  const notes = report.rows.filter((row) => row.note !== undefined).map((row) => `- ${row.figure}: ${row.note}`);
  return [
    `${report.machine.cpu}, ${report.machine.cores} cores, Node ${report.machine.node} ` +
      `(${report.machine.platform}); ${report.seconds.toFixed(0)} s`,
    "",
    format(header),
    format(widths.map((w) => "-".repeat(w))),
    ...lines.map(format),
    ...(notes.length > 0 ? ["", ...notes] : []),
  ].join("\n");
}

/** A duration (ns) or a size (bytes) the way a person reads it. */
export function value(amount: number, unit: Row["unit"]): string {
  if (unit === "size") return amount >= 1000 ? `${(amount / 1000).toFixed(1)} KB` : `${amount} B`;
  if (unit === "bytes") {
    const sign = amount < 0 ? "-" : "";
    const abs = Math.abs(amount);
    return abs >= 1024 * 1024
      ? `${sign}${(abs / 1024 / 1024).toFixed(2)} MiB`
      : `${sign}${(abs / 1024).toFixed(1)} KiB`;
  }
  if (amount >= 1e6) return `${(amount / 1e6).toFixed(2)} ms`;
  if (amount >= 1e3) return `${(amount / 1e3).toFixed(2)} µs`;
  return `${amount.toFixed(0)} ns`;
}

/** A row for a timed figure whose goal is a ratio formgate / reference at most `goal`. */
export function timedRow(
  figure: string,
  reference: string,
  timing: { formgate: Timing; reference: Timing },
  goal: number,
): Row {
  const ratio = timing.formgate.median / timing.reference.median;
  return {
    figure,
    reference,
    formgate: timing.formgate.median,
    referenceValue: timing.reference.median,
    unit: "ns",
    ratio,
    goal: `≤ ${goal}`,
    met: ratio <= goal,
    note: `${timing.formgate.runs.toLocaleString("en")} / ${timing.reference.runs.toLocaleString("en")} runs measured`,
  };
}
