import { type Result, failure, problem, success } from "../model/index.js";

/**
 * Parses JSON text; a syntax error is an `invalid_json` failure located by line and column
 * (1-based, UTF-16 code units, as every located issue is) and worded by formgate, not by the
 * JavaScript engine (whose messages differ between versions and may quote the input).
 * A leading byte-order mark is skipped, as editors do.
 */
export function parseJsonText(text: string): Result<unknown> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return success(JSON.parse(body));
  } catch {
    const found = findJsonSyntaxError(body) ?? { offset: 0, message: "is not valid JSON" };
    const issue = { ...problem("invalid_json", [], found.message), ...lineAndColumn(body, found.offset) };
    return failure(
      "invalid_json",
      [issue],
      `not valid JSON at line ${issue.line}, column ${issue.column}: ${found.message}`,
    );
  }
}

/** Where a JSON text first breaks the grammar, and how; undefined when it is valid JSON. */
export function findJsonSyntaxError(text: string): { offset: number; message: string } | undefined {
  // Closers of the open arrays and objects, innermost last: an explicit stack, so a deeply
  // nested input cannot overflow the call stack.
  const open: ("]" | "}")[] = [];
  let expect: "value" | "first value" | "key" | "first key" | "after" = "value";
  let i = 0;
  for (;;) {
    i = skipSpace(text, i);
    const char = text[i];
    const at = (message: string) => ({ offset: i, message });
    if (expect === "value" || expect === "first value") {
      if (char === "]" && expect === "first value") {
        open.pop();
        i++;
        expect = "after";
      } else if (char === "{" || char === "[") {
        open.push(char === "{" ? "}" : "]");
        i++;
        expect = char === "{" ? "first key" : "first value";
      } else {
        if (char === undefined) return at("the text ends where a value should be");
        if (char === "]" || char === "}") return at(`expected a value, found "${char}" (a comma before it?)`);
        const end = scanScalar(text, i);
        if (typeof end !== "number") return end;
        i = end;
        expect = "after";
      }
    } else if (expect === "key" || expect === "first key") {
      if (char === "}" && expect === "first key") {
        open.pop();
        i++;
        expect = "after";
        continue;
      }
      if (char === undefined) return at("the text ends where a property name should be");
      if (char !== '"')
        return at(
          char === "}"
            ? 'expected a property name, found "}" (a comma before it?)'
            : `expected a property name in double quotes, found ${describe(char)}`,
        );
      const end = scanString(text, i);
      if (typeof end !== "number") return end;
      i = skipSpace(text, end);
      if (text[i] !== ":")
        return { offset: i, message: `expected ":" after the property name, found ${describe(text[i])}` };
      i++;
      expect = "value";
    } else {
      const closer = open.at(-1);
      if (closer === undefined)
        return char === undefined ? undefined : at(`unexpected ${describe(char)} after the JSON value`);
      if (char === ",") {
        i++;
        expect = closer === "}" ? "key" : "value";
      } else if (char === closer) {
        open.pop();
        i++;
      } else
        return at(
          char === undefined
            ? `the text ends before the closing "${closer}"`
            : `expected "," or "${closer}", found ${describe(char)}`,
        );
    }
  }
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++;
  return i;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;

/** The end of the number, literal or string at `i`, or what is wrong there. */
function scanScalar(text: string, i: number): number | { offset: number; message: string } {
  if (text[i] === '"') return scanString(text, i);
  for (const pattern of [NUMBER, LITERAL]) {
    pattern.lastIndex = i;
    if (pattern.test(text) && !/[\w.+-]/.test(text[pattern.lastIndex] ?? "")) return pattern.lastIndex;
  }
  const word = /^[\w.+-]+/.exec(text.slice(i, i + 40))?.[0];
  if (word !== undefined)
    return {
      offset: i,
      message:
        `"${word}" is not a JSON value (strings take double quotes; numbers have no leading zeros, leading ` +
        `"+" or trailing ".")`,
    };
  return { offset: i, message: `expected a value, found ${describe(text[i])}` };
}

/** The end of the string starting at `i` (after its closing quote), or what is wrong in it. */
function scanString(text: string, start: number): number | { offset: number; message: string } {
  for (let i = start + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) return i + 1;
    if (code < 0x20)
      return {
        offset: i,
        message: "a string holds a raw control character or line break (write it escaped, e.g. \\n)",
      };
    if (code === 0x5c) {
      const escape = text[i + 1];
      if (escape === "u" ? !/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)) : !'"\\/bfnrt'.includes(escape ?? "x")) {
        return {
          offset: i,
          message: 'a string holds an invalid escape (JSON knows \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX)',
        };
      }
      i += escape === "u" ? 5 : 1;
    }
  }
  return { offset: start, message: "a string is not closed (its closing double quote is missing)" };
}

function describe(char: string | undefined): string {
  if (char === undefined) return "the end of the text";
  return /[\x21-\x7e]/.test(char)
    ? `"${char}"`
    : `U+${char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** The 1-based line and column of a UTF-16 offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
