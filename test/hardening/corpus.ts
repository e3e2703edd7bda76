import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { PathSegment } from "../../src/model/index.js";
import type { ProtocolName } from "../../src/protocols/index.js";

/**
 * The hostile corpus (test/fixtures/hostile/): one JSON file per input, each with the exact
 * result it must get. Folders name the protocol (`data`, `native`, `question-form`) and, under
 * `answers/`, the protocol of the answers; `forms/` holds the forms answers are read against.
 */
export const HOSTILE_DIR = new URL("../fixtures/hostile/", import.meta.url).pathname;

/** An expected problem or warning: code and path, and for text protocols optionally where. */
export interface ExpectedIssue {
  code: string;
  path: PathSegment[];
  line?: number;
  column?: number;
}

/**
 * What a reader must return: a failure with exactly these issues, or a success with exactly
 * these warnings (and, for answers, exactly this response).
 */
export type Expected = { error: string; issues: ExpectedIssue[] } | { ok: true; warnings: ExpectedIssue[]; value?: unknown };

/** A block of a `<question-form>` message: a form or an error segment, with its warnings or problems. */
export interface ExpectedSegment {
  kind: "form" | "error";
  id?: string;
  issues: ExpectedIssue[];
}

export interface HostileEntry {
  /** Path under test/fixtures/hostile, e.g. `data/structure-deep-array.json`. */
  name: string;
  description: string;
  protocol: ProtocolName;
  read: "form" | "answers";
  /** The input as a value (JSON protocols), expanded from `$repeat`, `$concat`, `$deep`, `$times`. */
  input?: unknown;
  /** Or the input as text: JSON text for JSON protocols (so escaped spellings reach the parser), a message for question-form. */
  text?: string;
  /** Or raw bytes (base64), decoded as UTF-8 the way the CLI and the streaming reader decode them. */
  bytes?: string;
  /** For answers: the form file under forms/ (its protocol from its folder name prefix: data-, native-, question-form-). */
  form?: string;
  expect: Expected;
  /** When the CLI must see it otherwise (text that is not JSON is `invalid_json` there). */
  cli?: Expected;
  /** When the server must see it otherwise, and why (see docs/security.md). */
  server?: { rpcError: true; why: string } | { result: unknown; why: string } | { issuePaths: PathSegment[][]; why: string };
  /** question-form: every block of the message (readForm reads the first form only). */
  segments?: ExpectedSegment[];
  /** native: translating to native must give the input back unchanged (nothing lost, nothing invented). */
  identity?: boolean;
}

export function loadCorpus(): HostileEntry[] {
  const entries: HostileEntry[] = [];
  const walk = (dir: string) => {
    for (const item of readdirSync(join(HOSTILE_DIR, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const name = dir === "" ? item.name : `${dir}/${item.name}`;
      if (item.isDirectory()) {
        if (name !== "forms") walk(name);
      } else if (item.name.endsWith(".json")) {
        const raw = JSON.parse(readFileSync(join(HOSTILE_DIR, name), "utf8")) as Record<string, unknown>;
        const [folder, sub] = name.split("/");
        const answers = folder === "answers";
        entries.push({
          ...(raw as unknown as HostileEntry),
          name,
          protocol: (answers ? sub : folder) as ProtocolName,
          read: answers ? "answers" : "form",
          ...(Object.hasOwn(raw, "input") && { input: expand(raw.input) }),
          ...(Object.hasOwn(raw, "text") && { text: expand(raw.text) as string }),
        });
      }
    }
  };
  walk("");
  return entries;
}

/** A form of forms/: its protocol and its contents (text for question-form, else JSON). */
export function loadForm(file: string): { protocol: ProtocolName; path: string; value: unknown } {
  const path = join(HOSTILE_DIR, "forms", file);
  const protocol = (["question-form", "native", "data"] as const).find((name) => file.startsWith(`${name}-`));
  if (protocol === undefined) throw new Error(`forms/${file}: name it data-…, native-… or question-form-…`);
  const text = readFileSync(path, "utf8");
  return { protocol, path, value: protocol === "question-form" ? text : JSON.parse(text) };
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
    for (let i = 0; i < count; i++) out[key.replaceAll("{i}", String(i))] = expand(JSON.parse(text.replaceAll("{i}", String(i))));
    return out;
  }
  // Keys such as __proto__ stay own keys: define, never assign.
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) Object.defineProperty(out, key, { value: expand(item), enumerable: true, writable: true, configurable: true });
  return out;
}
