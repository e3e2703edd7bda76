import type { FormModel, PathSegment } from "../../../model/index.js";
import { emptyRecord, hiddenTextFindings } from "../../../model/index.js";
import type { JsonValue } from "../../../model/json-text.js";
import { DEFAULT_FORM_ID } from "../types.js";
import type { BlockAttributes } from "./attributes.js";
import { type BodyReport, type Json, str } from "./findings.js";
import { readQuestionField } from "./question.js";
import { FORM_RULES } from "./schema.js";

/** Reads a parsed body (the form's keys and each of its questions) into the model. */
export class BodyReader {
  constructor(private readonly report: BodyReport) {}

  form(attributes: BlockAttributes, value: JsonValue): FormModel | undefined {
    let top: Json;
    let questions: JsonValue[];
    let questionsPath: PathSegment[] = ["questions"];
    if (Array.isArray(value)) {
      this.report.warn(
        "bare_question_array",
        [],
        'the body is a bare array of questions, and read as `{"questions": [...]}`',
      );
      top = emptyRecord<JsonValue>();
      questions = value;
      questionsPath = [];
    } else if (value !== null && typeof value === "object") {
      top = value;
      if (!this.report.check(FORM_RULES, top, [])) return undefined;
      if (!Array.isArray(top.questions)) {
        const bare = "type" in top || "label" in top || "options" in top;
        this.report.error(
          bare ? "bare_question" : "missing_questions",
          [],
          bare
            ? 'the body is a single question: wrap it as {"questions": [ … ]} (a renderer recognizes only the ' +
                "wrapped form)"
            : "the body has no `questions` array",
        );
        return undefined;
      }
      questions = top.questions;
      this.report.unknownKeys(top, FORM_RULES, []);
    } else {
      this.report.error("not_an_object", [], "the body must be a JSON object with a `questions` array");
      return undefined;
    }

    const form: FormModel = { fields: [] };
    const id = attributes.id ?? str(top.id);
    if (id === undefined)
      this.report.warn(
        "missing_form_id",
        [],
        `the form has no id, so it is read as "${DEFAULT_FORM_ID}", as the reference renderer does`,
      );
    form.id = id ?? DEFAULT_FORM_ID;
    this.attributeWins("id", attributes.id, top.id);
    const title = attributes.title ?? str(top.title);
    if (title !== undefined) form.title = title;
    this.attributeWins("title", attributes.title, top.title);
    for (const key of ["description", "submitLabel", "lang"] as const) {
      const text = str(top[key]);
      if (text !== undefined) form[key] = text;
    }

    for (const hidden of hiddenTextFindings({ ...form, fields: [] }))
      this.report.warn(hidden.code, hidden.path, `${this.report.subject(hidden.path)} ${hidden.said}`);

    const seen = new Map<string, number>();
    const errorsBefore = this.report.findings.errors.length;
    questions.forEach((raw, index) => {
      const field = readQuestionField(this.report, raw, index, [...questionsPath, index]);
      if (field === undefined) return;
      const first = seen.get(field.id);
      if (first !== undefined) {
        const path = [...questionsPath, index];
        const message = `question ${index + 1} repeats this id, of question ${first + 1}`;
        this.report.question(path, index, field.id).error("duplicate_question_id", [...path, "id"], message);
        return;
      }
      seen.set(field.id, index);
      form.fields.push(field);
    });
    if (form.fields.length === 0 && this.report.findings.errors.length === errorsBefore) {
      const skipped =
        questions.length === 0
          ? ""
          : ` (${questions.length === 1 ? "its one entry was" : `all ${questions.length} entries were`} skipped)`;
      this.report.error("no_questions", questionsPath, `the form has no questions${skipped}`);
    }
    if (this.report.findings.errors.length > errorsBefore) return undefined;
    return form;
  }

  private attributeWins(key: "id" | "title", attribute: string | undefined, body: JsonValue | undefined): void {
    if (attribute !== undefined && typeof body === "string" && body !== attribute) {
      this.report.warn(
        "attribute_wins",
        [key],
        `the body's ${key} "${body}" differs from the tag's ${key} attribute "${attribute}", and the attribute wins`,
      );
    }
  }
}
