import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const FIXTURES = new URL("../fixtures/", import.meta.url).pathname;

/**
 * Reads every JSON fixture in a folder under test/fixtures. Long strings are written
 * `{"$repeat": ["a", 80]}` and `{"$concat": [..]}` so boundary fixtures stay readable.
 */
export function loadFixtures<T>(folder: string): { name: string; fixture: T }[] {
  const dir = join(FIXTURES, folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => ({ name: name.replace(/\.json$/, ""), fixture: expand(JSON.parse(readFileSync(join(dir, name), "utf8"))) as T }));
}

function expand(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(expand);
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  if ("$repeat" in record) {
    const [text, count] = record.$repeat as [string, number];
    return text.repeat(count);
  }
  if ("$concat" in record) return (record.$concat as unknown[]).map(expand).join("");
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, expand(item)]));
}
