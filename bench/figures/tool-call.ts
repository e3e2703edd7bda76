import { forms, validAnswers } from "../generators/forms.js";
import { type Host, formgateHost, formgateModernHost, sdkHost, sdkModernHost } from "../hosts.js";
import { compare } from "../measure.js";
import { type Row, timedRow } from "../report.js";

const REFERENCE = "SDK v2 server validating the input schema (fromJsonSchema) before eliciting";

/**
 * One in-process MCP tool call with the 12-question form, answered by the host at once, in
 * each era: 2025 (one server-initiated request) and 2026-07-28 (both rounds: the input
 * request, then the retry with the answer and the state).
 */
export async function toolCall(): Promise<Row[]> {
  const { data, native } = forms();
  const answer = validAnswers(data);
  return [
    await measurePair(
      "MCP tool call with a 12-question elicitation, in-process, 2025 era",
      formgateHost(() => answer),
      sdkHost(native.requestedSchema, native.message, () => answer),
      data,
    ),
    await measurePair(
      "MCP tool call with a 12-question elicitation, in-process, 2026-07-28 (both rounds)",
      formgateModernHost(() => answer),
      sdkModernHost(native.requestedSchema, native.message, () => answer),
      data,
    ),
  ];
}

async function measurePair(
  figure: string,
  formgatePending: Promise<Host>,
  referencePending: Promise<Host>,
  data: unknown,
): Promise<Row> {
  const [formgate, reference] = await Promise.all([formgatePending, referencePending]);
  const expectAccepted = (side: string) => (result: unknown) => {
    const structured = (result as { structuredContent?: { action?: string } }).structuredContent;
    if (structured?.action !== "accept")
      throw new Error(`${side}: the tool call was not accepted: ${JSON.stringify(result).slice(0, 300)}`);
  };
  try {
    const timing = await compare({
      formgate: async () => expectAccepted("formgate")(await formgate.call(data)),
      reference: async () => expectAccepted("reference")(await reference.call(data)),
    });
    return timedRow(figure, REFERENCE, timing, 1.0);
  } finally {
    await formgate.close();
    await reference.close();
  }
}
