import type { Result } from "../../src/model/index.js";

/**
 * What every hostile input and fuzz case is checked for besides its result: the input is
 * deep-frozen (a reader that writes to it throws), Object.prototype is the same afterwards,
 * and the call returns a Result instead of throwing. Counts are kept for the run's summary.
 */

/** Freezes `value` and everything in it, without recursion (inputs nest 10,000 levels deep). */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === null || typeof item !== "object" || seen.has(item)) continue;
    seen.add(item);
    Object.freeze(item);
    for (const key of Object.keys(item)) stack.push((item as Record<string, unknown>)[key]);
  }
  return value;
}

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort().join(",");
const PROTOTYPE_VALUES = new Map(
  Object.getOwnPropertyNames(Object.prototype).map((key) => [
    key,
    Object.getOwnPropertyDescriptor(Object.prototype, key),
  ]),
);
const PROBES = ["polluted", "isAdmin", "x", "a", "keep", "k", "toJSON", "then"];

/** Why Object.prototype changed, or undefined when it is as it was when the tests started. */
export function prototypeChange(): string | undefined {
  if (Object.getOwnPropertyNames(Object.prototype).sort().join(",") !== PROTOTYPE_KEYS)
    return "Object.prototype gained or lost a property";
  for (const [key, before] of PROTOTYPE_VALUES) {
    const now = Object.getOwnPropertyDescriptor(Object.prototype, key);
    if (before?.value !== now?.value || before?.get !== now?.get || before?.set !== now?.set)
      return `Object.prototype.${key} changed`;
  }
  const leaked = PROBES.find((key) => key in {});
  if (leaked !== undefined) return `a fresh object inherits "${leaked}"`;
  // (A fresh {} cannot get another prototype: Object.prototype's own cannot be set. Freezing it can happen.)
  if (Object.isFrozen(Object.prototype)) return "Object.prototype was frozen";
  return undefined;
}

/**
 * A formgate Result: `{ok: true, value, warnings}` or `{ok: false, error: {code, message, issues}}`, every issue with a
 * code and a path.
 */
function resultProblem(result: unknown): string | undefined {
  if (result === null || typeof result !== "object") return `returned ${String(result)}, not a Result`;
  const r = result as {
    ok?: unknown;
    warnings?: unknown;
    error?: { code?: unknown; message?: unknown; issues?: unknown };
  };
  const issues = r.ok === true ? r.warnings : r.ok === false ? r.error?.issues : undefined;
  if (r.ok === false && (typeof r.error?.code !== "string" || typeof r.error.message !== "string"))
    return "a failure without a code and a message";
  if (!Array.isArray(issues)) return "not a Result: no warnings or issues list";
  if (r.ok === false && issues.length === 0) return "a failure without any issue";
  for (const issue of issues as { code?: unknown; path?: unknown; message?: unknown }[]) {
    if (typeof issue.code !== "string" || !Array.isArray(issue.path) || typeof issue.message !== "string")
      return `an issue without code, path and message: ${JSON.stringify(issue)}`;
  }
  return undefined;
}

/**
 * Calls `call` (on a deep-frozen input) and checks it returned a Result and left Object.prototype alone; throws saying
 * what broke.
 */
export function mustReturnResult<T>(what: string, call: () => Result<T>): Result<T> {
  let result: Result<T>;
  try {
    result = call();
  } catch (error) {
    throw new Error(`${what} threw: ${error instanceof Error ? error.stack : String(error)}`);
  }
  const wrong = resultProblem(result) ?? prototypeChange();
  if (wrong !== undefined) throw new Error(`${what}: ${wrong}`);
  return result;
}

/** Counts for the one-line summary at the end of the run. */
export const tally = { hostileInputs: 0, hostileRuns: 0, fuzzCases: 0, fuzzProperties: 0, failed: 0 };

export function summaryLine(): string {
  const { hostileInputs, hostileRuns, fuzzCases, fuzzProperties, failed } = tally;
  return (
    `hardening: ${hostileInputs} hostile inputs tried (${hostileRuns} runs through readers, translate, the ` +
    `CLI and the server), ${fuzzCases} fuzz cases over ${fuzzProperties} properties; ${failed} failed`
  );
}
