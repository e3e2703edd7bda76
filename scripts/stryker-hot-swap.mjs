// StrykerJS 9.6.1 restarts its test runner for every "hybrid" mutant (one that code reaches both while the test
// files load and inside tests), even with `ignoreStatic`, where it activates such a mutant at run time anyway and
// runs only the tests that reach it. Our test files build forms at load, so a third of the mutants are hybrid and
// each restart (tsx and every spec file loaded anew) costs about 10 s on a shared machine: the runs never finished.
// With `ignoreStatic` this lets them swap in like any other mutant (docs/testing.md). Run by `npm run mutate`.
import { readFileSync, writeFileSync } from "node:fs";

const file = "node_modules/@stryker-mutator/core/dist/src/mutants/mutant-test-planner.js";
const original = "const canHotSwap = !!testFilter && isStatic === false;";
const patched = "const canHotSwap = !!testFilter && (isStatic === false || this.options.ignoreStatic);";
const source = readFileSync(file, "utf8");
if (!source.includes(patched)) {
  if (!source.includes(original)) throw new Error(`${file}: the line to patch is not there (another Stryker?)`);
  writeFileSync(file, source.replace(original, patched));
}
