import fc from "fast-check";
import { acpRequest } from "../acp/arbitraries.js";

/**
 * Random LangGraph interrupts (`@langchain/langgraph` 1.7.3 `Interrupt`) that the langgraph
 * reader accepts: the elicitation schemas of the ACP arbitraries (MCP's standard forms, with
 * patterns and option descriptions) as `response_schema`, with an id and a `value` that is the
 * message, or an object holding it in `message` or `question` beside other keys.
 */
export const langGraphInterrupt = fc
  .tuple(
    acpRequest,
    fc.stringMatching(/^[0-9a-f]{8,32}$/),
    fc.constantFrom("string", "message", "question"),
    fc.record({ step: fc.constantFrom("review", "confirm"), attempt: fc.nat(5) }, { requiredKeys: [] }),
  )
  .map(([params, id, style, extras]) => ({
    id,
    value: style === "string" || params.message === "" ? params.message : { [style]: params.message, ...extras },
    response_schema: params.requestedSchema,
  }));
