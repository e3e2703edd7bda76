import type { Field, FormModel, PathSegment } from "../../model/index.js";
import { emptyRecord, invisibleTextWarnings } from "../../model/index.js";
import { BodyReport, type Json, str } from "./body-report.js";
import { childTagBody, isChildTagBody } from "./child-tags.js";
import { type JsonValue, MAX_JSON_DEPTH, offsetOf, parseJson } from "./json.js";
import { Findings } from "./located.js";
import { QuestionReader } from "./question.js";
import { FORM_KEYS, FormSchema } from "./schema.js";
import { DEFAULT_FORM_ID } from "./types.js";

/** What a block's open tag said. */
export interface BlockAttributes {
  id?: string;
  title?: string;
}

/**
 * Reads one block body (the text between the tags) into the model. `colons`, how many
 * `:` the reader saw outside strings, lets a body that `JSON.parse` reads prove it has no
 * repeated key; such a body that reads without a single finding needs no positions, and
 * skips the slower parser that locates problems.
 */
export function readBlock(
  attributes: BlockAttributes,
  body: string,
  bodyOffset: number,
  findings: Findings,
  colons?: number,
): FormModel | undefined {
  const { json, jsonOffset } = unwrapFence(body, bodyOffset, findings);
  if (json.trim() === "") {
    findings.error(
      "empty_body",
      [],
      "the form has no body: expected a JSON object with a `questions` array",
      bodyOffset,
    );
    return undefined;
  }
  if (isChildTagBody(json)) {
    findings.warn(
      "child_tag_form",
      [],
      "the form is written in the older child-tag form (<question-select>, <question-text>, …); it is read, but " +
        "formgate writes a JSON body",
      bodyOffset,
    );
    const { value, at } = childTagBody(json, jsonOffset, findings);
    return new BodyReader(new BodyReport(findings, at)).form(attributes, value);
  }
  const quick = colons === undefined ? undefined : parseWithoutRepeatedKeys(json, colons);
  if (quick !== undefined) {
    const clean = new Findings();
    const form = new BodyReader(new BodyReport(clean, () => 0)).form(attributes, quick);
    // Hidden text is a finding too: such a form goes the slow way, which locates it.
    if (
      clean.errors.length === 0 &&
      clean.warnings.length === 0 &&
      (form === undefined || invisibleTextWarnings(form).length === 0)
    )
      return form;
  }
  const parsed = parseJson(json);
  if (!parsed.ok) {
    findings.error("invalid_json", [], `the body is not valid JSON: ${parsed.message}`, jsonOffset + parsed.offset);
    return undefined;
  }
  const at = (path: readonly PathSegment[]): number => jsonOffset + offsetOf(parsed.value, parsed.positions, path, 0);
  for (const duplicate of parsed.duplicates) {
    findings.warn(
      "duplicate_key",
      [],
      `the key "${duplicate.key}" appears twice in one object; the last one is read`,
      jsonOffset + duplicate.offset,
    );
  }
  const reader = new BodyReader(new BodyReport(findings, at));
  const form = reader.form(attributes, parsed.value);
  const questions: PathSegment[] = Array.isArray(parsed.value) ? [] : ["questions"];
  for (const hidden of form === undefined
    ? []
    : invisibleTextWarnings(form, (path) => bodyPath(form, parsed.value, questions, path))) {
    findings.warn(hidden.code, hidden.path, hidden.message, at(hidden.path));
  }
  return form;
}

/** Where a model text of a block was written (fields are the questions, in order, once a form is read). */
function bodyPath(form: FormModel, body: JsonValue, questions: PathSegment[], path: PathSegment[]): PathSegment[] {
  if (path[0] !== "fields") return path;
  const [, index, key, j, optionKey] = path;
  const at = [...questions, index as number];
  const field = form.fields[index as number];
  if (key === "description") return [...at, "help"];
  if (key === "custom") return [...at, j === "label" ? "customLabel" : "customPlaceholder"];
  if (key !== "options") return [...at, key as string];
  const option = field?.kind === "choice" ? field.options[j as number] : undefined;
  if (option?.card === undefined) {
    // A string option is its own label and value.
    const written = valueAt(body, [...at, "options", j as number]);
    return typeof written === "string"
      ? [...at, "options", j as number]
      : [...at, "options", j as number, optionKey as string];
  }
  if (optionKey === "card") return [...at, "cards", j as number, ...path.slice(5)];
  return [...at, "cards", j as number, optionKey === "value" ? "id" : (optionKey as string)];
}

function valueAt(root: JsonValue, path: PathSegment[]): JsonValue | undefined {
  let node: JsonValue | undefined = root;
  for (const key of path)
    node = node !== null && typeof node === "object" ? (node as Record<string, JsonValue>)[key as string] : undefined;
  return node;
}

