import { expect } from "chai";
import { readFileSync } from "node:fs";
import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { convertToModelMessages, readUIMessageStream, streamText, type UIMessage } from "ai";
import { answerToolPart, DATA_TOOL_NAME, dataTool, readToolPart, type ToolPartView } from "../../src/ai-sdk/index.js";
import { DATA_TOOL_INPUT_SCHEMA, FORM_TOOL_DESCRIPTION } from "../../src/protocols/data/tool.js";
import { formToolDescriptor } from "../../src/server/index.js";
import { mockModel, mockModelV3, textStep, toolCallStep } from "./mock-model.js";

/** A valid Data input: a text question and a choice. */
const INPUT = {
  message: "Plan the review",
  questions: [
    { id: "goal", type: "text", title: "What is the goal?", required: true },
    {
      id: "audience",
      type: "single_select",
      title: "Who is it for?",
      required: false,
      options: [
        { id: "exec", title: "Executives" },
        { id: "team", title: "The team" },
      ],
    },
  ],
};

function fixture(name: string): unknown {
  return (JSON.parse(readFileSync(`test/fixtures/data/invalid/${name}.json`, "utf8")) as { input: unknown }).input;
}

/** Streams a model's Data tool call through streamText and the AI SDK's UI reader; every message state the UI saw. */
async function streamCall(input: unknown, size = 7, v3 = false): Promise<UIMessage[]> {
  const step = toolCallStep(DATA_TOOL_NAME, input, size);
  const result = streamText({
    model: v3 ? mockModelV3(step as LanguageModelV3StreamPart[]) : mockModel(step),
    tools: { [DATA_TOOL_NAME]: dataTool() },
    prompt: "Ask me",
  });
  const states: UIMessage[] = [];
  for await (const message of readUIMessageStream({ stream: result.toUIMessageStream() }))
    states.push(structuredClone(message));
  return states;
}

function views(states: UIMessage[]): ToolPartView[] {
  return states.flatMap((message) => message.parts.flatMap((part) => readToolPart(part) ?? []));
}

