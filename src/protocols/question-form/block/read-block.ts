import type { Field, FormModel, PathSegment } from "../../../model/index.js";
import { MAX_PARSED_JSON_DEPTH, emptyRecord } from "../../../model/index.js";
import { hiddenTextFindings } from "./hidden-text.js";
import { type Duplicate, type JsonValue, readJson, readJsonPrefix } from "../../../text/json-text.js";
import { DEFAULT_FORM_ID } from "../limits.js";
import { type BlockAttributes, readAttributes } from "./attributes.js";
import { childTagBody, isChildTagBody } from "./child-tags.js";
import { BareReport } from "../../report/index.js";
import { type AtOffset, BodyReport, type Json, str, strings } from "./findings.js";
import { aboutQuestion, readQuestionField } from "./question.js";
import { BODY_TEXT_KEYS, FORM_RULES } from "./schema.js";

/** A closed block as the scan found it: its text from `<` to the closing tag's `>`, at `start` in the message. */
export interface ClosedBlock {
  source: string;
  start: number;
  /** Offsets in `source`: the end of the tag name, the body's start and end. */
  nameEnd: number;
  bodyStart: number;
  bodyEnd: number;
}

/** What a block reads as: a form when no issue is an error, the open tag's id, and the report of its issues. */
export interface ReadBlock {
  form: FormModel | undefined;
  id: string | undefined;
  report: BareReport;
}

/** Reads a closed block (`place` gives an offset of the message its line and column): its open tag, then its body. */
export function readBlock(block: ClosedBlock, place: (offset: number) => { line: number; column: number }): ReadBlock {
  const { source, start } = block;
  const report = BareReport.start();
  const at: AtOffset = (offset) =>
    report.placed(typeof offset === "number" ? () => place(offset) : (path) => place(offset(path)));
  const attributes = readAttributes(source.slice(block.nameEnd, block.bodyStart - 1), start + block.nameEnd, at);
  const body = source.slice(block.bodyStart, block.bodyEnd);
  const form = report.ok ? readBody(attributes, body, start + block.bodyStart, at) : undefined;
  return { form, id: attributes.id, report };
}

/** Reads one block body (the text between the tags, at `bodyOffset` in the message) into the model. */
function readBody(attributes: BlockAttributes, body: string, bodyOffset: number, at: AtOffset) {
  const { json, jsonOffset } = unwrapFence(body, bodyOffset, at);
  if (json.trim() === "")
    return at(bodyOffset).error("empty_body", "the form has no body: a JSON object with a `questions` array");
  if (isChildTagBody(json)) {
    const tags = childTagBody(json, jsonOffset, at);
    if (tags === undefined) {
      const said =
        "the body is in the older child-tag form, but not as renderers read it (only <question-select> elements " +
        "with labelled <option> children and <question-text> elements, each closed, with nothing between them), so " +
        "renderers show their fallback line instead of a form";
      return at(bodyOffset).error("malformed_child_tags", said);
    }
    const said =
      "the form is written in the older child-tag form (<question-select>, <question-text>, …): it is read, but " +
      "formgate writes a JSON body";
    at(bodyOffset).warn("child_tag_form", said);
    return readParsedBody(new BodyReport(at(tags.at)), attributes, tags.value);
  }
  const parsed = readJson(json, MAX_PARSED_JSON_DEPTH);
  if (!parsed.ok)
    return at(jsonOffset + parsed.offset).error("invalid_json", `the body is not valid JSON: ${parsed.message}`);
  for (const duplicate of parsed.duplicates) {
    const report = questionReport(new BodyReport(at(jsonOffset + duplicate.offset)), parsed.value, duplicate);
    const said = `the key \`${duplicate.key}\` appears twice in one object, so the last one is read`;
    report.warn("duplicate_key", duplicate.path, said);
  }
  return readParsedBody(new BodyReport(at((path) => jsonOffset + parsed.at(path))), attributes, parsed.value);
}

