import * as v from "valibot";
import { type Result, failure, inspectJson, problem, success } from "../../model/index.js";
import { type Layout, Report } from "../report/index.js";
import { formatCount } from "../../text/count.js";
import type { DataToolInput } from "../../../generated/data-tool-input.js";
import { withKeyHint } from "./key-hints.js";
import { MAX_ARGUMENTS_LENGTH } from "./limits.js";
import { DATA_TOOL_INPUT } from "./schema.js";

/**
 * Checks a Data tool input against the whole contract. Invalid input is the
 * `invalid_arguments` failure listing every problem found; it never throws.
 */
export function validateDataInput(input: unknown): Result<DataToolInput> {
  // Before serializing: a value thousands of levels deep would overflow the stack there.
  const inspected = inspectJson(input);
  if (inspected.problem !== undefined) return failure("invalid_arguments", [inspected.problem]);
  // Serializing costs as much as all the other checks: it is needed only when a generous
  // estimate of the length does not already prove the input small enough.
  if (inspected.serializedLengthBound > MAX_ARGUMENTS_LENGTH) {
    const size = serializedLength(input);
    if (size === undefined) {
      return failure("invalid_arguments", [
        problem("not_json", [], "The arguments are not a JSON value (they cannot be serialized)."),
      ]);
    }
    if (size > MAX_ARGUMENTS_LENGTH) {
      return failure("invalid_arguments", [
        problem(
          "too_large",
          [],
          `The arguments serialize to ${formatCount(size)} characters of JSON; the limit is ` +
            `${formatCount(MAX_ARGUMENTS_LENGTH)} (1 MiB).`,
        ),
      ]);
    }
  }
  const parsed = v.safeParse(DATA_TOOL_INPUT, input, { abortEarly: false });
  if (!parsed.success) {
    const report = Report.start();
    report.valibot(parsed.issues, DATA_LAYOUT);
    const issues = report.errors.map((issue) => withKeyHint(issue, input));
    return failure(
      "invalid_arguments",
      issues,
      `The form arguments are invalid: ${issues.length} problem${issues.length === 1 ? "" : "s"} found.`,
    );
  }
  return success(parsed.output as DataToolInput);
}

/** Where Data arguments keep their questions and options, so valibot's issues name them. */
export const DATA_LAYOUT: Layout = {
  questions: "questions",
  id: (question) => stringAt(question, "id"),
  options: "options",
  option: (option) => stringAt(option, "id") ?? stringAt(option, "uri"),
};

function stringAt(value: unknown, key: string): string | undefined {
  const item = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return typeof item === "string" ? item : undefined;
}

function serializedLength(input: unknown): number | undefined {
  try {
    return JSON.stringify(input)?.length;
  } catch {
    return undefined;
  }
}