describe("ai-sdk: the Data tool through streamText (ai/test's MockLanguageModelV4)", () => {
  it("is the Data tool: its name, its description, the contract's input schema, no execute", () => {
    const tool = dataTool();
    expect(DATA_TOOL_NAME).to.equal("form_elicitation_v2_request");
    expect(tool.description).to.equal(FORM_TOOL_DESCRIPTION);
    expect(tool).not.to.have.property("execute");
    expect(dataTool({ description: "Ask the person." }).description).to.equal("Ask the person.");
    // The MCP server advertises the same tool: one description and one schema for both.
    expect(formToolDescriptor.description).to.equal(tool.description);
    expect(formToolDescriptor.inputSchema).to.equal(DATA_TOOL_INPUT_SCHEMA);
  });

  it("sends the model the contract's input schema", async () => {
    const model = mockModel(textStep("Hello"));
    await streamText({ model, tools: { [DATA_TOOL_NAME]: dataTool() }, prompt: "Hi" }).consumeStream();
    const [tool] = model.doStreamCalls[0]?.tools ?? [];
    const schema = JSON.parse(readFileSync("schemas/data-tool-input.schema.json", "utf8")) as object;
    expect(tool).to.include({ type: "function", name: DATA_TOOL_NAME });
    expect((tool as { inputSchema: object }).inputSchema).to.deep.include({
      properties: (schema as { properties: object }).properties,
    });
  });

  it("shows the questions live as the input streams, then the form, then the answer", async () => {
    const states = await streamCall(INPUT);
    const seen = views(states);
    const streaming = seen.filter((view) => view.status === "streaming");
    expect(streaming.length).to.be.greaterThan(2);
    // Questions appear one by one, whole, never a question cut short.
    const counts = streaming.map((view) => view.partial?.fields.length ?? -1);
    expect(counts).to.deep.equal([...counts].sort((a, b) => a - b));
    expect(counts).to.include.members([0, 1, 2]);
    for (const view of streaming) {
      expect(view.form).to.equal(undefined);
      expect(view.issues).to.deep.equal([]);
      for (const field of view.partial?.fields ?? [])
        expect(field.label).to.be.oneOf(["What is the goal?", "Who is it for?"]);
    }
    const last = seen.at(-1);
    expect(last?.status).to.equal("ready");
    expect(last?.form?.title).to.equal("Plan the review");
    expect(last?.form?.fields.map((field) => field.id)).to.deep.equal(["goal", "audience"]);

    // The person answers; the output goes back to the model with the next request.
    const message = states.at(-1) as UIMessage;
    const part = message.parts.find((item) => readToolPart(item) !== undefined);
    const answered = answerToolPart(part as NonNullable<typeof part>, {
      action: "accept",
      answers: { goal: "Ship it", audience: "team" },
    });
    if (!answered.ok) throw new Error(answered.error.message);
    expect(answered.value).to.deep.equal({
      tool: DATA_TOOL_NAME,
      toolCallId: "call-1",
      output: { action: "accept", content: { goal: "Ship it", audience: "team" } },
    });
    const withOutput: UIMessage = {
      ...message,
      parts: message.parts.map((item) =>
        item === part ? { ...(item as object), state: "output-available", output: answered.value.output } : item,
      ) as UIMessage["parts"],
    };
    const view = readToolPart(withOutput.parts.find((item) => readToolPart(item)) as UIMessage["parts"][number]);
    expect(view?.status).to.equal("answered");
    expect(view?.response).to.deep.equal({ action: "accept", answers: { goal: "Ship it", audience: "team" } });

    const next = mockModel(textStep("Thanks"));
    const modelMessages = await convertToModelMessages(
      [{ id: "u1", role: "user", parts: [{ type: "text", text: "Ask me" }] }, withOutput],
      { tools: { [DATA_TOOL_NAME]: dataTool() } },
    );
    await streamText({ model: next, tools: { [DATA_TOOL_NAME]: dataTool() }, messages: modelMessages }).consumeStream();
    const prompt = next.doStreamCalls[0]?.prompt ?? [];
    const toolMessage = prompt.find((item) => item.role === "tool");
    expect(toolMessage?.content[0]).to.deep.include({
      type: "tool-result",
      toolCallId: "call-1",
      toolName: DATA_TOOL_NAME,
      output: { type: "json", value: { action: "accept", content: { goal: "Ship it", audience: "team" } } },
    });
  });

  it("reads a call of a V3 model (MockLanguageModelV3) the same way", async () => {
    const seen = views(await streamCall(INPUT, 7, true));
    expect(seen.some((view) => view.status === "streaming" && view.partial?.fields.length === 1)).to.equal(true);
    expect(seen.at(-1)?.form?.fields.map((field) => field.id)).to.deep.equal(["goal", "audience"]);
    const broken = views(await streamCall(fixture("id-leading-digit"), 64, true)).at(-1);
    expect(broken?.issues.map((issue) => issue.code)).to.deep.equal(["pattern_mismatch"]);
  });

  it("refuses an answer that does not satisfy the form, and a part of another tool", async () => {
    const states = await streamCall(INPUT);
    const part = (states.at(-1) as UIMessage).parts.find((item) => readToolPart(item)) as UIMessage["parts"][number];
    const refused = answerToolPart(part, { action: "accept", answers: { audience: "nobody" } });
    expect(refused.ok).to.equal(false);
    if (refused.ok) return;
    expect(refused.error.code).to.equal("invalid_response");
    expect(refused.error.issues.map((issue) => issue.code)).to.have.members(["missing_answer", "not_an_option"]);
    expect(answerToolPart(part, { action: "decline" })).to.deep.include({
      ok: true,
      value: { tool: DATA_TOOL_NAME, toolCallId: "call-1", output: { action: "decline" } },
    });
    expect(readToolPart({ type: "tool-weather", toolCallId: "x", state: "input-available", input: {} })).to.equal(
      undefined,
    );
    expect(readToolPart({ type: "text", text: "hi" } as UIMessage["parts"][number])).to.equal(undefined);
    expect(answerToolPart({ type: "tool-weather", toolCallId: "x" }).ok).to.equal(false);
  });

  for (const [name, code] of [
    ["questions-13", "too_long"],
    ["unknown-top-level-property", "unknown_key"],
    ["id-leading-digit", "pattern_mismatch"],
  ] as const) {
    it(`refuses an input that breaks the contract as an invalid tool input (${name})`, async () => {
      const states = await streamCall(fixture(name), 64);
      const final = views(states).at(-1);
      expect(final?.status).to.equal("failed");
      expect(final?.issues.map((issue) => issue.code)).to.include(code);
      const part = (states.at(-1) as UIMessage).parts.find((item) => readToolPart(item));
      expect(part).to.include({ state: "output-error" });
      // The model is told every problem with the next request, by the AI SDK itself.
      const modelMessages = await convertToModelMessages([states.at(-1) as UIMessage], {
        tools: { [DATA_TOOL_NAME]: dataTool() },
      });
      const result = modelMessages.flatMap((item) => (item.role === "tool" ? item.content : []))[0];
      expect(result).to.deep.include({ type: "tool-result", toolCallId: "call-1" });
      expect(JSON.stringify(result)).to.include(code);
    });
  }
});
