import type { JsonSyntaxError, JsonValue } from "./json-text.js";

// The JSON grammar's leaves, for the reader in json-text.ts and every scan of JSON text: where a string ends, a
// string, a number or a literal, white space, and how a character is named in a syntax error.

export const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;

/**
 * Where a JSON string ends, the one rule every scan of JSON uses: at its first `"` not escaped by
 * a backslash, or at a line break, which no JSON string holds (so a stray quote hides what
 * follows it to the line's end only). `escaped` carries a backslash over a chunk's end.
 */
export class JsonString {
  escaped = false;

  /** Inside a string at `from`: the offset of the quote or line break that ends it, or the text's length. */
  end(text: string, from: number): number {
    let escaped = this.escaped;
    let i = from;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (escaped) escaped = false;
      else if (c === BACKSLASH) escaped = true;
      else if (c === QUOTE || c === NEWLINE) break;
    }
    this.escaped = escaped;
    return i;
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS = { true: true, false: false, null: null } as const;
const LITERAL = /true|false|null/y;

/** The number, literal or string at `i`, or what is wrong there (in a `prefix`, a word cut short is its end). */
export function readScalar(
  text: string,
  i: number,
  prefix: boolean,
): { value: JsonValue; end: number } | JsonSyntaxError {
  if (text[i] === '"') return readString(text, i, prefix);
  for (const pattern of [NUMBER, LITERAL]) {
    pattern.lastIndex = i;
    const match = pattern.exec(text);
    const cut = prefix && pattern === NUMBER && pattern.lastIndex === text.length; // more digits may follow
    if (match !== null && !cut && !/[\w.+-]/.test(text[pattern.lastIndex] ?? "")) {
      const value = pattern === NUMBER ? Number(match[0]) : LITERALS[match[0] as keyof typeof LITERALS];
      return { value, end: pattern.lastIndex };
    }
  }
  const word = /^[\w.+-]+/.exec(text.slice(i, i + 40))?.[0];
  if (word !== undefined)
    return {
      offset: prefix && i + word.length === text.length ? text.length : i,
      message:
        `"${word}" is not a JSON value (strings take double quotes; numbers have no leading zeros, leading ` +
        `"+" or trailing ".")`,
    };
  return { offset: i, message: `expected a value, found ${describe(text[i])}` };
}

const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

/**
 * The string whose opening quote is at `start`, read, with the offset after its closing quote; in
 * a `prefix`, a string the text ends in is read as far as it goes (an escape cut short left out).
 */
export function readString(
  text: string,
  start: number,
  prefix: boolean,
): { value: string; end: number } | JsonSyntaxError {
  const end = new JsonString().end(text, start + 1);
  let value = text.slice(start + 1, end);
  if (/[\x00-\x1f\\]/.test(value)) {
    value = "";
    for (let i = start + 1; i < end; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x20)
        return {
          offset: i,
          message: "a string holds a raw control character or line break (write it escaped, e.g. \\n)",
        };
      if (code !== BACKSLASH) {
        value += text[i];
        continue;
      }
      const escape = text[i + 1] ?? "";
      if (escape === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
        value += String.fromCharCode(Number.parseInt(text.slice(i + 2, i + 6), 16));
        i += 5;
      } else if (Object.hasOwn(ESCAPES, escape)) {
        value += ESCAPES[escape];
        i++;
      } else if (prefix && /^(?:u[0-9a-fA-F]{0,3})?$/.test(text.slice(i + 1))) break;
      else
        return {
          offset: i,
          message: 'a string holds an invalid escape (JSON knows \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX)',
        };
    }
  }
  if (text.charCodeAt(end) === NEWLINE)
    return {
      offset: end,
      message: "a string holds a raw control character or line break (write it escaped, e.g. \\n)",
    };
  if (end >= text.length)
    return prefix
      ? { value, end }
      : { offset: start, message: "a string is not closed (its closing double quote is missing)" };
  return { value, end: end + 1 };
}

export const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

export function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

export function describe(char: string | undefined): string {
  if (char === undefined) return "the end of the text";
  return /[\x21-\x7e]/.test(char)
    ? `"${char}"`
    : `U+${char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0")}`;
}
