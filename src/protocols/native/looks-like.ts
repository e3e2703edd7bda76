import { MRTR_META_KEY, MRTR_METHOD, NATIVE_METHOD } from "./read-form.js";
import { isRecord } from "./props.js";

/**
 * True for a native request (`method: "openai/elicitation/create"`, or an MRTR
 * `elicitation/create`), or for params whose `requestedSchema` (or MRTR `_meta` schema)
 * is an object schema. A Data tool input has `questions`, never `requestedSchema`.
 */
export function looksLikeNative(input: unknown): boolean {
  if (!isRecord(input)) return false;
  if (input.method === NATIVE_METHOD) return true;
  const params = input.method === MRTR_METHOD ? input.params : input;
  if (!isRecord(params) || typeof params.message !== "string") return false;
  const meta = params._meta;
  const schema = isRecord(meta) && isRecord(meta[MRTR_META_KEY]) ? meta[MRTR_META_KEY].requestedSchema : params.requestedSchema;
  return isRecord(schema) && schema.type === "object";
}
