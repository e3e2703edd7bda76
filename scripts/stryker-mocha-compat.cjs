// StrykerJS's mocha runner (10.1) requires mocha's CLI helpers by their old names
// (lib/cli/run-helpers, options, collect-files); mocha 12 ships them as .cjs files. Loaded in
// Stryker's test-runner processes only (stryker.config.mjs, testRunnerNodeArgs).
const Module = require("node:module");
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  try {
    return resolve.call(this, request, ...rest);
  } catch (error) {
    if (/[\\/]mocha[\\/]lib[\\/]cli[\\/][\w-]+$/.test(request)) return resolve.call(this, `${request}.cjs`, ...rest);
    throw error;
  }
};
