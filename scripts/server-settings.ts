/**
 * Writes what the server's table of settings (src/server/settings.ts) documents: the settings
 * table of docs/server.md and the environment variables of server.json. test/server/settings.test.ts
 * checks both against the table; after changing a setting, run
 * `node --import tsx scripts/server-settings.ts`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Setting } from "../src/server/setting-kinds.js";
import { SETTING_NAMES, settingOf } from "../src/server/settings.js";

const root = new URL("../", import.meta.url);
export const DOC_PATH = fileURLToPath(new URL("docs/server.md", root));
export const SERVER_JSON_PATH = fileURLToPath(new URL("server.json", root));

const HEADER = "| Setting | Flag | Environment variable | Default |\n| --- | --- | --- | --- |\n";

/** The setting's line and what the docs say beyond it. */
function docLine(setting: Setting<unknown>): string {
  if (setting.note === undefined) return setting.doc;
  return /^[,;]/.test(setting.note) ? `${setting.doc}${setting.note}` : `${setting.doc} ${setting.note}`;
}

/** docs/server.md's settings table, one row a setting. */
export function settingsTable(): string {
  const rows = SETTING_NAMES.map(settingOf).map((setting) => {
    const flag =
      setting.flag === undefined
        ? "—"
        : `\`--${setting.flag}${setting.placeholder === undefined ? "" : ` ${setting.placeholder}`}\``;
    const variable = `\`${setting.variable}\`${setting.variableNote === undefined ? "" : ` (${setting.variableNote})`}`;
    return `| ${docLine(setting)} | ${flag} | ${variable} | ${setting.defaultDoc} |\n`;
  });
  return HEADER + rows.join("");
}

/** The table as docs/server.md holds it: from its header to the first line that is not a row. */
export function documentedTable(doc: string): string {
  const start = doc.indexOf(HEADER);
  if (start === -1) return "";
  const end = doc.indexOf("\n\n", start);
  return doc.slice(start, end === -1 ? undefined : end + 1);
}

/** server.json's `environmentVariables`, one a setting. */
export function serverJsonVariables(): Record<string, unknown>[] {
  return SETTING_NAMES.map(settingOf).map((setting) => ({
    name: setting.variable,
    description: `${setting.doc.replaceAll("`", "")} (default: ${setting.defaultDoc}).`,
    format: setting.format,
    isRequired: false,
    ...(setting.default !== undefined && { default: String(setting.default) }),
    ...(setting.secret && { isSecret: true }),
  }));
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const doc = readFileSync(DOC_PATH, "utf8");
  const table = documentedTable(doc);
  if (table === "") throw new Error(`no settings table in ${DOC_PATH}`);
  writeFileSync(DOC_PATH, doc.replace(table, settingsTable()));
  const serverJson = JSON.parse(readFileSync(SERVER_JSON_PATH, "utf8")) as {
    packages: { environmentVariables: unknown }[];
  };
  for (const entry of serverJson.packages) entry.environmentVariables = serverJsonVariables();
  writeFileSync(SERVER_JSON_PATH, `${JSON.stringify(serverJson, null, 2)}\n`);
}
