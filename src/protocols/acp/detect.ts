import { ELICITATION_METHOD, isRecord } from "../json-schema/index.js";
import { METHOD, NONE, type Specificity } from "../protocol.js";
import { SCOPE_KEYS } from "./read-form.js";

/**
 * How specifically `input` is an ACP elicitation: params (or the `elicitation/create` request
 * carrying them) with a scope, `sessionId` or `requestId`, which only ACP's elicitation has
 * (METHOD: as specific as a method name, so it wins over mcp and native, which read the same
 * method and schema). Without a scope, ACP params are MCP's params: mcp's (docs/acp.md).
 */
export function detectAcp(input: unknown): Specificity {
  if (!isRecord(input)) return NONE;
  const params = Object.hasOwn(input, "method")
    ? input.method === ELICITATION_METHOD
      ? input.params
      : undefined
    : input;
  if (!isRecord(params) || !Object.hasOwn(params, "message")) return NONE;
  return SCOPE_KEYS.some((key) => Object.hasOwn(params, key)) ? METHOD : NONE;
}
