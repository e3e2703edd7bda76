import { type PathSegment, ownValue } from "../../../model/index.js";
import type { JsonValue } from "../../../text/json-text.js";
import { decodeEntities, scanAttributes } from "./attributes.js";
import type { AtOffset, Json } from "./findings.js";
import { QUESTION_RULES, flag } from "./schema.js";

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
/** The question keys that are flags (schema.ts), `custom` (allowCustom's alias) included. */
const FLAGS = new Set(Object.keys(QUESTION_RULES).filter((key) => QUESTION_RULES[key] === flag));

// The grammar open-design renders (packages/contracts/src/api/question-form-markup.ts,
// `legacyQuestionFormBodyIsRenderable`, the mirror of the web parser's reader), one element at a time.
const QUESTION = /\s*<(question-select|question-text)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/giy;
const OPTION = /\s*<option\b([^>]*)>([\s\S]*?)<\/option\s*>/giy;
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
  placed: AtOffset,
): { value: JsonValue; at: (path: readonly PathSegment[]) => number } | undefined {
  const questions: Json[] = [];
  const starts: number[] = [];
  let cursor = 0;
  QUESTION.lastIndex = 0;
  for (let match = QUESTION.exec(body); match !== null; match = QUESTION.exec(body)) {
    cursor = QUESTION.lastIndex;
    const name = (match[1] as string).toLowerCase();
    const at = bodyOffset + match.index + match[0].indexOf("<");
    const json = attributeObject(match[2] as string, at + 1 + name.length, placed);
    json.type ??= name.slice("question-".length);
    const inner = match[3] ?? "";
    // A text's content is its label; a select's is its leading text, then its options.
    const select = name === "question-select";
    const first = select ? inner.search(/<option\b/i) : inner.length;
    const written = inner.slice(0, first);
    const options = first === -1 || TAG.test(written) ? undefined : select ? readOptions(inner, first, at, placed) : [];
    if (options === undefined) return undefined;
    const label = decodeEntities(written).trim();
    if (json.label === undefined && json.prompt === undefined && label !== "") json.label = label;
    if (select) json.options ??= options;
    questions.push(json);
    starts.push(at);
  }
  if (questions.length === 0 || body.slice(cursor).trim() !== "") return undefined;
  return {
    value: { questions },
    at: (path) => (typeof path[1] === "number" ? (starts[path[1]] ?? bodyOffset) : bodyOffset),
  };
}

/** A select's options from `first`, each `<option>` with a label. */
function readOptions(inner: string, first: number, at: number, placed: AtOffset): JsonValue[] | undefined {
  const options: JsonValue[] = [];
  let cursor = first;
  OPTION.lastIndex = first;
  for (let match = OPTION.exec(inner); match !== null; match = OPTION.exec(inner)) {
    cursor = OPTION.lastIndex;
    const text = decodeEntities(match[2] as string).trim();
    if (text === "" || TAG.test(match[2] as string)) return undefined;
    const attributes = scanAttributes(match[1] as string, at, placed);
    const value = attributes.findLast((a) => a.name === "value" && a.value !== undefined)?.value;
    options.push(value === undefined ? text : { label: text, value });
  }
  return inner.slice(cursor).trim() === "" ? options : undefined;
}

/**
 * A tag's attributes as the JSON keys they stand for: flags (a bare name, "true", "false") as booleans, `maxSelections`
 * as a number.
 */
function attributeObject(text: string, offset: number, placed: AtOffset): Json {
  const json: Json = Object.create(null) as Json;
  for (const { name, written, value } of scanAttributes(text, offset, placed)) {
    const key = ownValue(KEYS, name) ?? written;
    const flag = (value ?? "true").toLowerCase();
    if (FLAGS.has(key))
      json[key] = flag === "" || flag === "true" ? true : flag === "false" ? false : (value as string);
    else if (key === "maxSelections" && value !== undefined && /^\d+$/.test(value.trim())) json[key] = Number(value);
    else json[key] = value ?? true;
  }
  return json;
}
