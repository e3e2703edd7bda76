import type { Field, FormModel, PathSegment } from "../../../model/index.js";
import { MAX_PARSED_JSON_DEPTH } from "../../../model/index.js";
import { type Duplicate, type JsonValue, readJson, readJsonPrefix } from "../../../model/json-text.js";
import { readAttributes } from "./attributes.js";
import { BodyReader } from "./body.js";
import { childTagBody, isChildTagBody } from "./child-tags.js";
import { BodyReport, Findings, type Json, str } from "./findings.js";
import { QuestionReader, questionId } from "./question.js";

/** A closed block as the scan found it: its text from `<` to the closing tag's `>`, at `start` in the message. */
export interface ClosedBlock {
  source: string;
  start: number;
  /** Offsets in `source`: the end of the tag name, the body's start and end. */
  nameEnd: number;
  bodyStart: number;
  bodyEnd: number;
}

/** What a block reads as: a form when no finding is an error, the open tag's id, and the findings. */
export interface ReadBlock {
  form: FormModel | undefined;
  id: string | undefined;
  findings: Findings;
}

/** Reads a closed block: its open tag's attributes, then its body. */
export function readBlock(block: ClosedBlock): ReadBlock {
  const { source, start } = block;
  const findings = new Findings();
  const attributes = readAttributes(source.slice(block.nameEnd, block.bodyStart - 1), start + block.nameEnd, findings);
  const body = source.slice(block.bodyStart, block.bodyEnd);
  const form = findings.errors.length === 0 ? readBody(attributes, body, start + block.bodyStart, findings) : undefined;
  return { form, id: attributes.id, findings };
}

/** Reads one block body (the text between the tags, at `bodyOffset` in the message) into the model. */
function readBody(
  attributes: { id?: string; title?: string },
  body: string,
  bodyOffset: number,
  findings: Findings,
): FormModel | undefined {
  const { json, jsonOffset } = unwrapFence(body, bodyOffset, findings);
  if (json.trim() === "") {
    findings.error("empty_body", [], "the form has no body: a JSON object with a `questions` array", bodyOffset);
    return undefined;
  }
  if (isChildTagBody(json)) {
    const tags = childTagBody(json, jsonOffset, findings);
    if (tags === undefined) {
      findings.error(
        "malformed_child_tags",
        [],
        "the body is in the older child-tag form, but not as renderers read it (only <question-select> elements " +
          "with labelled <option> children and <question-text> elements, each closed, with nothing between them), so " +
          "renderers show their fallback line instead of a form",
        bodyOffset,
      );
      return undefined;
    }
    findings.warn(
      "child_tag_form",
      [],
      "the form is written in the older child-tag form (<question-select>, <question-text>, …): it is read, but " +
        "formgate writes a JSON body",
      bodyOffset,
    );
    return new BodyReader(new BodyReport(findings, tags.at)).form(attributes, tags.value);
  }
  const read = readJson(json, MAX_PARSED_JSON_DEPTH);
  if (!read.ok) {
    findings.error("invalid_json", [], `the body is not valid JSON: ${read.message}`, jsonOffset + read.offset);
    return undefined;
  }
  const at = (path: readonly PathSegment[]): number => jsonOffset + read.at(path);
  for (const duplicate of read.duplicates) {
    const report = questionReport(new BodyReport(findings, () => jsonOffset + duplicate.offset), read.value, duplicate);
    report.warn(
      "duplicate_key",
      duplicate.path,
      `the key \`${duplicate.key}\` appears twice in one object, so the last one is read`,
    );
  }
  return new BodyReader(new BodyReport(findings, at)).form(attributes, read.value);
}

/**
 * Reads one question object on its own, for a partial view of a form still arriving. An
 * `arriving` question is what has arrived of it (its JSON cut where it stops), read once it has an
 * id (which a later key could not change) and a label, as the renderer shows it: a choice may
 * have no options yet, and its default, perhaps cut short, is not shown.
 */
export function readQuestion(json: string, index: number, arriving = false): Field | undefined {
  const raw = readJsonPrefix(json, MAX_PARSED_JSON_DEPTH) as Json | undefined; // its text opens with "{"
  const named = (key: string): boolean => (str(raw?.[key])?.trim() ?? "") !== "";
  if (raw === undefined || (arriving && !(named("id") && (named("label") || named("prompt"))))) return undefined;
  const findings = new Findings();
  const field = new QuestionReader(new BodyReport(findings, () => 0), arriving).question(raw, index, [index]);
  if (field === undefined || findings.errors.length > 0) return undefined;
  if (arriving && "default" in field) delete field.default;
  return field;
}

/** The report naming the question a repeated key is in (`questions[i]` of the body), else `report` itself. */
function questionReport(report: BodyReport, body: JsonValue, { path }: Duplicate): BodyReport {
  const [list, index] = path;
  if (list !== "questions" || typeof index !== "number") return report;
  const raw = (body as Json).questions;
  const question = Array.isArray(raw) ? raw[index] : undefined;
  if (question === null || typeof question !== "object" || Array.isArray(question)) return report;
  const { id, usable } = questionId(question, index);
  return report.question(["questions", index], index, usable ? id : undefined);
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
    "the JSON body is wrapped in a ``` fence, and read as its content",
    bodyOffset + open[0].search(/`/),
  );
  return { json: inner, jsonOffset: bodyOffset + open[0].length };
}
