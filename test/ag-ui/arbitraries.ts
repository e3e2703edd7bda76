import fc from "fast-check";
import { acpRequest } from "../acp/arbitraries.js";

/**
 * Random AG-UI interrupts (`@ag-ui/core` 1.0.0 `Interrupt`) that the ag-ui reader accepts:
 * the elicitation schemas of the ACP arbitraries (MCP's standard forms, with patterns and
 * option descriptions) as `responseSchema`, some closed with `additionalProperties: false`,
 * with an id, a reason and sometimes a tool call, an expiry in the future and metadata.
 */
export const agUiInterrupt = fc
  .tuple(
    acpRequest,
    fc.stringMatching(/^[a-z][a-z0-9-]{0,11}$/),
    fc.record(
      {
        toolCallId: fc.string({ maxLength: 8 }),
        expiresAt: fc.constant("2999-01-01T00:00:00Z"),
        metadata: fc.constant({ source: "test" }),
      },
      { requiredKeys: [] },
    ),
    fc.boolean(),
  )
  .map(([params, id, extras, closed]) => ({
    id,
    reason: "input_required",
    message: params.message,
    ...extras,
    responseSchema: closed ? { ...params.requestedSchema, additionalProperties: false } : params.requestedSchema,
  }));
