import {
  ELICITATION_METHOD,
  NATIVE_EXTENSION,
  NATIVE_METHOD,
  carriesNativeForm,
  isRecord,
  isStandardForm,
} from "../json-schema/index.js";
import { METHOD, NONE, OWN, SHAPE, type Specificity } from "../protocol.js";

/**
 * How specifically `input` is a native form: its method `openai/elicitation/create`, or an
 * MRTR `elicitation/create` whose schema travels in `_meta["openai/elicitation"]` (METHOD);
 * params with that `_meta`, or a schema using any OpenAI extension (OWN); params of a plain
 * standard form, which native reads too but `mcp` owns (SHAPE); an input-required result holding
 * such an MRTR request (METHOD). A plain `elicitation/create` request is mcp's (NONE).
 */
export function detectNative(input: unknown): Specificity {
  if (!isRecord(input)) return NONE;
  if (isRecord(input.inputRequests)) {
    const requests = Object.values(input.inputRequests);
    const native = (request: unknown) =>
      isRecord(request) && request.method === ELICITATION_METHOD && carriesNativeForm(request.params);
    return requests.some(native) ? METHOD : NONE;
  }
  if (input.method === NATIVE_METHOD) return METHOD;
  if (Object.hasOwn(input, "method") && input.method !== ELICITATION_METHOD) return NONE;
  const params = input.method === ELICITATION_METHOD ? input.params : input;
  if (!isRecord(params) || typeof params.message !== "string") return NONE;
  const meta = params._meta;
  if (isRecord(meta) && isRecord(meta[NATIVE_EXTENSION])) return input === params ? OWN : METHOD;
  if (input !== params) return NONE;
  const schema = params.requestedSchema;
  if (!isRecord(schema) || schema.type !== "object") return NONE;
  return isStandardForm(params) ? SHAPE : OWN;
}
