import { expect } from "chai";
import { createMCPClient, ElicitationRequestSchema, ElicitResultSchema as AiSdkElicitResultSchema } from "@ai-sdk/mcp";
import { ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { createUIMessageStream, readUIMessageStream, stepCountIs, streamText, type UIMessage } from "ai";
import { elicitationBridge, type FormgateFormChunk, type FormgateFormData } from "../../src/ai-sdk/index.js";
import { FORM_TOOL_NAME } from "../../src/index.js";
import { type HttpServer, serveHttp } from "../../src/server/index.js";
import { eventually } from "../server/harness.js";
import { mockModel, textStep, toolCallStep } from "./mock-model.js";

const INPUT = {
  message: "Plan the review",
  questions: [
    { id: "goal", type: "text", title: "What is the goal?", required: true },
    {
      id: "size",
      type: "single_select",
      title: "Size",
      required: false,
      options: [
        { id: "s", title: "Small" },
        { id: "l", title: "Large" },
      ],
    },
  ],
};

/**
 * An elicitation request as the MCP TypeScript SDK's `server.elicitInput` writes it (its
 * test/integration elicitation tests: a form of a string, a number and a boolean), which
 * `@ai-sdk/mcp` hands its handler as `{ method, params }`.
 */
const SDK_REQUEST = {
  method: "elicitation/create",
  params: {
    mode: "form",
    message: "Please provide your information",
    requestedSchema: {
      type: "object",
      properties: {
        name: { type: "string", title: "Name" },
        age: { type: "integer", minimum: 0 },
        subscribe: { type: "boolean" },
      },
      required: ["name"],
    },
  },
};

function recorder(): { writer: { write(chunk: FormgateFormChunk): void }; chunks: FormgateFormChunk[] } {
  const chunks: FormgateFormChunk[] = [];
  return { chunks, writer: { write: (chunk) => void chunks.push(chunk) } };
}

describe("ai-sdk: elicitationBridge", () => {
  it("writes the form, refuses a wrong answer, resolves with a result the MCP SDKs accept", async () => {
    const bridge = elicitationBridge({ createId: () => "form-1" });
    const { writer, chunks } = recorder();
    const pending = bridge.handle(SDK_REQUEST, writer);
    expect(chunks).to.have.length(1);
    expect(chunks[0]).to.deep.include({ type: "data-formgate-form", id: "form-1" });
    expect(chunks[0]?.data).to.include({ state: "ready", source: "mcp" });
    expect(chunks[0]?.data.form?.fields.map((field) => field.id)).to.deep.equal(["name", "age", "subscribe"]);

    const wrong = bridge.answer("form-1", { action: "accept", answers: { age: -1 } });
    expect(wrong.ok).to.equal(false);
    if (!wrong.ok)
      expect(wrong.error.issues.map((issue) => issue.code)).to.have.members(["missing_answer", "too_small"]);
    expect(bridge.pending()).to.deep.equal(["form-1"]);
    expect(bridge.answer("nope", { action: "decline" })).to.deep.include({ ok: false });

    const right = bridge.answer("form-1", { action: "accept", answers: { name: "Ada", age: 36, subscribe: true } });
    expect(right.ok).to.equal(true);
    const result = await pending;
    expect(result).to.deep.equal({ action: "accept", content: { name: "Ada", age: 36, subscribe: true } });
    expect(ElicitResultSchema.parse(result)).to.deep.equal(result);
    expect(AiSdkElicitResultSchema.parse(result)).to.deep.equal(result);
    expect(chunks.at(-1)?.data).to.deep.include({
      state: "answered",
      response: { action: "accept", answers: { name: "Ada", age: 36, subscribe: true } },
    });
    expect(bridge.pending()).to.deep.equal([]);
    expect(bridge.answer("form-1", { action: "decline" }).ok).to.equal(false);
  });

  it("passes decline and cancel through, cancels on abort, and refuses what it cannot show", async () => {
    const bridge = elicitationBridge();
    const { writer, chunks } = recorder();
    const declined = bridge.handle(SDK_REQUEST.params, writer);
    expect(bridge.answer(chunks[0]?.id as string, { action: "decline" }).ok).to.equal(true);
    expect(await declined).to.deep.equal({ action: "decline" });
    const controller = new AbortController();
    const aborted = bridge.handle(SDK_REQUEST, writer, { signal: controller.signal });
    controller.abort();
    expect(await aborted).to.deep.equal({ action: "cancel" });
    expect(bridge.pending()).to.deep.equal([]);
    const url = {
      method: "elicitation/create",
      params: { mode: "url", message: "Sign in", url: "https://example.com", elicitationId: "e" },
    };
    const refused = await bridge.handle(url, writer).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(refused?.cause).to.deep.include({ code: "invalid_form" });
    const closed = {
      write() {
        throw new TypeError("The stream is closed.");
      },
    };
    const unwritten = await bridge.handle(SDK_REQUEST, closed).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(unwritten?.message).to.equal("The stream is closed.");
    expect(bridge.pending()).to.deep.equal([]);
    const full = elicitationBridge({ maxPending: 1 });
    void full.handle(SDK_REQUEST, writer);
    const over = await full.handle(SDK_REQUEST, writer).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(over).to.be.instanceOf(Error);
  });

  for (const era of ["2025-11-25", "2026-07-28"] as const) {
    describe(`formgate's MCP server through @ai-sdk/mcp (${era})`, () => {
      let server: HttpServer;
      before(async () => {
        server = await serveHttp({ port: 0 });
      });
      after(async () => {
        await server.close();
      });

      it("reaches the chat as a data part while streamText runs the tool; the answer reaches the server", async () => {
        const client = await createMCPClient({
          transport: { type: "http", url: server.url },
          capabilities: { elicitation: {} },
          protocolVersionDiscovery: era === "2026-07-28",
        });
        const bridge = elicitationBridge();
        const stream = createUIMessageStream({
          execute: async ({ writer }) => {
            client.onElicitationRequest(ElicitationRequestSchema, (request) => bridge.handle(request, writer));
            const result = streamText({
              model: mockModel(toolCallStep(FORM_TOOL_NAME, INPUT), textStep("Thanks")),
              tools: await client.tools(),
              stopWhen: stepCountIs(2),
              prompt: "Plan",
            });
            writer.merge(result.toUIMessageStream());
          },
        });
        let answered = false;
        let message: UIMessage | undefined;
        for await (message of readUIMessageStream({ stream })) {
          const form = message.parts.find((part) => part.type === "data-formgate-form") as
            | { id: string; data: FormgateFormData }
            | undefined;
          if (form?.data.state === "ready" && !answered) {
            answered = true;
            expect(form.data.form?.fields.map((field) => field.id)).to.deep.equal(["goal", "size"]);
            expect(bridge.answer(form.id, { action: "accept", answers: { goal: "Ship", size: "l" } }).ok).to.equal(
              true,
            );
          }
        }
        // A 2025-era client holds a session; a 2026-07-28 one is served statelessly.
        expect(server.sessionCount()).to.equal(era === "2025-11-25" ? 1 : 0);
        await client.close();
        expect(answered).to.equal(true);
        const tool = message?.parts.find((part) => part.type === "dynamic-tool") as {
          state: string;
          output: { structuredContent: unknown };
        };
        expect(tool.state).to.equal("output-available");
        expect(tool.output.structuredContent).to.deep.equal({ action: "accept", content: { goal: "Ship", size: "l" } });
        const form = message?.parts.find((part) => part.type === "data-formgate-form") as { data: FormgateFormData };
        expect(form.data.state).to.equal("answered");
        await eventually(() => bridge.pending().length === 0, "the bridge forgets the answered form");
      });
    });
  }
});
