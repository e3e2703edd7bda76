import type { PathSegment } from "../../model/index.js";
import { decodeEntities, scanAttributes } from "./attributes.js";
import type { JsonValue } from "./json.js";
import type { Findings } from "./located.js";

type Json = { [key: string]: JsonValue };

/** A body in the older child-tag form: it starts with a tag, not with JSON. */
export const isChildTagBody = (body: string): boolean => /^\s*<[a-z]/i.test(body);

// Attribute names of a child tag, lower case, and the body key each stands for.
const KEYS: Readonly<Record<string, string>> = {
  id: "id",
  label: "label",
  prompt: "prompt",
  type: "type",
  placeholder: "placeholder",
  help: "help",
  required: "required",
  multiple: "multiple",
  accept: "accept",
  min: "min",
  max: "max",
  step: "step",
  maxselections: "maxSelections",
  "max-selections": "maxSelections",
  allowcustom: "allowCustom",
  "allow-custom": "allowCustom",
  customlabel: "customLabel",
  "custom-label": "customLabel",
  customplaceholder: "customPlaceholder",
  "custom-placeholder": "customPlaceholder",
  default: "defaultValue",
  defaultvalue: "defaultValue",
  value: "defaultValue",
};
const FLAGS = new Set(["required", "multiple", "allowCustom"]);

const TAG = /<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

/**
 * The older child-tag form of a block, which open-design still renders in saved conversations:
 * `<question-select id="…" label="…" required>` with `<option value="…">Label</option>`
 * children, `<question-text …/>`, …, instead of a JSON body. Read into the JSON body it stands
 * for (`question-<type>` gives the type; an element's text is its label when it has no `label`
 * attribute), with `at` placing each question's problems at its tag. Never written.
 */
export function childTagBody(
  body: string,
  bodyOffset: number,
  findings: Findings,
): { value: JsonValue; at: (path: readonly PathSegment[]) => number } {
  const questions: Json[] = [];
  const starts: number[] = [];
  let question: { json: Json; text: string; options: JsonValue[] } | undefined;
  let option: { json: Json; text: string } | undefined;
  let last = 0;

  const text = (upTo: number): void => {
    const piece = decodeEntities(body.slice(last, upTo));
    if (option !== undefined) option.text += piece;
    else if (question !== undefined) question.text += piece;
    else if (piece.trim() !== "")
      findings.warn(
        "ignored_text",
        [],
        "text outside a question tag is ignored",
        bodyOffset + last + piece.search(/\S/),
      );
  };
  const endOption = (): void => {
    if (question === undefined || option === undefined) return;
    const label = option.text.trim();
    const value = typeof option.json.value === "string" ? option.json.value : undefined;
    question.options.push(value === undefined ? label : { ...(label !== "" && { label }), value });
    option = undefined;
  };
  const endQuestion = (): void => {
    endOption();
    if (question === undefined) return;
    const label = question.text.trim();
    if (question.json.label === undefined && question.json.prompt === undefined && label !== "")
      question.json.label = label;
    if (question.options.length > 0 && question.json.options === undefined) question.json.options = question.options;
    questions.push(question.json);
    question = undefined;
  };

  for (let match = TAG.exec(body); match !== null; match = TAG.exec(body)) {
    text(match.index);
    last = match.index + match[0].length;
    const closing = match[1] === "/";
    const name = (match[2] as string).toLowerCase();
    const rest = match[3] as string;
    const selfClosing = rest.trimEnd().endsWith("/");
    const at = bodyOffset + match.index;
    if (name === "option") {
      if (closing) endOption();
      else if (question === undefined)
        findings.warn("ignored_text", [], "an <option> outside a question tag is ignored", at);
      else {
        endOption();
        option = { json: attributeObject(rest, at + 1 + name.length, findings, new Set(["value", "label"])), text: "" };
        if (typeof option.json.label === "string") option.text = option.json.label;
        if (selfClosing) endOption();
      }
    } else if (name.startsWith("question-")) {
      if (closing) endQuestion();
      else {
        endQuestion();
        starts.push(at);
        const json = attributeObject(rest, at + 1 + name.length, findings);
        json.type ??= name.slice("question-".length);
        question = { json, text: "", options: [] };
        if (selfClosing) endQuestion();
      }
    } else
      findings.warn(
        "ignored_text",
        [],
        `the tag <${closing ? "/" : ""}${match[2]}> is not part of a child-tag form; it is ignored`,
        at,
      );
  }
  text(body.length);
  endQuestion();
  return {
    value: { questions },
    at: (path) => (typeof path[1] === "number" ? (starts[path[1]] ?? bodyOffset) : bodyOffset),
  };
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
