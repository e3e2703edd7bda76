import { fuzzProperties } from "./fuzz-properties.js";
import { tally } from "./guards.js";

/**
 * The fuzzing properties with a fixed seed, so `npm test` is repeatable; `npm run fuzz` runs
 * the same properties long with random seeds (scripts/fuzz.ts).
 */
const SEED = 20260801;

describe("fuzzing every public reader (fixed seed)", function () {
  this.timeout(60000);
  tally.fuzzProperties = fuzzProperties.length;

  for (const property of fuzzProperties) {
    it(property.name, async () => {
      const outcome = await property.check({ seed: SEED, numRuns: property.runs });
      tally.fuzzCases += outcome.numRuns;
      if (outcome.failed) {
        tally.failed++;
        throw new Error(
          `failed at seed ${outcome.seed}, path "${outcome.path}" (replay: npm run fuzz -- --property ` +
            `"${property.name}" --seed ${outcome.seed} --path ` +
            `"${outcome.path}")\n${outcome.counterexample}\n${outcome.error}`,
        );
      }
    });
  }
});
