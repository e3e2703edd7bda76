import { ELICITATION_METHOD, carriesNativeForm, isRecord, isStandardForm } from "../json-schema/index.js";
import { METHOD, NONE, OWN, type Specificity } from "../protocol.js";

/**
 * How specifically `input` is a standard MCP form: a request naming `elicitation/create`, or
 * an input-required result holding one, without OpenAI's `_meta` form (METHOD); params that
 * use only MCP's standard keywords, or a URL elicitation (OWN, so that reading says why it
 * is not a form). Anything with an OpenAI extension is native's (NONE).
 */
export function detectMcp(input: unknown): Specificity {
  if (!isRecord(input)) return NONE;
  if (isRecord(input.inputRequests)) {
    return Object.values(input.inputRequests).some(
      (request) => isRecord(request) && request.method === ELICITATION_METHOD && !carriesNativeForm(request.params),
    )
      ? METHOD
      : NONE;
  }
  if (Object.hasOwn(input, "method"))
    return input.method === ELICITATION_METHOD && !carriesNativeForm(input.params) ? METHOD : NONE;
  if (typeof input.message !== "string") return NONE;
  if (input.mode === "url") return OWN;
  return isRecord(input.requestedSchema) && input.requestedSchema.type === "object" && isStandardForm(input)
    ? OWN
    : NONE;
}
