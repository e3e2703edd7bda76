import * as v from "valibot";
import { type Result, failure, jsonValueProblem, problem, success } from "../../model/index.js";
import type { DataToolInput } from "../../../generated/data-tool-input.js";
import { fromValibot } from "../valibot-issues.js";
import { DATA_TOOL_INPUT } from "./schema.js";

/** The adapter's limit on serialized arguments: 1 MiB, measured as JSON string length. */
export const MAX_ARGUMENTS_LENGTH = 1024 * 1024;

/**
 * Checks a Data tool input against the whole contract. Invalid input is the
 * `invalid_arguments` failure listing every problem found; it never throws.
 */
export function validateDataInput(input: unknown): Result<DataToolInput> {
  // Before serializing: a value thousands of levels deep would overflow the stack there.
  const notJson = jsonValueProblem(input);
  if (notJson !== undefined) return failure("invalid_arguments", [notJson]);
  // Serializing costs as much as all the other checks: it is needed only when a generous
  // estimate of the length does not already prove the input small enough.
  if (serializedLengthBound(input) > MAX_ARGUMENTS_LENGTH) {
    const size = serializedLength(input);
    if (size === undefined) {
      return failure("invalid_arguments", [problem("not_json", [], "is not a JSON value (it cannot be serialized)")]);
    }
    if (size > MAX_ARGUMENTS_LENGTH) {
      return failure("invalid_arguments", [
        problem("too_large", [], `serialize to ${size.toLocaleString("en")} characters of JSON; the limit is ${MAX_ARGUMENTS_LENGTH.toLocaleString("en")} (1 MiB)`),
      ]);
    }
  }
  const parsed = v.safeParse(DATA_TOOL_INPUT, input, { abortEarly: false });
  if (!parsed.success) {
    const issues = fromValibot(parsed.issues);
    return failure("invalid_arguments", issues, `The form arguments are invalid: ${issues.length} problem${issues.length === 1 ? "" : "s"} found.`);
  }
  return success(parsed.output as DataToolInput);
}

/**
 * At least the length of `JSON.stringify(value)` for a value `jsonValueProblem` accepts:
 * every character of a string or key counted as a six-character escape, every number as
 * 32 characters (JavaScript writes none longer than 25). Infinite for what serializes otherwise (undefined,
 * an object with `toJSON`), so that the exact length is measured.
 */
function serializedLengthBound(value: unknown): number {
  if (typeof value === "string") return 6 * value.length + 2;
  if (typeof value === "number") return 32;
  if (typeof value === "boolean" || value === null) return 5;
  if (typeof value !== "object" || typeof (value as { toJSON?: unknown }).toJSON === "function") return Infinity;
  let total = 2;
  if (Array.isArray(value)) {
    for (const item of value) total += serializedLengthBound(item) + 1;
    return total;
  }
  for (const key of Object.keys(value)) total += 6 * key.length + 4 + serializedLengthBound((value as Record<string, unknown>)[key]);
  return total;
}

function serializedLength(input: unknown): number | undefined {
  try {
    return JSON.stringify(input)?.length;
  } catch {
    return undefined;
  }
}
