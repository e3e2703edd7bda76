/**
 * `npm run fuzz [-- --seconds N | --runs N] [--property TEXT] [--seed S --path P]`
 *
 * Runs the fuzzing properties of test/hardening/fuzz-properties.ts with random seeds, batch
 * after batch, for N seconds (60 by default) or N cases per property. Prints the cases tried
 * per property and every failure with the seed and path that replay it:
 * `npm run fuzz -- --property "<name>" --seed S --path P`.
 * Exit status: 0 when nothing failed, 1 otherwise, 2 for a usage error.
 */
import { parseArgs } from "node:util";
import { type FuzzOutcome, fuzzProperties } from "../test/hardening/fuzz-properties.js";

const USAGE = "usage: npm run fuzz -- [--seconds N | --runs N] [--property TEXT] [--seed S [--path P]]";
const BATCH = 200;

function options() {
  const { values } = parseArgs({
    options: {
      seconds: { type: "string" },
      runs: { type: "string" },
      property: { type: "string" },
      seed: { type: "string" },
      path: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const number = (text: string | undefined, name: string) => {
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text)) throw new Error(`--${name} takes a whole number, got "${text}"`);
    return Number(text);
  };
  if (values.help) return undefined;
  const seconds = number(values.seconds, "seconds");
  const runs = number(values.runs, "runs");
  if (seconds !== undefined && runs !== undefined) throw new Error("give --seconds or --runs, not both");
  if (values.path !== undefined && values.seed === undefined)
    throw new Error("--path replays a failure: give its --seed too");
  const chosen = fuzzProperties.filter(
    (property) => values.property === undefined || property.name.includes(values.property),
  );
  if (chosen.length === 0) throw new Error(`no property matches "${values.property}"`);
  return {
    seconds: seconds ?? (runs === undefined ? 60 : undefined),
    runs,
    seed: number(values.seed, "seed"),
    path: values.path,
    chosen,
  };
}

function report(name: string, outcome: FuzzOutcome): void {
  console.log(`\nFAILED ${name}\n  seed ${outcome.seed}, path "${outcome.path}"`);
  console.log(`  replay: npm run fuzz -- --property "${name}" --seed ${outcome.seed} --path "${outcome.path}"`);
  console.log(`  input: ${outcome.counterexample}`);
  console.log(`  ${outcome.error?.split("\n").join("\n  ")}`);
}

async function run(): Promise<number> {
  let chosen: ReturnType<typeof options>;
  try {
    chosen = options();
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (chosen === undefined) {
    console.log(USAGE);
    return 0;
  }
  const { seconds, runs, seed, path, chosen: properties } = chosen;

  if (seed !== undefined) {
    // One seed (and path): replay, then stop.
    let failed = 0;
    for (const property of properties) {
      const outcome = await property.check({ seed, numRuns: runs ?? 1000, ...(path !== undefined && { path }) });
      console.log(`${property.name}: ${outcome.numRuns} cases`);
      if (outcome.failed) {
        failed++;
        report(property.name, outcome);
      }
    }
    return failed > 0 ? 1 : 0;
  }

  const tried = new Map(properties.map((property) => [property.name, 0]));
  const failures: [string, FuzzOutcome][] = [];
  const deadline = seconds === undefined ? Number.POSITIVE_INFINITY : Date.now() + seconds * 1000;
  console.log(
    seconds === undefined
      ? `fuzzing ${properties.length} properties, ${runs} cases each, random seeds`
      : `fuzzing ${properties.length} properties for ${seconds} s, random seeds`,
  );
  let round = 0;
  while (Date.now() < deadline) {
    const pending = properties.filter((property) => runs === undefined || (tried.get(property.name) as number) < runs);
    if (pending.length === 0) break;
    for (const property of pending) {
      const left = runs === undefined ? BATCH : Math.min(BATCH, runs - (tried.get(property.name) as number));
      const outcome = await property.check({
        seed: Math.floor(Math.random() * 2 ** 31),
        numRuns: left,
        interruptAfterTimeLimit: Math.max(1, deadline - Date.now()),
      });
      tried.set(property.name, (tried.get(property.name) as number) + outcome.numRuns);
      if (outcome.failed) {
        failures.push([property.name, outcome]);
        report(property.name, outcome);
      }
      if (Date.now() >= deadline) break;
    }
    if (++round % 10 === 0) console.log(`  … ${[...tried.values()].reduce((a, b) => a + b, 0)} cases so far`);
  }

  console.log("\ncases tried per property:");
  for (const [name, count] of tried) console.log(`  ${String(count).padStart(8)}  ${name}`);
  const total = [...tried.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${total} cases, ${failures.length} failure${failures.length === 1 ? "" : "s"}`);
  return failures.length > 0 ? 1 : 0;
}

process.exitCode = await run();
