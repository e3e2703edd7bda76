import type { Field, FormModel, FormResponse, Issue, PathSegment, Result } from "../../model/index.js";
import { emptyRecord, failure, fieldsById, fitsMaxLength, matchesPattern, meetsMinLength, problem, success, validateAnswers, warning } from "../../model/index.js";
import type { NativeResult } from "../../../generated/native-result.js";
import { fieldExtension } from "./extensions.js";
import { isRecord } from "./props.js";

type AnswerValue = string | number | boolean | string[];

/**
 * Reads a native result (`{ action, content? }`, or the JSON-RPC response carrying it
 * in `result`) against the form it answers. Accepted content is checked with the model's
 * answer rules plus the string keywords only native resource fields have; any problem is
 * `invalid_response` listing all of them, and no answer is applied.
 */
export function readNativeAnswers(input: unknown, form: FormModel): Result<FormResponse> {
  let result = input;
  let at: PathSegment[] = [];
  if (isRecord(input) && Object.hasOwn(input, "result") && !Object.hasOwn(input, "action")) {
    result = input.result;
    at = ["result"];
  }
  if (!isRecord(result)) return failure("invalid_response", [problem("invalid_type", at, `must be a result { action: "accept", content } or { action: "decline" | "cancel" }`)]);
  const issues: Issue[] = [];
  const warnings: Issue[] = [];
  for (const key of Object.keys(result)) {
    if (key !== "action" && key !== "content" && key !== "_meta") issues.push(problem("unsupported_keyword", [...at, key], `is not part of a native result`));
  }
  const { action, content } = result;
  if (action === "decline" || action === "cancel") {
    // Only accepted content supplies answers: anything sent with a refusal is ignored.
    if (content !== undefined && content !== null) warnings.push(warning("ignored", [...at, "content"], `comes with "${action}" and is not applied`));
    return issues.length > 0 ? failure("invalid_response", issues) : success({ action }, warnings);
  }
  if (action !== "accept") {
    issues.push(problem("invalid_value", [...at, "action"], `must be "accept", "decline" or "cancel", got ${typeof action === "string" ? JSON.stringify(action) : action === null ? "null" : typeof action}`));
    return failure("invalid_response", issues);
  }
  const contentPath = [...at, "content"];
  if (content !== undefined && !isRecord(content)) {
    issues.push(problem("invalid_type", contentPath, "must be an object keyed by field"));
    return failure("invalid_response", issues);
  }
  const answers = copyAnswers(content ?? {});
  // One by one: spreading a list of 100,000 problems into push() overflows the stack.
  for (const issue of [...validateAnswers(form, answers, contentPath), ...checkUriKeywords(form, answers, contentPath)]) issues.push(issue);
  if (issues.length > 0) return failure("invalid_response", issues, `The host's answers are invalid and none was applied: ${issues.length} problem${issues.length === 1 ? "" : "s"} found.`);
  return success({ action: "accept", answers }, warnings);
}

/**
 * The answers as the caller keeps them: a plain object of its own, with arrays copied
 * (valid answers hold nothing else that can change), so later edits of the host's
 * result cannot reach them.
 */
function copyAnswers(content: Record<string, unknown>): Record<string, AnswerValue> {
  // Spread defines every key as an own property, `__proto__` too; then arrays are copied.
  const answers = { ...content } as Record<string, AnswerValue>;
  for (const key of Object.keys(answers)) {
    const value = answers[key];
    if (Array.isArray(value)) answers[key] = value.slice();
  }
  return answers;
}

/** Writes a model response as the native result, after checking it against the form. */
export function writeNativeAnswers(response: FormResponse, form: FormModel): Result<NativeResult> {
  if (response.action !== "accept") return success({ action: response.action });
  const issues = [...validateAnswers(form, response.answers, ["answers"]), ...checkUriKeywords(form, response.answers, ["answers"])];
  if (issues.length > 0) return failure("invalid_response", issues);
  const content = emptyRecord<AnswerValue>();
  for (const [key, value] of Object.entries(response.answers)) content[key] = structuredClone(value);
  return success({ action: "accept", content });
}

/**
 * A resource field's own `minLength` / `maxLength` / `pattern` (native keywords the model
 * has no place for, kept in `extensions.native.uri`) apply to each submitted URI.
 */
function checkUriKeywords(form: FormModel, answers: Readonly<Record<string, unknown>>, at: PathSegment[]): Issue[] {
  const issues: Issue[] = [];
  if (!form.fields.some(hasUriKeywords)) return issues;
  const fields = fieldsById(form);
  for (const [id, value] of Object.entries(answers)) {
    const field: Field | undefined = Object.hasOwn(fields, id) ? fields[id] : undefined;
    if (field === undefined || (field.kind !== "resource" && field.kind !== "file")) continue;
    const rules = fieldExtension(field).uri;
    if (rules === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    values.forEach((uri: unknown, index) => {
      if (typeof uri !== "string") return;
      const path = Array.isArray(value) ? [...at, id, index] : [...at, id];
      if (rules.minLength !== undefined && !meetsMinLength(uri, rules.minLength)) issues.push(problem("too_short", path, `must have at least ${rules.minLength} characters`));
      if (rules.maxLength !== undefined && !fitsMaxLength(uri, rules.maxLength)) issues.push(problem("too_long", path, `must have at most ${rules.maxLength} characters`));
      if (rules.pattern !== undefined && !matchesPattern(rules.pattern, uri)) issues.push(problem("pattern_mismatch", path, `does not match the pattern ${rules.pattern}`));
    });
  }
  return issues;
}

/** Only fields read from a native form can carry their own URI keywords; most forms have none. */
function hasUriKeywords(field: Field): boolean {
  return (field.kind === "resource" || field.kind === "file") && field.extensions?.native !== undefined && fieldExtension(field).uri !== undefined;
}
