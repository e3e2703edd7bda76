// Mutation testing of the shared JSON-Schema codec and the <question-form> protocol (issue 19):
// `npm run mutate -- --mutate 'src/protocols/question-form/**/*.ts'` (docs/testing.md), one folder a run.
// Not part of `npm test`: a folder takes 30 to 60 minutes on a shared two-core machine.
// StrykerJS is installed for the run only (see the script), so it adds nothing to `npm ci`.
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "mocha",
  testRunnerNodeArgs: ["--import", "tsx", "--require", "./scripts/stryker-mocha-compat.cjs"],
  // typescript 7 has no JavaScript API for Stryker's tsconfig rewriting; tsconfig.json needs none.
  tsconfigFile: "tsconfig.stryker-none.json",
  mutate: ["src/protocols/json-schema/**/*.ts", "src/protocols/question-form/**/*.ts"],
  mochaOptions: {
    // The tests that exercise the two folders, not the whole suite (servers, CLI, browsers, fuzzing).
    spec: [
      "test/json-schema/**/*.test.ts",
      "test/native/**/*.test.ts",
      "test/mcp/**/*.test.ts",
      // acp and ag-ui write and read their requests through the json-schema codec too.
      "test/acp/**/*.test.ts",
      "test/ag-ui/**/*.test.ts",
      "test/question-form/**/*.test.ts",
      // The hostile fixtures pin many <question-form> findings (attributes, defaults, ranges) by code and path.
      "test/hardening/hostile.test.ts",
      "test/gateway/pairs.test.ts",
      "test/gateway/translate.test.ts",
    ],
    require: ["test/setup.ts"],
    // The hostile corpus's megabyte-sized entries guard bounds, not rules: through the instrumented scanner they
    // outlast their 60 s timeout, which fails the initial run.
    grep: "/^(?!hostile inputs .*\\/size-)/",
  },
  // Each mutant runs only the tests that reached it.
  coverageAnalysis: "perTest",
  // Module-level constants would need the whole suite per mutant; their use is covered by the tests anyway.
  ignoreStatic: true,
  // One test runner: the machine is shared; `--concurrency 2` on a quiet one.
  concurrency: 1,
  timeoutMS: 20000,
  // The initial run with per-test coverage takes minutes on a loaded machine (Stryker's default gives it 5).
  dryRunTimeoutMinutes: 30,
  reporters: ["clear-text", "progress", "json", "html"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
