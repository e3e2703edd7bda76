import type { FormModel, FormResponse, Issue, PathSegment, Result } from "../../model/index.js";
import {
  emptyRecord,
  failure,
  fieldsById,
  problem,
  success,
  validateAnswers,
  warning,
  quoted,
  named,
  describedValue,
} from "../../model/index.js";
import { isRecord } from "./keywords.js";
import { type SchemaLayer, titled } from "./layer.js";

type AnswerValue = string | number | boolean | string[];

/** What an elicitation result carries: a refusal, or accepted content keyed by field. */
export type ElicitResult =
  | { action: "accept"; content: Record<string, AnswerValue> }
  | { action: "decline" | "cancel" };

/** A protocol's own answer rules beyond the model's (native: resource URI keywords, number sets). */
export type ExtraAnswerCheck = (
  form: FormModel,
  answers: Readonly<Record<string, unknown>>,
  at: PathSegment[],
) => Issue[];

/**
 * Reads an elicitation result (`{ action, content? }`, or the JSON-RPC response carrying it
 * in `result`) against the form it answers. Accepted content is checked with the model's
 * answer rules (and the protocol's `extra` ones); any problem is `invalid_response` listing
 * all of them, and no answer is applied. Content sent with a refusal is ignored, with a warning.
 * A `standard` result (mcp) is read as the MCP SDKs let it through (docs/mcp.md, decision 11):
 * a key the form does not declare is dropped and a value repeated in a multi-select is read
 * once, each with a warning; neither is ever an answer.
 */
export function readElicitResult(
  input: unknown,
  form: FormModel,
  layer: SchemaLayer,
  extra?: ExtraAnswerCheck,
  standard = false,
): Result<FormResponse> {
  let result = input;
  let at: PathSegment[] = [];
  if (isRecord(input) && Object.hasOwn(input, "result") && !Object.hasOwn(input, "action")) {
    result = input.result;
    at = ["result"];
  }
  if (!isRecord(result))
    return failure("invalid_response", [
      problem(
        "invalid_type",
        at,
        `The input must be a result { action: "accept", content } or { action: "decline" | "cancel" }.`,
      ),
    ]);
  const issues: Issue[] = [];
  const warnings: Issue[] = [];
  for (const key of Object.keys(result)) {
    if (key !== "action" && key !== "content" && key !== "_meta")
      issues.push(
        problem("unknown_key", [...at, key], `The key ${named(key)} is not part of ${titled(layer)} result.`),
      );
  }
  const { action, content } = result;
  if (action === "decline" || action === "cancel") {
    // Only accepted content supplies answers: anything sent with a refusal is ignored.
    if (content !== undefined && content !== null)
      warnings.push(
        warning("ignored", [...at, "content"], `The \`content\` comes with "${action}", so it is not applied.`),
      );
    return issues.length > 0 ? failure("invalid_response", issues) : success({ action }, warnings);
  }
  if (action !== "accept") {
    issues.push(
      problem(
        "invalid_value",
        [...at, "action"],
        action === undefined
          ? 'The result has no `action`: it must be "accept", "decline" or "cancel".'
          : `The \`action\` must be "accept", "decline" or "cancel", not ` +
              `${typeof action === "string" ? quoted(action) : describedValue(action)}.`,
      ),
    );
    return failure("invalid_response", issues);
  }
  return readAnswerContent(content, form, [...at, "content"], issues, warnings, extra, standard);
}

/**
 * Reads accepted answers keyed by field (an elicitation result's `content`, an AG-UI resume
 * entry's `payload`; absent is none) at `at`: checked with the model's answer rules (and the
 * protocol's `extra` ones); any problem, with those already in `issues`, is
 * `invalid_response` listing all of them, and no answer is applied. `standard`: as
 * `readElicitResult` says.
 */
export function readAnswerContent(
  content: unknown,
  form: FormModel,
  at: PathSegment[],
  issues: Issue[],
  warnings: Issue[],
  extra?: ExtraAnswerCheck,
  standard = false,
): Result<FormResponse> {
  if (content !== undefined && !isRecord(content)) {
    issues.push(problem("invalid_type", at, "The answers must be an object keyed by question id."));
    return failure("invalid_response", issues);
  }
  const answers = copyAnswers(content ?? {});
  const kept = standard ? readAsStandard(form, answers, at, warnings) : undefined;
  // One by one: spreading a list of 100,000 problems into push() overflows the stack.
  for (const issue of [...validateAnswers(form, answers, at), ...(extra?.(form, answers, at) ?? [])])
    issues.push(kept === undefined ? issue : atWireIndex(issue, at.length, kept));
  if (issues.length > 0)
    return failure(
      "invalid_response",
      issues,
      `The host's answers are invalid and none was applied: ${issues.length} ` +
        `problem${issues.length === 1 ? "" : "s"} found.`,
    );
  return success({ action: "accept", answers }, warnings);
}

/**
 * Drops the keys no field declares and reads a repeated selection once, in place, with a
 * warning each: the standard schema has no `additionalProperties: false` and no
 * `uniqueItems`, so the Go, TypeScript and Python SDKs pass such content on. Returns, for
 * each list read with fewer items, the wire index of every item kept.
 */
function readAsStandard(
  form: FormModel,
  answers: Record<string, AnswerValue>,
  at: PathSegment[],
  warnings: Issue[],
): Map<string, number[]> {
  const kept = new Map<string, number[]>();
  const fields = fieldsById(form);
  for (const key of Object.keys(answers)) {
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (field === undefined) {
      delete answers[key];
      warnings.push(
        warning(
          "unknown_field",
          [...at, key],
          `The result answers ${quoted(key)}, which is not a question of the form, so it is dropped and not ` +
            `read as an ` +
            `answer.`,
        ),
      );
      continue;
    }
    const value = answers[key];
    if (!Array.isArray(value) || !("multiple" in field) || !field.multiple) continue;
    const seen = new Set<unknown>();
    const once: string[] = [];
    const indexes: number[] = [];
    value.forEach((item, index) => {
      if (!seen.has(item)) {
        seen.add(item);
        indexes.push(index);
        return void once.push(item);
      }
      warnings.push(
        warning(
          "duplicate_answer",
          [...at, key, index],
          `The answer picks ${quoted(item)} more than once, so it is read once.`,
        ),
      );
    });
    if (once.length < value.length) {
      answers[key] = once;
      kept.set(key, indexes);
    }
  }
  return kept;
}

/** A problem with an item of a list read once, at the item's index in the host's content. */
function atWireIndex(issue: Issue, depth: number, kept: Map<string, number[]>): Issue {
  const [key, index] = issue.path.slice(depth);
  const indexes = typeof key === "string" ? kept.get(key) : undefined;
  if (indexes === undefined || typeof index !== "number") return issue;
  const path = [...issue.path];
  path[depth + 1] = indexes[index] as number;
  return { ...issue, path };
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

/** Writes a model response as an elicitation result, after checking it against the form. */
export function writeElicitResult(
  response: FormResponse,
  form: FormModel,
  extra?: ExtraAnswerCheck,
): Result<ElicitResult> {
  if (response.action !== "accept") return success({ action: response.action });
  const issues = [
    ...validateAnswers(form, response.answers, ["answers"]),
    ...(extra?.(form, response.answers, ["answers"]) ?? []),
  ];
  if (issues.length > 0) return failure("invalid_response", issues);
  const content = emptyRecord<AnswerValue>();
  for (const [key, value] of Object.entries(response.answers)) content[key] = structuredClone(value);
  return success({ action: "accept", content });
}
