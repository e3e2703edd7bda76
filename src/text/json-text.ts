import type { PathSegment } from "../model/issue.js";
import { JsonString, QUOTE, describe, isSpace, readScalar, readString, skipSpace } from "./json-scalars.js";

export { JsonString };

/**
 * The one reader of JSON text that knows where things are: a `<question-form>` body's problems
 * at their line and column, the CLI's and the playground's syntax errors, worded by formgate
 * (the JavaScript engine's messages differ between versions and may quote the input).
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Where a JSON text first breaks the grammar, and how. */
export interface JsonSyntaxError {
  offset: number;
  message: string;
}

/** A key written twice in one object: the offset of its repeat, and its path from the root. */
export interface Duplicate {
  offset: number;
  key: string;
  path: PathSegment[];
}

export type JsonRead =
  | {
      ok: true;
      value: JsonValue;
      /** Keys written twice in one object (the last one is read), at the repeated key. */
      duplicates: Duplicate[];
      /** Offset of the value at `path`, or of its closest parent that exists (`root` for none). */
      at(path: readonly PathSegment[], root?: number): number;
    }
  | ({ ok: false } & JsonSyntaxError);

const COLON = 0x3a;

/**
 * Reads JSON text nested at most `maxDepth` levels. `JSON.parse` reads it when it can and no key
 * is written twice (it would keep the last silently); positions are found only when asked for,
 * by the parse that follows the grammar itself, which also reads what `JSON.parse` does not.
 */
export function readJson(text: string, maxDepth: number): JsonRead {
  let value: JsonValue | undefined;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch {
    // the parse below says why
  }
  // The parse that locates reads what JSON.parse read: the same grammar, and the depth is checked here.
  if (value !== undefined && members(value, 0, Math.min(maxDepth, 512)) === keyColons(text))
    return new ReadJson(text, maxDepth, value, []);
  const parsed = parse(text, maxDepth);
  if (!("value" in parsed)) return { ok: false, ...parsed };
  return new ReadJson(text, maxDepth, parsed.value, parsed.duplicates, parsed);
}

/** A JSON text read, its positions parsed on the first `at` (a method, not a closure made for each read). */
class ReadJson {
  readonly ok = true;

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
    readonly value: JsonValue,
    readonly duplicates: Duplicate[],
    private parsed?: Parsed,
  ) {}

  at(path: readonly PathSegment[], root?: number): number {
    this.parsed ??= parse(this.text, this.maxDepth) as Parsed;
    return locate(this.parsed, path, root);
  }
}

/**
 * JSON text cut anywhere (a question still streaming in), read as far as it has arrived: a string
 * value cut short as far as it goes, a member whose key or literal is cut short, or whose number
 * the text ends in, left out; open containers closed. Undefined when what has arrived already
 * breaks the grammar.
 */
export function readJsonPrefix(text: string, maxDepth: number): JsonValue | undefined {
  const parsed = parse(text, maxDepth, true);
  return "value" in parsed ? parsed.value : undefined;
}

/** Where a JSON text first breaks the grammar, and how; undefined when it is valid JSON. */
export function jsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const parsed = parse(text, Number.POSITIVE_INFINITY);
  return "value" in parsed ? undefined : parsed;
}

