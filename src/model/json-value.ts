import { type Issue, type PathSegment, problem } from "./issue.js";

/**
 * How deep a form input may nest. Forms need about ten levels; copying or serializing a
 * value thousands of levels deep overflows the stack, at a depth that depends on how much
 * stack the caller left, so the limit is explicit and the same everywhere.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Checks that `value` is a JSON value formgate can walk, copy and serialize: nested at most
 * `maxDepth` levels, without cycles, functions, symbols or bigints (what JSON.parse never
 * makes, but a library caller can pass). Returns the first problem found, or undefined.
 */
export function jsonValueProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): Issue | undefined {
  const ancestors = new Set<object>();
  const visit = (item: unknown, path: PathSegment[], depth: number): Issue | undefined => {
    if (typeof item === "function" || typeof item === "symbol" || typeof item === "bigint") {
      return problem("not_json", path, `is a ${typeof item}, which is not a JSON value`);
    }
    if (item === null || typeof item !== "object") return undefined;
    if (depth >= maxDepth) return problem("too_deep", [], `is nested more than ${maxDepth} levels deep`);
    if (ancestors.has(item)) return problem("not_json", path, "contains itself (a cycle), which is not a JSON value");
    ancestors.add(item);
    const keys: PathSegment[] = Array.isArray(item) ? Array.from(item.keys()) : Object.keys(item);
    for (const key of keys) {
      const child: unknown = (item as Record<PathSegment, unknown>)[key];
      // Strings, numbers, booleans and null need no visit (most of a form).
      if (child === null || typeof child === "string" || typeof child === "number" || typeof child === "boolean" || child === undefined) continue;
      const found = visit(child, [...path, key], depth + 1);
      if (found !== undefined) return found;
    }
    ancestors.delete(item);
    return undefined;
  };
  try {
    return visit(value, [], 0);
  } catch {
    // A getter or proxy that throws: nothing formgate can read.
    return problem("not_json", [], "cannot be read as a JSON value");
  }
}
