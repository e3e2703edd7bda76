import { forms, validAnswers } from "../generators/forms.js";
import { formgateHost, sdkHost } from "../hosts.js";
import { compare } from "../measure.js";
import { type Row, timedRow } from "../report.js";

/** One in-process MCP tool call with the 12-question form, answered by the host at once. */
export async function toolCall(): Promise<Row> {
  const { data, native } = forms();
  const answer = validAnswers(data);
  const formgate = await formgateHost(() => answer);
  const sdk = await sdkHost(native.requestedSchema, native.message, () => answer);
  const expectAccepted = (result: unknown) => {
    const structured = (result as { structuredContent?: { action?: string } }).structuredContent;
    if (structured?.action !== "accept") throw new Error(`the tool call was not accepted: ${JSON.stringify(result).slice(0, 300)}`);
  };
  try {
    const timing = await compare({
      formgate: async () => expectAccepted(await formgate.call(data)),
      reference: async () => expectAccepted(await sdk.call(data)),
    });
    return timedRow("MCP tool call with a 12-question elicitation, in-process", "SDK server, elicitInput with a cached schema", timing, 1.2);
  } finally {
    await formgate.close();
    await sdk.close();
  }
}