/** A JSON string literal that is the whole of `text`, read; otherwise undefined. */
export function jsonString(text: string): string | undefined {
  if (text.length < 2 || text.charCodeAt(0) !== QUOTE || text.charCodeAt(text.length - 1) !== QUOTE) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Object members in a parsed value; -1 past `maxDepth` (the parse below then decides). */
function members(value: JsonValue, depth: number, maxDepth: number): number {
  if (value === null || typeof value !== "object") return 0;
  if (depth > maxDepth) return -1;
  const items = Array.isArray(value) ? value : Object.values(value);
  let count = items === value ? 0 : items.length;
  for (const item of items) {
    if (item === null || typeof item !== "object") continue; // no members, and most items are strings
    const inner = members(item, depth + 1, maxDepth);
    if (inner < 0) return -1;
    count += inner;
  }
  return count;
}

/**
 * The colons that follow a `"` (spaces between): every member's, and perhaps some inside
 * strings. As many as the parsed value has members means no key was written twice.
 */
function keyColons(text: string): number {
  let count = 0;
  for (let i = text.indexOf(":"); i !== -1; i = text.indexOf(":", i + 1)) {
    let j = i - 1;
    while (j >= 0 && isSpace(text.charCodeAt(j))) j--;
    if (text.charCodeAt(j) === QUOTE) count++;
  }
  return count;
}

type Positions = WeakMap<object, Map<string | number, number>>;
interface Parsed {
  value: JsonValue;
  root: number;
  positions: Positions;
  duplicates: Duplicate[];
}

function locate(parsed: Parsed, path: readonly PathSegment[], root = 0): number {
  let offset = root;
  let node: JsonValue | undefined = parsed.value;
  for (const key of path) {
    if (node === null || typeof node !== "object") break;
    const at = parsed.positions.get(node)?.get(key);
    if (at === undefined) break;
    offset = at;
    node = Array.isArray(node) ? node[key as number] : (node as { [k: string]: JsonValue })[key as string];
  }
  return offset;
}

interface Open {
  container: JsonValue[] | { [key: string]: JsonValue };
  where: Map<string | number, number>;
  closer: "]" | "}";
  key: string;
  keyAt: number;
}

/**
 * The parse that follows the grammar: values with the offset of each member, the repeated keys,
 * or the first syntax error. Objects have no prototype, so a key such as `__proto__` stays a
 * plain key; the open containers are an explicit stack, so deep nesting cannot overflow the call stack.
 * A `prefix` is read up to where it ends, wherever that is.
 */
function parse(text: string, maxDepth: number, prefix = false): Parsed | JsonSyntaxError {
  return new Parse(text, prefix).run(maxDepth);
}

/** One parse: its helpers are methods, not closures made for each text (the partial view parses often). */
class Parse {
  private readonly positions: Positions = new WeakMap();
  private readonly duplicates: Duplicate[] = [];
  private readonly stack: Open[] = [];
  private result: { value: JsonValue; root: number } | undefined;

  constructor(
    private readonly text: string,
    private readonly prefix: boolean,
  ) {}

  run(maxDepth: number): Parsed | JsonSyntaxError {
    const { text, prefix, positions, duplicates, stack } = this;
    let i = 0;
    let expectValue = true;
    for (;;) {
      i = skipSpace(text, i);
      const char = text[i];
      if (expectValue) {
        if (char === "{" || char === "[") {
          if (stack.length > maxDepth)
            return { offset: i, message: `the JSON nests more than ${maxDepth} levels deep` };
          const container = char === "{" ? (Object.create(null) as { [key: string]: JsonValue }) : [];
          this.put(container, i);
          const open: Open = { container, where: new Map(), closer: char === "{" ? "}" : "]", key: "", keyAt: 0 };
          positions.set(container, open.where);
          stack.push(open);
          i = skipSpace(text, i + 1);
          if (text[i] === open.closer) {
            stack.pop();
            i++;
            expectValue = false;
          } else if (char === "{") {
            const next = this.readKey(open, i);
            if (typeof next !== "number") return this.broken(next);
            i = next;
          }
          continue;
        }
        if (char === undefined) return this.broken({ offset: i, message: "the text ends where a value should be" });
        if (char === "]" || char === "}")
          return { offset: i, message: `expected a value, found "${char}" (a comma before it?)` };
        const scalar = readScalar(text, i, prefix);
        if ("message" in scalar) return this.broken(scalar);
        this.put(scalar.value, i);
        i = scalar.end;
        expectValue = false;
        continue;
      }
      const top = stack[stack.length - 1];
      if (top === undefined) {
        if (char === undefined)
          return { ...(this.result as { value: JsonValue; root: number }), positions, duplicates };
        return { offset: i, message: `unexpected ${describe(char)} after the JSON value` };
      }
      if (char === ",") {
        i++;
        expectValue = true;
        if (top.closer === "}") {
          const next = this.readKey(top, i);
          if (typeof next !== "number") return this.broken(next);
          i = next;
        }
      } else if (char === top.closer) {
        stack.pop();
        i++;
      } else
        return this.broken({
          offset: i,
          message:
            char === undefined
              ? `the text ends before the closing "${top.closer}"`
              : `expected "," or "${top.closer}", found ${describe(char)}`,
        });
    }
  }

  /** Puts a value read at `at` in the open container, or as the root. */
  private put(value: JsonValue, at: number): void {
    const top = this.stack[this.stack.length - 1];
    if (top === undefined) this.result = { value, root: at };
    else if (Array.isArray(top.container)) {
      top.where.set(top.container.length, at);
      top.container.push(value);
    } else {
      if (Object.hasOwn(top.container, top.key))
        this.duplicates.push({ offset: top.keyAt, key: top.key, path: this.pathTo() });
      top.where.set(top.key, at);
      top.container[top.key] = value;
    }
  }

  /** Each open container's key (or index) in its parent, then the key being put: built only for a repeat. */
  private pathTo(): PathSegment[] {
    return this.stack.map((open) => (Array.isArray(open.container) ? open.container.length - 1 : open.key));
  }

  /** A prefix's error where the text ends is its end: the containers, built in place, hold what was read. */
  private broken(error: JsonSyntaxError): Parsed | JsonSyntaxError {
    const { prefix, result, text, positions, duplicates } = this;
    return prefix && result !== undefined && error.offset >= text.length ? { ...result, positions, duplicates } : error;
  }

  /** The key of `open`'s next member, from `i` to after its colon: the offset there, or what is wrong. */
  private readKey(open: Open, i: number): number | JsonSyntaxError {
    const text = this.text;
    i = skipSpace(text, i);
    const char = text[i];
    if (char === undefined) return { offset: i, message: "the text ends where a property name should be" };
    if (char !== '"')
      return {
        offset: i,
        message:
          char === "}"
            ? 'expected a property name, found "}" (a comma before it?)'
            : `expected a property name in double quotes, found ${describe(char)}`,
      };
    const key = readString(text, i, this.prefix);
    if ("message" in key) return key;
    open.key = key.value;
    open.keyAt = i;
    i = skipSpace(text, key.end);
    if (text.charCodeAt(i) !== COLON)
      return { offset: i, message: `expected ":" after the property name, found ${describe(text[i])}` };
    return i + 1;
  }
}