/** Reads a parsed body (the form's keys and each of its questions) into the model. */
function readParsedBody(report: BodyReport, attributes: BlockAttributes, value: JsonValue): FormModel | undefined {
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
  if (id === undefined) {
    const said = `the form has no id, so it is read as "${DEFAULT_FORM_ID}", as the reference renderer does`;
    report.warn("missing_form_id", [], said);
  }
  const form: FormModel = { fields: [], id: id ?? DEFAULT_FORM_ID };
  for (const key of ["id", "title"] as const) {
    const [tag, written] = [attributes[key], top[key]];
    if (tag !== undefined && typeof written === "string" && written !== tag) {
      const said = `the body's ${key} "${written}" differs from the tag's ${key} attribute "${tag}"`;
      report.warn("attribute_wins", [key], `${said}, and the attribute wins`);
    }
  }
  const title = attributes.title ?? str(top.title);
  if (title !== undefined) form.title = title;
  Object.assign(form, strings(top, BODY_TEXT_KEYS));
  for (const hidden of hiddenTextFindings({ ...form, fields: [] }))
    report.warn(hidden.code, hidden.path, `${report.subject(hidden.path)} ${hidden.said}`);

  const seen = new Map<string, number>();
  const errorsBefore = report.report.errors.length;
  questions.forEach((raw, index) => {
    const path = [...questionsPath, index];
    const field = readQuestionField(report, raw, index, path);
    if (field === undefined) return;
    const first = seen.get(field.id);
    if (first === undefined) {
      seen.set(field.id, index);
      form.fields.push(field);
    } else {
      const said = `the id of question ${first + 1} is repeated by question ${index + 1}`;
      report.question(path, index, field.id).error("duplicate_question_id", [...path, "id"], said);
    }
  });
  if (form.fields.length === 0 && report.report.errors.length === errorsBefore) {
    const skipped =
      questions.length === 0
        ? ""
        : ` (${questions.length === 1 ? "its one entry was" : `all ${questions.length} entries were`} skipped)`;
    report.error("no_questions", questionsPath, `the form has no questions${skipped}`);
  }
  return report.report.errors.length > errorsBefore ? undefined : form;
}

/**
 * Reads one question object on its own, for a partial view of a form still arriving. An
 * `arriving` question is what has arrived of it (its JSON cut where it stops), read once it has an
 * id (which a later key could not change) and a label, as the renderer shows it: a choice may
 * have no options yet, and its default, perhaps cut short, is not shown.
 */
export function readQuestion(json: string, index: number, arriving = false): Field | undefined {
  const raw = readJsonPrefix(json, MAX_PARSED_JSON_DEPTH) as Json | undefined; // its text opens with "{"
  if (raw === undefined || (arriving && !(hasText(raw.id) && (hasText(raw.label) || hasText(raw.prompt)))))
    return undefined;
  const report = BareReport.start();
  const field = readQuestionField(new BodyReport(report), raw, index, [index], arriving);
  if (field === undefined || !report.ok) return undefined;
  if (arriving && "default" in field) delete field.default;
  return field;
}

/** Whether a value is a string of more than spaces. */
const hasText = (value: JsonValue | undefined): boolean => (str(value)?.trim() ?? "") !== "";

/** The report naming the question a repeated key is in (`questions[i]` of the body), else `report` itself. */
function questionReport(report: BodyReport, body: JsonValue, { path }: Duplicate): BodyReport {
  const [list, index] = path;
  const questions = list === "questions" && typeof index === "number" ? (body as Json).questions : undefined;
  const question = Array.isArray(questions) ? questions[index as number] : undefined;
  if (question === null || typeof question !== "object" || Array.isArray(question)) return report;
  return aboutQuestion(report, question, index as number, ["questions", index as number]).report;
}

/** A body wrapped in a fenced ```json block is read as its content (a reference leniency). */
function unwrapFence(body: string, bodyOffset: number, at: AtOffset): { json: string; jsonOffset: number } {
  const open = /^\s*```[ \t]*(?:json)?[ \t]*\r?\n?/i.exec(body);
  if (open === null) return { json: body, jsonOffset: bodyOffset };
  const close = /\r?\n?[ \t]*```\s*$/.exec(body.slice(open[0].length));
  const inner = close === null ? body.slice(open[0].length) : body.slice(open[0].length, open[0].length + close.index);
  const fence = bodyOffset + open[0].search(/`/);
  at(fence).warn("fenced_body", "the JSON body is wrapped in a ``` fence, and read as its content");
  return { json: inner, jsonOffset: bodyOffset + open[0].length };
}
