import type { PathSegment } from "../../../model/index.js";
import type { JsonValue } from "../../../model/json-text.js";
import { decodeEntities, scanAttributes } from "./attributes.js";
import type { Findings, Json } from "./findings.js";
import { QUESTION_RULES } from "./schema.js";

/** A body in the older child-tag form: it starts with a tag, not with JSON. */
export const isChildTagBody = (body: string): boolean => /^\s*<[a-z]/i.test(body);

// Attribute names of a child tag, lower case (or in kebab case), and the body key each stands for.
const KEYS: Readonly<Record<string, string>> = Object.fromEntries([
  ...Object.keys(QUESTION_RULES).flatMap((key) => [
    [key.toLowerCase(), key],
    [key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), key],
  ]),
  ["default", "defaultValue"],
  ["value", "defaultValue"],
]);
const FLAGS = new Set(["required", "multiple", "allowCustom"]);

// The grammar open-design renders (packages/contracts/src/api/question-form-markup.ts,
// `legacyQuestionFormBodyIsRenderable`, the mirror of the web parser's reader).
const QUESTION = /<(question-select|question-text)\b([^>]*?)(\/?)>/gi;
const OPTION = /<option\b([^>]*)>([\s\S]*?)<\/option\s*>/gi;
const TAG = /<[^>]+>/;

/**
 * The older child-tag form of a block, which open-design still renders in saved conversations:
 * `<question-select id="…" label="…" required>` with `<option value="…">Label</option>`
 * children and `<question-text …>Label</question-text>`, instead of a JSON body. Read into the
 * JSON body it stands for (an element's leading text is its label when it has no `label`), with
 * `at` placing each question's problems at its tag; undefined when the body is not that closed
 * grammar (another tag, text between the questions, an option without a label, an element not
 * closed), which the renderer does not render either. Never written.
 */
export function childTagBody(
  body: string,
  bodyOffset: number,
  findings: Findings,
): { value: JsonValue; at: (path: readonly PathSegment[]) => number } | undefined {
  const questions: Json[] = [];
  const starts: number[] = [];
  let cursor = 0;
  QUESTION.lastIndex = 0;
  for (let match = QUESTION.exec(body); match !== null; match = QUESTION.exec(body)) {
    if (body.slice(cursor, match.index).trim() !== "") return undefined;
    const name = (match[1] as string).toLowerCase();
    const openEnd = match.index + match[0].length;
    let inner = "";
    cursor = openEnd;
    if (match[3] !== "/") {
      const close = body.toLowerCase().indexOf(`</${name}>`, openEnd);
      if (close === -1) return undefined;
      inner = body.slice(openEnd, close);
      cursor = close + name.length + 3;
    }
    const at = bodyOffset + match.index;
    const json = attributeObject(match[2] as string, at + 1 + name.length, findings);
    json.type ??= name.slice("question-".length);
    const read = name === "question-select" ? readOptions(inner, at, findings) : { options: [], label: inner };
    if (read === undefined || (name === "question-text" && TAG.test(inner))) return undefined;
    const label = decodeEntities(read.label).trim();
    if (json.label === undefined && json.prompt === undefined && label !== "") json.label = label;
    if (read.options.length > 0) json.options ??= read.options;
    questions.push(json);
    starts.push(at);
    QUESTION.lastIndex = cursor;
  }
  if (questions.length === 0 || body.slice(cursor).trim() !== "") return undefined;
  return {
    value: { questions },
    at: (path) => (typeof path[1] === "number" ? (starts[path[1]] ?? bodyOffset) : bodyOffset),
  };
}

/** A select's options, each `<option>` with a label, after at most one leading text (its label). */
function readOptions(
  inner: string,
  at: number,
  findings: Findings,
): { options: JsonValue[]; label: string } | undefined {
  const options: JsonValue[] = [];
  let label = "";
  let cursor = 0;
  OPTION.lastIndex = 0;
  for (let match = OPTION.exec(inner); match !== null; match = OPTION.exec(inner)) {
    const between = inner.slice(cursor, match.index);
    if (TAG.test(between)) return undefined;
    if (between.trim() !== "") {
      if (options.length > 0 || label !== "") return undefined;
      label = between;
    }
    const text = decodeEntities(match[2] as string).trim();
    if (text === "" || TAG.test(match[2] as string)) return undefined;
    const { value } = attributeObject(match[1] as string, at, findings, new Set(["value"]));
    options.push(typeof value === "string" ? { label: text, value } : text);
    cursor = match.index + match[0].length;
  }
  const trailing = inner.slice(cursor);
  return options.length === 0 || TAG.test(trailing) || trailing.trim() !== "" ? undefined : { options, label };
}

/**
 * A tag's attributes as the JSON keys they stand for: flags (a bare name, "true", "false") as booleans, `maxSelections`
 * as a number.
 */
function attributeObject(text: string, offset: number, findings: Findings, only?: ReadonlySet<string>): Json {
  const json: Json = Object.create(null) as Json;
  for (const { name, written, value } of scanAttributes(text, offset, findings)) {
    if (only !== undefined) {
      if (only.has(name) && value !== undefined) json[name] = value;
      continue;
    }
    const key = Object.hasOwn(KEYS, name) ? (KEYS[name] as string) : written;
    if (FLAGS.has(key))
      json[key] =
        value === undefined || value === "" || value.toLowerCase() === "true"
          ? true
          : value.toLowerCase() === "false"
            ? false
            : value;
    else if (key === "maxSelections" && value !== undefined && /^\d+$/.test(value.trim())) json[key] = Number(value);
    else json[key] = value ?? true;
  }
  return json;
}
