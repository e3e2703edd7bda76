// Mutation testing of the shared JSON-Schema codec and the <question-form> protocol (issue 19):
// `npm run mutate` (README, Development). Not part of `npm test`: a full run takes tens of minutes.
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
      "test/question-form/**/*.test.ts",
      "test/gateway/pairs.test.ts",
      "test/gateway/translate.test.ts",
    ],
    require: ["test/setup.ts"],
  },
  coverageAnalysis: "perTest",
  // Module-level constants would need the whole suite per mutant; their use is covered by the tests anyway.
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 20000,
  reporters: ["clear-text", "progress", "json", "html"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
