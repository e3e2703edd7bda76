import base from "./stryker.config.mjs";
export default {
  ...base,
  mutate: ["src/protocols/question-form/read-answers.ts"],
  concurrency: 1,
  tempDirName: ".stryker-tmp-qf",
  reporters: ["clear-text", "json"],
  jsonReporter: { fileName: "reports/mutation/qf-read-answers-before.json" },
};
