import fc from "fast-check";
import { mcpRequest } from "../mcp/arbitraries.js";

/**
 * Random ACP form elicitations (`@agentclientprotocol/sdk` 2.4.0 `CreateElicitationRequest`,
 * form mode) that the acp reader accepts: MCP's standard forms (without the legacy
 * `enumNames`, which ACP lacks), tied to a session or a request, some strings with a
 * `pattern` and some options with a `description`.
 */
export const acpRequest = fc
  .tuple(
    mcpRequest,
    fc.oneof(
      fc.record({ sessionId: fc.string({ minLength: 1, maxLength: 8 }) }),
      fc.record({ sessionId: fc.string({ minLength: 1, maxLength: 8 }), toolCallId: fc.string({ maxLength: 8 }) }),
      fc.record({ requestId: fc.oneof(fc.string({ maxLength: 8 }), fc.nat()) }),
    ),
    fc.boolean(),
  )
  .map(([params, scope, extras]) => {
    const schema = structuredClone(params.requestedSchema) as { properties: Record<string, Record<string, unknown>> };
    for (const property of Object.values(schema.properties)) {
      if ("enumNames" in property) {
        const names = property.enumNames as string[];
        property.oneOf = (property.enum as string[]).map((value, i) => ({ const: value, title: names[i] }));
        delete property.enum;
        delete property.enumNames;
      }
      if (!extras) continue;
      if (property.type === "string" && !("oneOf" in property) && !("enum" in property)) property.pattern = "^\\S";
      const options = (property.oneOf ?? (property.items as { anyOf?: unknown[] } | undefined)?.anyOf) as
        | Record<string, unknown>[]
        | undefined;
      if (options?.[0] !== undefined) options[0].description = "the first";
    }
    return { ...scope, mode: "form", message: params.message, requestedSchema: schema };
  });
