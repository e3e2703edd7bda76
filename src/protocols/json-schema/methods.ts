import { isRecord } from "./keywords.js";

/** The MCP method of a form elicitation (2025-06-18, 2025-11-25, and 2026-07-28 input requests). */
export const ELICITATION_METHOD = "elicitation/create";

/**
 * The `_meta` key under which OpenAI's 2026-07-28 form carries its schema: an
 * `elicitation/create` whose params have it is a native request, not a standard one.
 */
export const OPENAI_FORM_META_KEY = "openai/elicitation";

/** Whether request params carry OpenAI's form in `_meta[OPENAI_FORM_META_KEY]`. */
export function carriesOpenAiForm(params: unknown): boolean {
  return isRecord(params) && isRecord(params._meta) && Object.hasOwn(params._meta, OPENAI_FORM_META_KEY);
}
