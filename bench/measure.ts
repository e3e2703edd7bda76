import { measure } from "mitata";

/** What one side of a figure runs: a function, or a generator yielding mitata's `{ [0]: setup, bench }`. */
export type Benchmark = (() => unknown) | (() => Generator<unknown, void, undefined>);
/** mitata's measuring options (`min_cpu_time` in ns, `batch_threshold`, `max_samples`, …). */
export type MeasureOptions = Record<string, number | boolean>;

/** Both sides of a figure, measured alternately. */
export interface Pair {
  formgate: Benchmark;
  reference: Benchmark;
  /** How many times each side is measured, alternating (8 by default). */
  rounds?: number;
  /** mitata options for every round (by default at least 150 ms of runs per round). */
  options?: MeasureOptions;
}

export interface Timing {
  /** Median time of one run, in nanoseconds, over every sample of every round. */
  median: number;
  /** How many times the side ran while measured (mitata averages batches of fast runs into one sample). */
  runs: number;
}

/**
 * Measures formgate and its reference in the same process, interleaved: round after
 * round, each side is measured with mitata (which warms it up first), and the medians
 * come from all samples of all rounds. Many short rounds rather than one long one each:
 * a busy phase of a shared machine then slows both sides alike.
 */
export async function compare(pair: Pair): Promise<{ formgate: Timing; reference: Timing }> {
  const samples = { formgate: [] as number[], reference: [] as number[] };
  const runs = { formgate: 0, reference: 0 };
  for (let round = 0; round < (pair.rounds ?? 8); round++) {
    for (const side of ["formgate", "reference"] as const) {
      const stats = await measure(pair[side] as () => unknown, { min_cpu_time: 150e6, ...pair.options });
      for (const sample of stats.samples) samples[side].push(sample);
      runs[side] += stats.ticks;
    }
  }
  return { formgate: timing(samples.formgate, runs.formgate), reference: timing(samples.reference, runs.reference) };
}

function timing(samples: number[], runs: number): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return { median, runs };
}
