// What require("formgate") reaches on a Node.js that cannot load ES modules synchronously
// (before 20.19 and 22.12); newer versions take the package's "module-sync" entry instead.
throw Object.assign(
  new Error(
    "formgate is an ES module, and this Node.js (" +
      process.version +
      ") cannot require() one. " +
      'Use `import { translate } from "formgate"` (or `await import("formgate")` in CommonJS), ' +
      "or Node.js 20.19+ / 22.12+, where require() loads ES modules.",
  ),
  { code: "ERR_REQUIRE_ESM" },
);
