import { expect } from "chai";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The variable that rewrites golden files from what the code writes now (README, Development). */
export const UPDATE_GOLDENS = "FORMGATE_UPDATE_GOLDENS";

export interface GoldenFormat {
  serialize(value: unknown): string;
  deserialize(text: string): unknown;
}

const JSON_FORMAT: GoldenFormat = {
  serialize: (value) => `${JSON.stringify(value, null, 2)}\n`,
  deserialize: (text) => JSON.parse(text),
};

/**
 * Compares `value` with the golden file at `url`. A missing golden file fails (a golden the test
 * writes for itself proves nothing); `FORMGATE_UPDATE_GOLDENS=1` rewrites it, to be checked by eye
 * in the diff before it is committed.
 */
export function expectGolden(url: URL, value: unknown, format: GoldenFormat = JSON_FORMAT): void {
  if (process.env[UPDATE_GOLDENS] === "1") writeFileSync(url, format.serialize(value));
  const file = fileURLToPath(url);
  if (!existsSync(url)) expect.fail(`no golden file ${file}: write it with ${UPDATE_GOLDENS}=1 and check it by eye`);
  expect(value).to.deep.equal(format.deserialize(readFileSync(url, "utf8")));
}
