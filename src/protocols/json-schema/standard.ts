import { FORM_PARAMS_KEYS } from "./envelope.js";
import { ignoredKeyword } from "./ignored.js";
import { isRecord } from "./keywords.js";
import { STANDARD_KEYWORDS } from "./layer.js";

const BY_TYPE: Record<string, readonly string[]> = {
  string: [...STANDARD_KEYWORDS.string, ...STANDARD_KEYWORDS.select],
  number: STANDARD_KEYWORDS.number,
  integer: STANDARD_KEYWORDS.number,
  boolean: STANDARD_KEYWORDS.boolean,
  array: STANDARD_KEYWORDS.array,
};
const ITEMS = [...STANDARD_KEYWORDS.items, ...STANDARD_KEYWORDS.titledItems];

/**
 * True when form params use only keywords of MCP's standard elicitation schema, by field
 * type (for detection: a form with any extension, such as `pattern`, `x-openai-*`,
 * `uniqueItems`, an option `description` or an `openai/…` `_meta` key, is not standard).
 * Keywords both readers ignore (annotations, keywords JSON Schema does not have, a root
 * `additionalProperties: false`) are standard here too. Whether the form is valid is the
 * reader's question, not this one.
 */
export function isStandardForm(params: Record<string, unknown>): boolean {
  if (!Object.keys(params).every((key) => FORM_PARAMS_KEYS.includes(key))) return false;
  if (isRecord(params._meta) && Object.keys(params._meta).some((key) => key.startsWith("openai/"))) return false;
  const schema = params.requestedSchema;
  if (!isRecord(schema) || !Object.entries(schema).every(([key, value]) => standardFormKeyword(key, value)))
    return false;
  if (!isRecord(schema.properties)) return true;
  return Object.values(schema.properties).every(isStandardProperty);
}

function isStandardProperty(property: unknown): boolean {
  if (!isRecord(property)) return true;
  const allowed =
    typeof property.type === "string" && Object.hasOwn(BY_TYPE, property.type)
      ? (BY_TYPE[property.type] as readonly string[])
      : undefined;
  if (allowed === undefined || !Object.keys(property).every((key) => standardKeyword(allowed, key))) return false;
  if (!standardOptions(property.oneOf)) return false;
  const items = property.items;
  if (!isRecord(items)) return true;
  return Object.keys(items).every((key) => standardKeyword(ITEMS, key)) && standardOptions(items.anyOf);
}

function standardOptions(options: unknown): boolean {
  return (
    !Array.isArray(options) ||
    options.every(
      (option) =>
        !isRecord(option) || Object.keys(option).every((key) => standardKeyword(STANDARD_KEYWORDS.option, key)),
    )
  );
}

function standardKeyword(allowed: readonly string[], key: string): boolean {
  return allowed.includes(key) || ignoredKeyword(key) !== undefined;
}

function standardFormKeyword(key: string, value: unknown): boolean {
  return standardKeyword(STANDARD_KEYWORDS.form, key) || (key === "additionalProperties" && value === false);
}
