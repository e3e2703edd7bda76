import { named } from "../../model/index.js";
/**
 * Keywords of an elicitation schema that change nothing a person can answer, which the codec
 * reads past with a warning instead of refusing the form (docs/mcp.md, decision 10): the SDKs
 * write them (zod's `toJSONSchema`, pydantic), and a host shows the form without them.
 */

/** JSON Schema 2020-12 annotations: they describe a value, never constrain it. */
const ANNOTATIONS: ReadonlySet<string> = new Set([
  "$id",
  "$anchor",
  "$comment",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
]);

/**
 * Every other JSON Schema keyword (2020-12, with draft-07's `definitions`, `dependencies`,
 * `additionalItems`): each constrains or shapes an answer, so where the codec does not read
 * it the form is refused rather than shown with a rule the host would apply and formgate not.
 */
const JSON_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  "$schema",
  "$ref",
  "$dynamicRef",
  "$dynamicAnchor",
  "$vocabulary",
  "$defs",
  "definitions",
  "type",
  "const",
  "enum",
  "title",
  "description",
  "default",
  "format",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxContains",
  "minContains",
  "maxProperties",
  "minProperties",
  "required",
  "dependentRequired",
  "dependencies",
  "prefixItems",
  "items",
  "additionalItems",
  "contains",
  "additionalProperties",
  "properties",
  "patternProperties",
  "dependentSchemas",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
  "if",
  "then",
  "else",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "contentEncoding",
  "contentMediaType",
  "contentSchema",
  // MCP's legacy titles for `enum` values, read where the codec has them.
  "enumNames",
]);

/** How a keyword the codec does not read at its place is ignored, or undefined when it must be refused. */
export type Ignored = "annotation" | "unknown";

/**
 * Whether a keyword the codec does not read where it stands may be ignored: a JSON Schema
 * annotation, or a keyword JSON Schema does not have (the C# SDK's tests check such keywords
 * are ignored). OpenAI's `x-openai-*` keywords are never ignored: they say how a form is shown
 * and answered, and are read by the native protocol only.
 */
export function ignoredKeyword(key: string): Ignored | undefined {
  if (ANNOTATIONS.has(key)) return "annotation";
  if (JSON_SCHEMA_KEYWORDS.has(key) || key.startsWith("x-openai-")) return undefined;
  return "unknown";
}

/**
 * Why `key` is read past, said of `owner` (`its` after a question, `The form schema's` before
 * none): a sentence ending in a period.
 */
export function ignoredMessage(owner: string, key: string, why: Ignored): string {
  return why === "annotation"
    ? `${owner} ${named(key)} is a JSON Schema annotation, which changes nothing a person can answer, so it is ignored.`
    : `${owner} ${named(key)} is not a JSON Schema keyword and changes nothing a person can answer, so it is ignored.`;
}
