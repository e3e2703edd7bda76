import { type Issue, type PathSegment, pathSubject, problem } from "./issue.js";
import { setOwn } from "./record.js";

/**
 * How deep a JSON value a caller passes in may nest (Data, native and mcp inputs, results).
 * Forms need about ten levels; copying or serializing a value thousands of levels deep
 * overflows the stack, at a depth that depends on how much stack the caller left, so the
 * limit is explicit.
 */
export const MAX_VALUE_DEPTH = 64;

/**
 * How deep JSON text formgate parses itself, keeping positions, may nest (`<question-form>`
 * bodies): that parser recurses once per level, and a body is text a model wrote, so the
 * bound is generous but explicit.
 */
export const MAX_PARSED_JSON_DEPTH = 200;

/**
 * Checks that `value` is a JSON value formgate can walk, copy and serialize: nested at most
 * `maxDepth` levels, without cycles, functions, symbols or bigints (what JSON.parse never
 * makes, but a library caller can pass). Returns the first problem found, or undefined.
 */
export function jsonValueProblem(value: unknown, maxDepth = MAX_VALUE_DEPTH): Issue | undefined {
  return inspectJson(value, maxDepth).problem;
}

/**
 * `jsonValueProblem`, and for a value without one, a bound that is at least the length of
 * `JSON.stringify(value)`, from the same walk: every character of a string or key counted as
 * a six-character escape, every number as 32 characters (JavaScript writes none longer than
 * 25). Infinite when the value holds what serializes otherwise (undefined, `toJSON`), so that
 * a caller with a size limit measures the exact length then.
 */
export function inspectJson(
  value: unknown,
  maxDepth = MAX_VALUE_DEPTH,
): { problem: Issue } | { problem: undefined; serializedLengthBound: number } {
  // Remembering ancestors costs an identity hash on every object of a fresh input. A cycle
  // always ends too deep, so only a value found too deep is walked again to tell which.
  const found = walkJson(value, maxDepth, undefined);
  if (found.problem?.code === "too_deep") return walkJson(value, maxDepth, new Set());
  return found;
}

function walkJson(
  value: unknown,
  maxDepth: number,
  ancestors: Set<object> | undefined,
): ReturnType<typeof inspectJson> {
  // One path, extended and shortened as the walk goes: copied only into a problem.
  const path: PathSegment[] = [];
  let bound = 0;
  const visitChild = (child: unknown, key: PathSegment, depth: number): Issue | undefined => {
    // Strings, numbers, booleans and null need no visit (most of a form).
    if (typeof child === "string") bound += 6 * child.length + 2;
    else if (typeof child === "number") bound += 32;
    else if (child === null || typeof child === "boolean") bound += 5;
    else if (child === undefined) bound = Infinity;
    else {
      path.push(key);
      const found = visit(child, depth + 1);
      path.pop();
      return found;
    }
    return undefined;
  };
  const visit = (item: unknown, depth: number): Issue | undefined => {
    if (typeof item === "function" || typeof item === "symbol" || typeof item === "bigint") {
      return problem("not_json", [...path], `${pathSubject(path)} is a ${typeof item}, which is not a JSON value.`);
    }
    if (item === null || typeof item !== "object") return undefined;
    if (depth >= maxDepth) return problem("too_deep", [], `The input is nested more than ${maxDepth} levels deep.`);
    if (ancestors?.has(item))
      return problem(
        "not_json",
        [...path],
        `${pathSubject(path)} contains itself (a cycle), which is not a JSON value.`,
      );
    ancestors?.add(item);
    bound += typeof (item as { toJSON?: unknown }).toJSON === "function" ? Infinity : 2;
    if (Array.isArray(item)) {
      for (let index = 0; index < item.length; index++) {
        bound += 1;
        const found = visitChild(item[index], index, depth);
        if (found !== undefined) return found;
      }
    } else {
      for (const key of Object.keys(item)) {
        bound += 6 * key.length + 4;
        const found = visitChild((item as Record<string, unknown>)[key], key, depth);
        if (found !== undefined) return found;
      }
    }
    ancestors?.delete(item);
    return undefined;
  };
  try {
    // visitChild counts a plain root toward the bound (it never extends the path for one).
    const plain = value === null || value === undefined || ["string", "number", "boolean"].includes(typeof value);
    const found = plain ? visitChild(value, "", -1) : visit(value, 0);
    return found === undefined ? { problem: undefined, serializedLengthBound: bound } : { problem: found };
  } catch {
    // A getter or proxy that throws: nothing formgate can read.
    return { problem: problem("not_json", [], "The input cannot be read as a JSON value.") };
  }
}

/**
 * A deep copy of a JSON value that shares its strings, which cannot change (unlike
 * `structuredClone`, which copies every character of a data-URI thumbnail). Keys stay own
 * properties, `__proto__` too.
 */
export function copyJson<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(copyJson) as T;
  return copyJsonWithout(value as T & object);
}

/**
 * `copyJson` of an object without the `omitted` keys: what `const { a, ...rest } = value`
 * then `copyJson(rest)` gives, in one pass (object rest is slow on hot paths).
 */
export function copyJsonWithout<T extends object, K extends keyof T & string = never>(
  value: T,
  ...omitted: K[]
): Omit<T, K> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if ((omitted as string[]).includes(key)) continue;
    const item = copyJson((value as Record<string, unknown>)[key]);
    if (key === "__proto__") setOwn(out, key, item);
    else out[key] = item;
  }
  return out as Omit<T, K>;
}
