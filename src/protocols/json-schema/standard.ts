import { FORM_PARAMS_KEYS } from "./envelope.js";
import { isRecord } from "./keywords.js";

/** The prefix of every OpenAI schema extension (`x-openai-input`, `x-openai-suggestions`, …). */
const OPENAI_KEYWORD = "x-openai-";

/**
 * True when form params are a standard MCP form rather than an OpenAI native one, for
 * detection: only the members of MCP's params, no `openai/…` `_meta` key and no `x-openai-*`
 * keyword anywhere in the schema. Other keywords a standard form lacks (a `pattern` from zod's
 * `z.email()`, `$schema`, an untitled `enum`, `additionalProperties`, option descriptions) do
 * not make a form native's: MCP SDKs and zod's `toJSONSchema` write them, and the mcp reader
 * says in its own words what it reads past or refuses (docs/mcp.md, "Detection"). Whether the
 * form is valid is the reader's question, not this one.
 */
export function isStandardForm(params: Record<string, unknown>): boolean {
  if (!Object.keys(params).every((key) => FORM_PARAMS_KEYS.includes(key))) return false;
  if (isRecord(params._meta) && Object.keys(params._meta).some((key) => key.startsWith("openai/"))) return false;
  return !usesOpenAiKeyword(params.requestedSchema);
}

/** True when a schema, or a schema or option inside it, has an `x-openai-*` keyword (a property name is none). */
function usesOpenAiKeyword(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(usesOpenAiKeyword);
  if (!isRecord(value)) return false;
  return Object.entries(value).some(
    ([key, inner]) =>
      key.startsWith(OPENAI_KEYWORD) ||
      (key === "properties" && isRecord(inner)
        ? Object.values(inner).some(usesOpenAiKeyword)
        : usesOpenAiKeyword(inner)),
  );
}
