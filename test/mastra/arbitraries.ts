import fc from "fast-check";
import { acpRequest } from "../acp/arbitraries.js";

/**
 * Random Mastra `tool-call-suspended` chunks (`@mastra/core` 1.71.0) that the mastra reader
 * accepts: the elicitation schemas of the ACP arbitraries (MCP's standard forms, with patterns
 * and option descriptions) serialised as `resumeSchema`, some closed with
 * `additionalProperties: false` and `$schema` as zod writes them, with a run, a tool call, its
 * arguments and the message in `suspendPayload`, sometimes beside other keys.
 */
export const mastraChunk = fc
  .tuple(
    acpRequest,
    fc.stringMatching(/^call-[a-z0-9]{1,8}$/),
    fc.constantFrom("askUser", "bookTable"),
    fc.record({ runId: fc.uuid(), args: fc.constant({ restaurant: "Chez" }) }, { requiredKeys: [] }),
    fc.record({ step: fc.constant("confirm") }, { requiredKeys: [] }),
    fc.boolean(),
  )
  .map(([params, toolCallId, toolName, { runId, args }, rest, zod]) => ({
    type: "tool-call-suspended",
    ...(runId !== undefined && { runId }),
    from: "AGENT",
    payload: {
      toolCallId,
      toolName,
      suspendPayload: { message: params.message, ...rest },
      args: args ?? {},
      resumeSchema: JSON.stringify(
        zod
          ? {
              $schema: "http://json-schema.org/draft-07/schema#",
              ...params.requestedSchema,
              additionalProperties: false,
            }
          : params.requestedSchema,
      ),
    },
  }));
