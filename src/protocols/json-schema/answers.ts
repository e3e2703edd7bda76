import type { FormModel, FormResponse, Issue, Result } from "../../model/index.js";
import { describedValue, emptyRecord, fieldsById, named, quoted, success, validateAnswers } from "../../model/index.js";
import { Report } from "../report/index.js";
import { isRecord } from "./keywords.js";
import { type SchemaLayer, titled } from "./layer.js";

type AnswerValue = string | number | boolean | string[];

/** What an elicitation result carries: a refusal, or accepted content keyed by field. */
export type ElicitResult =
  | { action: "accept"; content: Record<string, AnswerValue> }
  | { action: "decline" | "cancel" };

/**
 * A protocol's own answer rules beyond the model's (native: resource URI keywords, number sets), each issue's path
 * starting at its question's id, as `validateAnswers` gives them.
 */
export type ExtraAnswerCheck = (form: FormModel, answers: Readonly<Record<string, unknown>>) => Issue[];

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
  let report = Report.start();
  if (isRecord(input) && Object.hasOwn(input, "result") && !Object.hasOwn(input, "action")) {
    result = input.result;
    report = report.at("result");
  }
  if (!isRecord(result)) {
    report.error(
      "invalid_type",
      `The input must be a result { action: "accept", content } or { action: "decline" | "cancel" }.`,
    );
    return report.fail("invalid_response");
  }
  for (const key of Object.keys(result)) {
    if (key !== "action" && key !== "content" && key !== "_meta")
      report.at(key).error("unknown_key", `The key ${named(key)} is not part of ${titled(layer)} result.`);
  }
  const { action, content } = result;
  if (action === "decline" || action === "cancel") {
    // Only accepted content supplies answers: anything sent with a refusal is ignored.
    if (content !== undefined && content !== null)
      report.at("content").warn("ignored", `The \`content\` comes with "${action}", so it is not applied.`);
    return report.result("invalid_response", { action });
  }
  if (action !== "accept") {
    report
      .at("action")
      .error(
        "invalid_value",
        action === undefined
          ? 'The result has no `action`: it must be "accept", "decline" or "cancel".'
          : `The \`action\` must be "accept", "decline" or "cancel", not ` +
              `${typeof action === "string" ? quoted(action) : describedValue(action)}.`,
      );
    return report.fail("invalid_response");
  }
  return readAnswerContent(content, form, report.at("content"), extra, standard);
}

/**
 * Reads accepted answers keyed by field (an elicitation result's `content`, an AG-UI resume
 * entry's `payload`; absent is none) at `report`: checked with the model's answer rules (and the
 * protocol's `extra` ones); any problem, with those already reported, is `invalid_response`
 * listing all of them, and no answer is applied. `standard`: as `readElicitResult` says.
 */
export function readAnswerContent(
  content: unknown,
  form: FormModel,
  report: Report,
  extra?: ExtraAnswerCheck,
  standard = false,
): Result<FormResponse> {
  if (content !== undefined && !isRecord(content)) {
    report.error("invalid_type", "The answers must be an object keyed by question id.");
    return report.fail("invalid_response");
  }
  const answers = copyAnswers(content ?? {});
  const kept = standard ? readAsStandard(form, answers, report) : undefined;
  const issues = [...validateAnswers(form, answers), ...(extra?.(form, answers) ?? [])];
  report.answers(kept === undefined ? issues : issues.map((issue) => atWireIndex(issue, kept)), form);
  if (!report.ok)
    return report.fail(
      "invalid_response",
      `The host's answers are invalid and none was applied: ${report.errors.length} ` +
        `problem${report.errors.length === 1 ? "" : "s"} found.`,
    );
  return report.result("invalid_response", { action: "accept", answers });
}

/**
 * Drops the keys no field declares and reads a repeated selection once, in place, with a
 * warning each: the standard schema has no `additionalProperties: false` and no
 * `uniqueItems`, so the Go, TypeScript and Python SDKs pass such content on. Returns, for
 * each list read with fewer items, the wire index of every item kept.
 */
function readAsStandard(form: FormModel, answers: Record<string, AnswerValue>, report: Report): Map<string, number[]> {
  const kept = new Map<string, number[]>();
  const fields = fieldsById(form);
  for (const key of Object.keys(answers)) {
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (field === undefined) {
      delete answers[key];
      report
        .at(key)
        .warn(
          "unknown_field",
          `The result answers ${quoted(key)}, which is not a question of the form, so it is dropped and not ` +
            `read as an answer.`,
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
      report
        .at(key, index)
        .question(key)
        .warn("duplicate_answer", `The answer picks ${quoted(item)} more than once, so it is read once.`);
    });
    if (once.length < value.length) {
      answers[key] = once;
      kept.set(key, indexes);
    }
  }
  return kept;
}

/** A problem with an item of a list read once, at the item's index in the host's content. */
function atWireIndex(issue: Issue, kept: Map<string, number[]>): Issue {
  const [key, index] = issue.path;
  const indexes = typeof key === "string" ? kept.get(key) : undefined;
  if (indexes === undefined || typeof index !== "number") return issue;
  const path = [...issue.path];
  path[1] = indexes[index] as number;
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
  const report = Report.start(["answers"]);
  report.answers([...validateAnswers(form, response.answers), ...(extra?.(form, response.answers) ?? [])], form);
  if (!report.ok) return report.fail("invalid_response");
  const content = emptyRecord<AnswerValue>();
  for (const [key, value] of Object.entries(response.answers)) content[key] = structuredClone(value);
  return success({ action: "accept", content });
}
