import type { FormModel, PathSegment } from "../../../model/index.js";
import { emptyRecord, hiddenTextFindings } from "../../../model/index.js";
import type { JsonValue } from "../../../model/json-text.js";
import { DEFAULT_FORM_ID } from "../types.js";
import type { BlockAttributes } from "./attributes.js";
import { type BodyReport, type Json, str, strings } from "./findings.js";
import { readQuestionField } from "./question.js";
import { FORM_RULES } from "./schema.js";

/** Reads a parsed body (the form's keys and each of its questions) into the model. */
export function readParsedBody(
  report: BodyReport,
  attributes: BlockAttributes,
  value: JsonValue,
): FormModel | undefined {
  const bare = Array.isArray(value);
  if (bare)
    report.warn("bare_question_array", [], 'the body is a bare array of questions, and read as `{"questions": [...]}`');
  else if (value === null || typeof value !== "object") {
    report.error("not_an_object", [], "the body must be a JSON object with a `questions` array");
    return undefined;
  } else if (!report.check(FORM_RULES, value, [])) return undefined;
  else if (!Array.isArray(value.questions)) {
    const single = "type" in value || "label" in value || "options" in value;
    const said = single
      ? 'the body is a single question: wrap it as {"questions": [ … ]} (a renderer recognizes only the wrapped form)'
      : "the body has no `questions` array";
    report.error(single ? "bare_question" : "missing_questions", [], said);
    return undefined;
  } else report.unknownKeys(value, FORM_RULES, []);
  const top: Json = bare ? emptyRecord<JsonValue>() : (value as Json);
  const questions = (bare ? value : top.questions) as JsonValue[];
  const questionsPath: PathSegment[] = bare ? [] : ["questions"];

  const id = attributes.id ?? str(top.id);
  if (id === undefined)
    report.warn(
      "missing_form_id",
      [],
      `the form has no id, so it is read as "${DEFAULT_FORM_ID}", as the reference renderer does`,
    );
  const form: FormModel = { fields: [], id: id ?? DEFAULT_FORM_ID };
  for (const key of ["id", "title"] as const) {
    const [tag, written] = [attributes[key], top[key]];
    if (tag !== undefined && typeof written === "string" && written !== tag) {
      const said = `the body's ${key} "${written}" differs from the tag's ${key} attribute "${tag}", and the attribute wins`;
      report.warn("attribute_wins", [key], said);
    }
  }
  const title = attributes.title ?? str(top.title);
  if (title !== undefined) form.title = title;
  Object.assign(form, strings(top, ["description", "submitLabel", "lang"]));
  for (const hidden of hiddenTextFindings({ ...form, fields: [] }))
    report.warn(hidden.code, hidden.path, `${report.subject(hidden.path)} ${hidden.said}`);

  const seen = new Map<string, number>();
  const errorsBefore = report.findings.errors.length;
  questions.forEach((raw, index) => {
    const path = [...questionsPath, index];
    const field = readQuestionField(report, raw, index, path);
    if (field === undefined) return;
    const first = seen.get(field.id);
    if (first === undefined) {
      seen.set(field.id, index);
      form.fields.push(field);
    } else {
      const said = `question ${index + 1} repeats this id, of question ${first + 1}`;
      report.question(path, index, field.id).error("duplicate_question_id", [...path, "id"], said);
    }
  });
  if (form.fields.length === 0 && report.findings.errors.length === errorsBefore) {
    const skipped =
      questions.length === 0
        ? ""
        : ` (${questions.length === 1 ? "its one entry was" : `all ${questions.length} entries were`} skipped)`;
    report.error("no_questions", questionsPath, `the form has no questions${skipped}`);
  }
  return report.findings.errors.length > errorsBefore ? undefined : form;
}
