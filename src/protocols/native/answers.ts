import type { Field, FormModel, FormResponse, Issue, Result } from "../../model/index.js";
import { fieldsById, matchesPattern, problem, quoted } from "../../model/index.js";
import { fitsMaxLength, meetsMinLength } from "../../text/text-length.js";
import type { NativeResult } from "../../../generated/native-result.js";
import { readElicitResult, writeElicitResult } from "../json-schema/answers.js";
import { fieldExtension } from "./extensions.js";
import { openaiLayer } from "./layer.js";

/**
 * Reads a native result (`{ action, content? }`, or the JSON-RPC response carrying it in
 * `result`) against the form it answers: the model's answer rules plus the native keywords
 * the model has no place for (docs/native.md, decision 9).
 */
export function readNativeAnswers(input: unknown, form: FormModel): Result<FormResponse> {
  return readElicitResult(input, form, openaiLayer, checkNativeKeywords);
}

/** Writes a model response as the native result, after checking it against the form. */
export function writeNativeAnswers(response: FormResponse, form: FormModel): Result<NativeResult> {
  return writeElicitResult(response, form, checkNativeKeywords);
}

/**
 * A resource field's own `minLength` / `maxLength` / `pattern` (kept in `extensions.native.uri`)
 * apply to each submitted URI; a number field's `enum` is the set its answer must come from
 * (compared as numbers: `1` is `1.0`).
 */
function checkNativeKeywords(form: FormModel, answers: Readonly<Record<string, unknown>>): Issue[] {
  const issues: Issue[] = [];
  if (!form.fields.some(hasNativeKeywords)) return issues;
  const fields = fieldsById(form);
  for (const [id, value] of Object.entries(answers)) {
    const field: Field | undefined = Object.hasOwn(fields, id) ? fields[id] : undefined;
    if (field === undefined) continue;
    const ext = fieldExtension(field);
    if (
      field.kind === "number" &&
      ext.numberEnum !== undefined &&
      typeof value === "number" &&
      !ext.numberEnum.includes(value)
    ) {
      issues.push(
        problem(
          "not_an_option",
          [id],
          `The answer ${value} is not one of the offered values (${ext.numberEnum.join(", ")}).`,
        ),
      );
    }
    const rules = ext.uri;
    if ((field.kind !== "resource" && field.kind !== "file") || rules === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    values.forEach((uri: unknown, index) => {
      if (typeof uri !== "string") return;
      const path = Array.isArray(value) ? [id, index] : [id];
      if (rules.minLength !== undefined && !meetsMinLength(uri, rules.minLength))
        issues.push(
          problem("too_short", path, `The URI ${quoted(uri)} must have at least ${rules.minLength} characters.`),
        );
      if (rules.maxLength !== undefined && !fitsMaxLength(uri, rules.maxLength))
        issues.push(
          problem("too_long", path, `The URI ${quoted(uri)} must have at most ${rules.maxLength} characters.`),
        );
      if (rules.pattern !== undefined && !matchesPattern(rules.pattern, uri))
        issues.push(
          problem(
            "pattern_mismatch",
            path,
            `The URI ${quoted(uri)} does not match the pattern ${quoted(rules.pattern)}.`,
          ),
        );
    });
  }
  return issues;
}

/** Only fields read from a native form can carry native answer keywords; most forms have none. */
function hasNativeKeywords(field: Field): boolean {
  if (field.extensions?.native === undefined) return false;
  const ext = fieldExtension(field);
  return ext.uri !== undefined || ext.numberEnum !== undefined;
}
