import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const FIXTURES = new URL("../fixtures/", import.meta.url).pathname;

/**
 * Reads every JSON fixture in a folder under test/fixtures, long values written as `expand`
 * reads them (e.g. `{"$repeat": ["a", 80]}`) so boundary fixtures stay readable.
 */
export function loadFixtures<T>(folder: string): { name: string; fixture: T }[] {
  const dir = join(FIXTURES, folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => ({
      name: name.replace(/\.json$/, ""),
      fixture: expand(JSON.parse(readFileSync(join(dir, name), "utf8"))) as T,
    }));
}

/**
 * Long or deep values stay readable in the files: `{"$repeat": [text, n]}`, `{"$concat": [...]}`,
 * `{"$deep": [levels, innermost]}` (arrays nested `levels` deep), `{"$deepObject": [levels, key, innermost]}`,
 * `{"$times": [n, template]}` (an array of n copies of template, `{i}` in its strings replaced by the index),
 * `{"$object": [n, keyTemplate, template]}` (an object of n such entries), `{"$join": [items, separator]}`.
 */
export function expand(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(expand);
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  if (Object.hasOwn(record, "$repeat")) {
    const [text, count] = record.$repeat as [string, number];
    return text.repeat(count);
  }
  if (Object.hasOwn(record, "$concat")) return (record.$concat as unknown[]).map(expand).join("");
  if (Object.hasOwn(record, "$deep")) {
    const [levels, innermost] = record.$deep as [number, unknown];
    let out = expand(innermost);
    for (let i = 0; i < levels; i++) out = [out];
    return out;
  }
  if (Object.hasOwn(record, "$deepObject")) {
    const [levels, key, innermost] = record.$deepObject as [number, string, unknown];
    let out = expand(innermost);
    for (let i = 0; i < levels; i++) out = { [key]: out };
    return out;
  }
  if (Object.hasOwn(record, "$times")) {
    const [count, template] = record.$times as [number, unknown];
    const text = JSON.stringify(template);
    return Array.from({ length: count }, (_, i) => expand(JSON.parse(text.replaceAll("{i}", String(i)))));
  }
  if (Object.hasOwn(record, "$join")) {
    const [items, separator] = record.$join as [unknown, string];
    return (expand(items) as unknown[]).join(separator);
  }
  if (Object.hasOwn(record, "$object")) {
    const [count, key, template] = record.$object as [number, string, unknown];
    const text = JSON.stringify(template);
    const out: Record<string, unknown> = {};
    for (let i = 0; i < count; i++)
      out[key.replaceAll("{i}", String(i))] = expand(JSON.parse(text.replaceAll("{i}", String(i))));
    return out;
  }
  // Keys such as __proto__ stay own keys: define, never assign.
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record))
    Object.defineProperty(out, key, { value: expand(item), enumerable: true, writable: true, configurable: true });
  return out;
}
