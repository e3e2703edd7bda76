import type { PathSegment } from "../../model/index.js";
import type { QuestionRef } from "../question-ids.js";
import { isRecord } from "./keywords.js";

/** The keywords holding a property's options, as the path goes: `oneOf`, `items.anyOf`, `x-openai-input.options`, … */
const OPTION_LISTS: readonly (readonly string[])[] = [
  ["oneOf"],
  ["enum"],
  ["x-openai-suggestions"],
  ["items", "anyOf"],
  ["items", "enum"],
  ["items", "x-openai-suggestions"],
  ["x-openai-input", "options"],
  // The legacy titles: each names the `enum` value at its index.
  ["enumNames"],
];

/**
 * The question of a path in an elicitation request: the property below `requestedSchema`'s
 * `properties` (wherever the request carries the schema), and the option by its `const`
 * (or a resource's `uri`, an `enum` value, the value an `enumNames` title names) where the path goes
 * into one.
 */
export function schemaQuestionAt(input: unknown, path: PathSegment[]): QuestionRef | undefined {
  const at = path.indexOf("properties");
  const question = path[at + 1];
  if (at < 0 || typeof question !== "string") return undefined;
  const rest = at + 2;
  for (const list of OPTION_LISTS) {
    const index = path[rest + list.length];
    if (typeof index !== "number" || !list.every((key, k) => path[rest + k] === key)) continue;
    const named = list[0] === "enumNames" ? ["enum"] : list;
    const option = optionName(valueAt(input, [...path.slice(0, rest), ...named, index]));
    return option === undefined ? { question } : { question, option };
  }
  return { question };
}

function valueAt(value: unknown, path: PathSegment[]): unknown {
  let node = value;
  for (const segment of path) {
    if (Array.isArray(node) && typeof segment === "number") node = node[segment];
    else if (isRecord(node) && typeof segment === "string" && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return node;
}

function optionName(option: unknown): string | undefined {
  if (typeof option === "string") return option;
  if (!isRecord(option)) return undefined;
  for (const key of ["const", "uri"]) if (typeof option[key] === "string") return option[key] as string;
  return undefined;
}
