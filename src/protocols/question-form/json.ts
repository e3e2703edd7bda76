/**
 * A small JSON parser that remembers where every value starts, so a problem in a form
 * body can be reported at its line and column in the message. Objects are created
 * without a prototype, so keys such as `__proto__` stay plain keys.
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Offsets (into the parsed text) of each container's members, by key or index. */
export type JsonPositions = WeakMap<object, Map<string | number, number>>;

export type JsonParse =
  | { ok: true; value: JsonValue; positions: JsonPositions; duplicates: { offset: number; key: string }[] }
  | { ok: false; message: string; offset: number };

export const MAX_JSON_DEPTH = 200;

class JsonError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

export function parseJson(text: string): JsonParse {
  const positions: JsonPositions = new WeakMap();
  const duplicates: { offset: number; key: string }[] = [];
  let i = 0;

  const fail = (message: string, at = i): never => {
    throw new JsonError(message, at);
  };
  const skipSpace = (): void => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
  };
  const describeAt = (at: number): string =>
    at >= text.length ? "the end of the body" : `${JSON.stringify(text[at])}`;

  const parseString = (): string => {
    const start = i;
    i++; // opening quote
    let out = "";
    let runStart = i;
    while (true) {
      if (i >= text.length) fail("unterminated string", start);
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        out += text.slice(runStart, i);
        i++;
        return out;
      }
      if (c < 0x20) fail(c === 0x0a ? "line break inside a string (write \\n)" : "control character inside a string");
      if (c === 0x5c) {
        out += text.slice(runStart, i);
        const e = text[i + 1];
        const simple: Record<string, string> = {
          '"': '"',
          "\\": "\\",
          "/": "/",
          b: "\b",
          f: "\f",
          n: "\n",
          r: "\r",
          t: "\t",
        };
        if (e !== undefined && Object.hasOwn(simple, e)) {
          out += simple[e];
          i += 2;
        } else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else fail("invalid escape in a string");
        runStart = i;
        continue;
      }
      i++;
    }
  };

  const parseNumber = (): number => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (match === null) fail(`unexpected ${describeAt(i)}`);
    i += (match as RegExpExecArray)[0].length;
    return Number((match as RegExpExecArray)[0]);
  };

  const parseValue = (depth: number): JsonValue => {
    if (depth > MAX_JSON_DEPTH) fail("nested too deeply");
    skipSpace();
    const c = text[i];
    if (c === "{") return parseObject(depth);
    if (c === "[") return parseArray(depth);
    if (c === '"') return parseString();
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) return parseNumber();
    for (const [word, value] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return value;
      }
    }
    return fail(i >= text.length ? "unexpected end of the body" : `unexpected ${describeAt(i)}`);
  };

  const parseObject = (depth: number): JsonValue => {
    const object = Object.create(null) as { [key: string]: JsonValue };
    const where = new Map<string | number, number>();
    positions.set(object, where);
    i++;
    skipSpace();
    if (text[i] === "}") {
      i++;
      return object;
    }
    while (true) {
      skipSpace();
      if (text[i] !== '"') fail(`expected a property name in double quotes, found ${describeAt(i)}`);
      const keyAt = i;
      const key = parseString();
      skipSpace();
      if (text[i] !== ":") fail(`expected ':' after the property name, found ${describeAt(i)}`);
      i++;
      skipSpace();
      if (Object.hasOwn(object, key)) duplicates.push({ offset: keyAt, key });
      where.set(key, i);
      object[key] = parseValue(depth + 1);
      skipSpace();
      if (text[i] === ",") {
        i++;
        continue;
      }
      if (text[i] === "}") {
        i++;
        return object;
      }
      fail(`expected ',' or '}' after a property value, found ${describeAt(i)}`);
    }
  };

  const parseArray = (depth: number): JsonValue => {
    const array: JsonValue[] = [];
    const where = new Map<string | number, number>();
    positions.set(array, where);
    i++;
    skipSpace();
    if (text[i] === "]") {
      i++;
      return array;
    }
    while (true) {
      skipSpace();
      where.set(array.length, i);
      array.push(parseValue(depth + 1));
      skipSpace();
      if (text[i] === ",") {
        i++;
        continue;
      }
      if (text[i] === "]") {
        i++;
        return array;
      }
      fail(`expected ',' or ']' after an array item, found ${describeAt(i)}`);
    }
  };

  try {
    const value = parseValue(0);
    skipSpace();
    if (i < text.length) fail(`unexpected ${describeAt(i)} after the JSON value`);
    return { ok: true, value, positions, duplicates };
  } catch (error) {
    if (error instanceof JsonError) return { ok: false, message: error.message, offset: error.offset };
    throw error;
  }
}

/** Offset of the value at `path`, or of its closest parent that exists. */
export function offsetOf(
  root: JsonValue,
  positions: JsonPositions,
  path: readonly (string | number)[],
  rootOffset: number,
): number {
  let offset = rootOffset;
  let node: JsonValue | undefined = root;
  for (const key of path) {
    if (node === null || typeof node !== "object") break;
    const at = positions.get(node)?.get(key);
    if (at === undefined) break;
    offset = at;
    node = Array.isArray(node) ? node[key as number] : (node as { [k: string]: JsonValue })[key as string];
  }
  return offset;
}
