import * as v from "valibot";
import type { DataToolErrorCode, DataToolResult } from "../../../generated/data-tool-result.js";
import {
  type AnswerValue,
  type Field,
  type FormModel,
  type FormResponse,
  type Result,
  emptyRecord,
  failure,
  problem,
  success,
  validateAnswers,
  quoted,
} from "../../model/index.js";
import { type Layout, Report } from "../report/index.js";
import { BOOLEAN_OPTIONS, dataOptionIds } from "./write-form.js";
import { dataIds } from "./ids.js";

const ACCEPTED = v.strictObject({
  action: v.literal("accept"),
  content: v.pipe(
    v.custom<unknown>((value) => !Array.isArray(value), "must be an object keyed by question id, got an array"),
    v.record(v.string(), v.union([v.string(), v.array(v.string())], "must be a string or an array of strings")),
  ),
});

/** The error codes of a Data tool result, as schemas/data-tool-result.schema.json lists them. */
export const DATA_TOOL_ERROR_CODES = [
  "invalid_arguments",
  "unsupported_client",
  "invalid_response",
  "request_cancelled",
  "timeout",
  "transport_error",
] as const satisfies readonly DataToolErrorCode[];

const DATA_TOOL_RESULT = v.union(
  [
    ACCEPTED,
    v.strictObject({ action: v.picklist(["decline", "cancel"]) }),
    v.strictObject({ error: v.strictObject({ code: v.picklist(DATA_TOOL_ERROR_CODES), message: v.string() }) }),
  ],
  'The result must be {action: "accept", content}, {action: "decline"}, {action: "cancel"} or {error: {code, ' +
    "message}}.",
);

/**
 * Reads a Data tool result into the model's response for `form`. Accepted content must
 * satisfy the form; otherwise nothing is applied and the failure is `invalid_response`.
 * An error result is a failure carrying its own code: errors never become answers.
 */
export function readDataResult(input: unknown, form: FormModel): Result<FormResponse> {
  // An accept is checked as one, so each problem is reported where it is, not as "matches no result shape".
  const accepted =
    typeof input === "object" &&
    input !== null &&
    !Array.isArray(input) &&
    (input as { action?: unknown }).action === "accept";
  const parsed = v.safeParse(accepted ? ACCEPTED : DATA_TOOL_RESULT, input, { abortEarly: false });
  const report = Report.start();
  if (!parsed.success) {
    const layout: Layout = { questions: "content", id: (_, key) => dataFieldIds(form).get(String(key)) };
    return report.valibot(parsed.issues, layout).fail("invalid_response");
  }
  const result = parsed.output;
  if ("error" in result)
    return failure(
      result.error.code,
      [problem(result.error.code, ["error"], result.error.message)],
      result.error.message,
    );
  if (result.action !== "accept") return success({ action: result.action });

  const answers = emptyRecord<AnswerValue>();
  const keys = dataIds(
    form.fields.map((field) => field.id),
    "q",
  );
  const fieldFor = new Map(form.fields.map((field, index) => [keys[index] as string, field]));
  const keyOf = new Map(form.fields.map((field, index) => [field.id, keys[index] as string]));
  // Keys are read from the input itself: valibot's record skips `__proto__`, which must be reported.
  const content = (input as { content: Record<string, string | string[]> }).content;
  for (const key of Object.keys(content)) {
    const value = content[key] as string | string[];
    const field = fieldFor.get(key);
    if (field === undefined) {
      report
        .at("content", key)
        .error("unknown_field", `The answers name ${quoted(key)}, which is not a question of the form.`);
      continue;
    }
    const read = fromDataValue(field, value, report.at("content", key).question(field.id));
    if (read !== undefined) answers[field.id] = read;
  }
  // Problems are located at the answer's Data key, which may differ from the model's field id.
  report.at("content").answers(validateAnswers(form, answers), form, (id) => keyOf.get(id) as string);
  if (!report.ok)
    return report.fail("invalid_response", "The submitted answers do not satisfy the form; none were applied.");
  return success({ action: "accept", answers });
}

/** The model's question ids by the Data keys their answers are written at. */
function dataFieldIds(form: FormModel): Map<string, string> {
  const keys = dataIds(
    form.fields.map((field) => field.id),
    "q",
  );
  return new Map(form.fields.map((field, index) => [keys[index] as string, field.id]));
}

/** Writes the model's response for `form` as the Data tool result. */
export function writeDataResult(response: FormResponse, form: FormModel): Result<DataToolResult> {
  if (response.action !== "accept") return success({ action: response.action });
  const report = Report.start(["answers"]);
  report.answers(validateAnswers(form, response.answers), form);
  if (!report.ok) return report.fail("invalid_response", "The answers do not satisfy the form; none were written.");
  const ids = dataIds(
    form.fields.map((field) => field.id),
    "q",
  );
  const content = emptyRecord<string | string[]>();
  form.fields.forEach((field, index) => {
    if (!Object.hasOwn(response.answers, field.id)) return;
    content[ids[index] as string] = toDataValue(field, response.answers[field.id] as AnswerValue);
  });
  return success({ action: "accept", content });
}

/** Data carries every answer as text; the model's field says what type it really is. */
function fromDataValue(field: Field, value: string | string[], report: Report): AnswerValue | undefined {
  switch (field.kind) {
    case "number": {
      // Data lets optional text be empty: an empty number question is an unanswered one.
      if (value === "") return undefined;
      const number = typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
      if (Number.isFinite(number)) return number;
      report.error("invalid_type", `The answer must be a number written as text, not ${quoted(value)}.`);
      return undefined;
    }
    case "boolean":
      if (value === BOOLEAN_OPTIONS.yes) return true;
      if (value === BOOLEAN_OPTIONS.no) return false;
      report.error(
        "not_an_option",
        `The answer must be "${BOOLEAN_OPTIONS.yes}" or "${BOOLEAN_OPTIONS.no}", not ${quoted(value)}.`,
      );
      return undefined;
    case "choice": {
      const ids = dataOptionIds(field);
      const toValue = (id: string) => field.options[ids.indexOf(id)]?.value ?? id;
      return Array.isArray(value) ? value.map(toValue) : toValue(value);
    }
    case "file":
      // A single file is a Data `files` question limited to one: its answer is a list of at most one URI.
      if (field.multiple || !Array.isArray(value)) return value;
      if (value.length > 1) report.error("too_big", `The answer must hold at most one file, not ${value.length}.`);
      return value.length === 1 ? value[0] : undefined;
    default:
      return value;
  }
}

function toDataValue(field: Field, value: AnswerValue): string | string[] {
  if (field.kind === "boolean") return value === true ? BOOLEAN_OPTIONS.yes : BOOLEAN_OPTIONS.no;
  if (field.kind === "choice") {
    const ids = dataOptionIds(field);
    const toId = (item: string) => ids[field.options.findIndex((option) => option.value === item)] ?? item;
    return Array.isArray(value) ? value.map(toId) : toId(String(value));
  }
  if (field.kind === "file" && !field.multiple) return [String(value)];
  return Array.isArray(value) ? value : String(value);
}
