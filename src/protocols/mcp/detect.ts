import {
  ELICITATION_METHOD,
  FORM_PARAMS_KEYS,
  carriesNativeForm,
  isRecord,
  isStandardForm,
} from "../json-schema/index.js";
import { METHOD, NONE, OWN, type Specificity } from "../protocol.js";

/**
 * How specifically `input` is a standard MCP form: a request naming `elicitation/create`, or
 * an input-required result holding one, without OpenAI's `_meta` form (METHOD; OWN when its
 * params carry members MCP's lack, as ACP's scope); params that
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
  if (Object.hasOwn(input, "method")) {
    if (input.method !== ELICITATION_METHOD || carriesNativeForm(input.params)) return NONE;
    // Params with members MCP lacks (ACP's sessionId) are another protocol's first: reading says why, if none claims
    // them.
    const params = input.params;
    return isRecord(params) && Object.keys(params).some((key) => !FORM_PARAMS_KEYS.includes(key)) ? OWN : METHOD;
  }
  if (typeof input.message !== "string") return NONE;
  if (input.mode === "url") return OWN;
  return isRecord(input.requestedSchema) && input.requestedSchema.type === "object" && isStandardForm(input)
    ? OWN
    : NONE;
}
