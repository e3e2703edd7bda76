import { readFileSync } from "node:fs";
import { expect } from "chai";
import {
  DOC_PATH,
  documentedTable,
  SERVER_JSON_PATH,
  serverJsonVariables,
  settingsTable,
} from "../../scripts/server-settings.js";
import { main } from "../../src/cli/main.js";
import { defaultServerConfig, LIMIT_NAMES, readServerConfig } from "../../src/server/config.js";
import { SETTING_NAMES, settingOf } from "../../src/server/settings.js";

const REGENERATE = "regenerate with `node --import tsx scripts/server-settings.ts`";

describe("server settings: one table for the flags, the variables, the docs and server.json", () => {
  it("docs/server.md's settings table is the table's, row for row", () => {
    expect(documentedTable(readFileSync(DOC_PATH, "utf8")), REGENERATE).to.equal(settingsTable());
  });

  it("server.json lists every setting's variable, described as the docs do", () => {
    const serverJson = JSON.parse(readFileSync(SERVER_JSON_PATH, "utf8")) as {
      packages: { environmentVariables: unknown[] }[];
    };
    expect(serverJson.packages[0]?.environmentVariables, REGENERATE).to.deep.equal(serverJsonVariables());
  });

  it("each setting's default is what the config reads when nothing is set, and its variable is read", () => {
    const defaults = defaultServerConfig();
    for (const name of LIMIT_NAMES) expect(defaults.limits[name], name).to.equal(settingOf(name).default);
    for (const name of ["timeoutMs", "keepAliveMs", "maxSessions", "sessionIdleMs"] as const)
      expect(defaults[name], name).to.equal(settingOf(name).default);
    for (const name of SETTING_NAMES) {
      const config = readServerConfig({ [settingOf(name).variable]: "not a value!" });
      expect(config.ok, name).to.equal(false);
      if (!config.ok)
        expect(
          config.error.issues.map((issue) => issue.path),
          name,
        ).to.deep.equal([[settingOf(name).variable]]);
    }
  });

  it("a flag wins over its variable, and its mistake is named by the flag", () => {
    const config = readServerConfig({ FORMGATE_MAX_CONNECTIONS: "7" }, { maxConnections: "9" });
    expect(config.ok && config.value.limits.maxConnections).to.equal(9);
    const wrong = readServerConfig({ FORMGATE_MAX_CONNECTIONS: "7" }, { maxConnections: "0" });
    expect(!wrong.ok && wrong.error.issues.map((issue) => [issue.path, issue.message])).to.deep.equal([
      [
        ["--max-connections"],
        'must be a whole number of connections from 1 to 1,000,000,000 (8,192 when unset), got "0"',
      ],
    ]);
  });

  it("serve --help lists every flag of the table with its variable, and every variable without a flag", async () => {
    let help = "";
    const status = await main(["serve", "--help"], {
      stdout: (text) => void (help += text),
      stderr: () => {},
      readInput: () => Promise.reject(new Error("no input")),
      env: {},
    });
    expect(status).to.equal(0);
    for (const name of SETTING_NAMES) {
      const { flag, variable } = settingOf(name);
      expect(help, variable).to.include(variable);
      if (flag !== undefined) expect(help, flag).to.match(new RegExp(`^ {2}--${flag}\\b`, "m"));
    }
    expect(help.split("\n").every((line) => line.length <= 100)).to.equal(true);
  });
});