/**
 * Reads one question object on its own, for a partial view of a form still arriving. An
 * `arriving` question is what has arrived of it (its JSON closed where it stops): a choice may
 * have no options yet, and its default, perhaps cut short, is not shown.
 */
export function readQuestion(json: string, index: number, arriving = false): Field | undefined {
  const parsed = parseJson(json);
  if (!parsed.ok) return undefined;
  const findings = new Findings();
  const field = new QuestionReader(new BodyReport(findings, () => 0), arriving).question(parsed.value, index, [index]);
  if (field === undefined || findings.errors.length > 0) return undefined;
  if (arriving && "default" in field) delete field.default;
  return field;
}

/**
 * `JSON.parse`, when the text has exactly `colons` object members (none repeated: JSON.parse
 * would keep the last silently); otherwise undefined, and the caller parses with positions.
 */
function parseWithoutRepeatedKeys(json: string, colons: number): JsonValue | undefined {
  let value: JsonValue;
  try {
    value = JSON.parse(json) as JsonValue;
  } catch {
    return undefined;
  }
  return memberCount(value, 0) === colons ? value : undefined;
}

/** Object members in a parsed value; -1 past the depth parseJson accepts. */
function memberCount(value: JsonValue, depth: number): number {
  if (value === null || typeof value !== "object") return 0;
  if (depth > MAX_JSON_DEPTH) return -1;
  let count = 0;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    const inner = memberCount(item, depth + 1);
    if (inner < 0) return -1;
    count += inner;
  }
  return Array.isArray(value) ? count : count + Object.keys(value).length;
}

/** A body wrapped in a fenced ```json block is read as its content (a reference leniency). */
function unwrapFence(body: string, bodyOffset: number, findings: Findings): { json: string; jsonOffset: number } {
  const open = /^\s*```[ \t]*(?:json)?[ \t]*\r?\n?/i.exec(body);
  if (open === null) return { json: body, jsonOffset: bodyOffset };
  const close = /\r?\n?[ \t]*```\s*$/.exec(body.slice(open[0].length));
  const inner = close === null ? body.slice(open[0].length) : body.slice(open[0].length, open[0].length + close.index);
  findings.warn(
    "fenced_body",
    [],
    "the JSON body is wrapped in a ``` fence; read as its content",
    bodyOffset + open[0].search(/`/),
  );
  return { json: inner, jsonOffset: bodyOffset + open[0].length };
}

/** Reads a parsed body (the form's keys and each of its questions) into the model. */
class BodyReader {
  private readonly questions: QuestionReader;

  constructor(private readonly report: BodyReport) {
    this.questions = new QuestionReader(report);
  }

  form(attributes: BlockAttributes, value: JsonValue): FormModel | undefined {
    let top: Json;
    let questions: JsonValue[];
    let questionsPath: PathSegment[] = ["questions"];
    if (Array.isArray(value)) {
      this.report.warn(
        "bare_question_array",
        [],
        'the body is a bare array of questions; read as `{"questions": [...]}`',
      );
      top = emptyRecord<JsonValue>();
      questions = value;
      questionsPath = [];
    } else if (value !== null && typeof value === "object") {
      top = value;
      if (!this.report.check(FormSchema, top, [])) return undefined;
      if (!Array.isArray(top.questions)) {
        const bare = "type" in top || "label" in top || "options" in top;
        this.report.error(
          bare ? "bare_question" : "missing_questions",
          [],
          bare
            ? 'the body is a single question; wrap it as {"questions": [ … ]} (a renderer recognizes only the ' +
                "wrapped form)"
            : "the body has no `questions` array",
        );
        return undefined;
      }
      questions = top.questions;
      this.report.unknownKeys(top, FORM_KEYS, []);
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
        `the form has no id; it is read as "${DEFAULT_FORM_ID}", as the reference renderer does`,
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

    const seen = new Map<string, number>();
    const errorsBefore = this.report.findings.errors.length;
    questions.forEach((raw, index) => {
      const field = this.questions.question(raw, index, [...questionsPath, index]);
      if (field === undefined) return;
      const first = seen.get(field.id);
      if (first !== undefined) {
        this.report.error(
          "duplicate_question_id",
          [...questionsPath, index, "id"],
          `repeats the question id "${field.id}" of question ${first + 1}`,
        );
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
    return this.report.findings.errors.length > errorsBefore ? undefined : form;
  }

  private attributeWins(key: "id" | "title", attribute: string | undefined, body: JsonValue | undefined): void {
    if (attribute !== undefined && typeof body === "string" && body !== attribute) {
      this.report.warn(
        "attribute_wins",
        [key],
        `the body's ${key} "${body}" differs from the tag's ${key} attribute "${attribute}"; the attribute wins`,
      );
    }
  }
}
