import type { Agent as MastraAgent } from "@mastra/core/agent";
import type { AgentChunkType } from "@mastra/core/stream";
import { expect } from "chai";
import { z } from "zod";
import type { FormModel } from "../../src/model/index.js";
import {
  type MastraApprovalPayload,
  type MastraSuspendedChunk,
  type MastraSuspendedPayload,
  mastraProtocol,
} from "../../src/protocols/mastra/index.js";

/**
 * formgate's Mastra wire types against `@mastra/core` 1.71.0's own (both ways, checked by `tsc`), and a real Mastra
 * agent (a mock model from Mastra's test utilities, an in-memory store) whose tool suspends: the chunk it streams is
 * read into the model, and the resumeData formgate writes resumes the run through `agent.resumeStream`, the tool's
 * zod resumeSchema accepting it and receiving exactly the answers. Mastra declares Node 22.13+; it loads and runs on
 * Node 20 (this suite's machine), and when it cannot, the suite fails saying so rather than skipping.
 */

type SdkChunk<T extends string> = Extract<AgentChunkType, { type: T }>;
type SdkSuspendedPayload = SdkChunk<"tool-call-suspended">["payload"];
type SdkApprovalPayload = SdkChunk<"tool-call-approval">["payload"];
type Ours<T extends string> = Extract<MastraSuspendedChunk, { type: T }>;

// Compile-time: each payload is the SDK's, and the SDK's is formgate's (fails `tsc` when either changes).
const suspendedBothWays: [MastraSuspendedPayload, SdkSuspendedPayload] = [
  {} as SdkSuspendedPayload,
  {} as MastraSuspendedPayload,
];
const approvalBothWays: [MastraApprovalPayload, SdkApprovalPayload] = [
  {} as SdkApprovalPayload,
  {} as MastraApprovalPayload,
];
// A chunk Mastra streams is one formgate's type describes; one formgate writes, with a runId, is Mastra's (but for
// `from`, Mastra's enum `ChunkFrom`, whose value "AGENT" is checked at run time below).
const sdkChunks: [Ours<"tool-call-suspended">, Ours<"tool-call-approval">] = [
  {} as SdkChunk<"tool-call-suspended">,
  {} as SdkChunk<"tool-call-approval">,
];
const ourChunks: [Omit<SdkChunk<"tool-call-suspended">, "from">, Omit<SdkChunk<"tool-call-approval">, "from">] = [
  {} as Omit<Ours<"tool-call-suspended">, "from"> & { runId: string },
  {} as Omit<Ours<"tool-call-approval">, "from"> & { runId: string },
];
void [suspendedBothWays, approvalBothWays, sdkChunks, ourChunks];

/** What the tool received as resumeData, per run. */
const received: unknown[] = [];

/** A model stream part (`LanguageModelV2StreamPart`) sequence as Mastra's mock model replays it. */
function modelStream(parts: object[]) {
  return {
    stream: new ReadableStream({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    }),
  };
}

const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };

/** An agent whose model calls `bookTable` once, then answers in text; the tool suspends (or needs approval). */
async function bookingAgent(approval: boolean): Promise<MastraAgent> {
  let mastra: typeof import("@mastra/core/mastra");
  try {
    mastra = await import("@mastra/core/mastra");
  } catch (error) {
    throw new Error(
      `@mastra/core 1.71.0 (which declares Node >= 22.13) could not be loaded on Node ${process.versions.node}: ` +
        `${String(error)}. The type checks above still ran with tsc.`,
    );
  }
  const { Agent } = await import("@mastra/core/agent");
  const { InMemoryStore } = await import("@mastra/core/storage");
  const { createTool } = await import("@mastra/core/tools");
  const { MastraLanguageModelV2Mock } = await import("@mastra/core/test-utils/llm-mock");
  const bookTable = createTool({
    id: "book-table",
    description: "Books a table",
    inputSchema: z.object({ restaurant: z.string() }),
    suspendSchema: z.object({ message: z.string() }),
    resumeSchema: z.object({
      guests: z.number().int().min(1).max(12).describe("How many people"),
      time: z.enum(["18:00", "20:00"]),
      email: z.email(),
      terrace: z.boolean(),
      notes: z.string().max(200).optional(),
    }),
    ...(approval && { requireApproval: true }),
    execute: async (_input, context) => {
      if (!approval && context?.agent?.resumeData === undefined)
        return await context?.agent?.suspend({ message: "How many guests, and when?" });
      received.push(context?.agent?.resumeData);
      return { booked: true };
    },
  });
  let calls = 0;
  const model = new MastraLanguageModelV2Mock({
    doStream: async () =>
      calls++ === 0
        ? modelStream([
            { type: "stream-start", warnings: [] },
            { type: "tool-call", toolCallId: "call-1", toolName: "bookTable", input: '{"restaurant":"Chez"}' },
            { type: "finish", finishReason: "tool-calls", usage },
          ])
        : modelStream([
            { type: "stream-start", warnings: [] },
            { type: "text-start", id: "t" },
            { type: "text-delta", id: "t", delta: "Booked." },
            { type: "text-end", id: "t" },
            { type: "finish", finishReason: "stop", usage },
          ]),
  });
  const agent = new Agent({ id: "host", name: "Host", instructions: "Book tables.", model, tools: { bookTable } });
  const app = new mastra.Mastra({ agents: { agent }, logger: false, storage: new InMemoryStore() });
  return app.getAgent("agent");
}

/** Streams an agent's output and returns its chunks. */
async function chunksOf(output: { fullStream: AsyncIterable<unknown> }): Promise<Record<string, unknown>[]> {
  const chunks: Record<string, unknown>[] = [];
  for await (const chunk of output.fullStream) chunks.push(chunk as Record<string, unknown>);
  return chunks;
}

describe("mastra: a real agent's suspended tool, read and resumed with formgate's resumeData", function () {
  this.timeout(60_000);

  it("the suspended chunk reads into the model and writes back as itself; the answers resume the run", async () => {
    const { ChunkFrom } = await import("@mastra/core/stream");
    const agent = await bookingAgent(false);
    const run = await agent.stream("Book a table at Chez");
    const chunk = (await chunksOf(run)).find((c) => c.type === "tool-call-suspended");
    if (chunk === undefined) return expect.fail("the agent streamed no tool-call-suspended chunk");
    const read = mastraProtocol.readForm(chunk);
    if (!read.ok) return expect.fail(JSON.stringify(read.error.issues, null, 2));
    expect(read.warnings).to.deep.equal([]);
    const form: FormModel = read.value;
    expect([form.id, form.title, form.fields.map((f) => [f.id, f.kind, f.required])]).to.deep.equal([
      "call-1",
      "How many guests, and when?",
      [
        ["guests", "number", true],
        ["time", "choice", true],
        ["email", "text", true],
        ["terrace", "boolean", true],
        ["notes", "text", false],
      ],
    ]);
    const written = mastraProtocol.writeForm(form);
    if (!written.ok) return expect.fail(JSON.stringify(written.error));
    expect(written.value.from).to.equal(ChunkFrom.AGENT);
    const schemaOf = (c: unknown) => JSON.parse((c as { payload: { resumeSchema: string } }).payload.resumeSchema);
    expect(schemaOf(written.value)).to.deep.equal(schemaOf(chunk));
    expect({ ...written.value, payload: { ...written.value.payload, resumeSchema: "" } }).to.deep.equal({
      ...chunk,
      payload: { ...(chunk.payload as object), resumeSchema: "" },
    });

    const answers = { guests: 4, time: "20:00", email: "ana@example.com", terrace: true };
    const resumeData = mastraProtocol.writeAnswers({ action: "accept", answers }, form);
    if (!resumeData.ok) return expect.fail(JSON.stringify(resumeData.error));
    received.length = 0;
    const resumed = await agent.resumeStream(resumeData.value, { runId: run.runId, toolCallId: "call-1" });
    const results = (await chunksOf(resumed)).filter((c) => c.type === "tool-result");
    expect(received).to.deep.equal([answers]);
    expect(results.map((c) => (c.payload as { result: unknown }).result)).to.deep.equal([{ booked: true }]);
  });

  it("answers formgate refuses never reach the run; Mastra's own check refuses them too", async () => {
    const agent = await bookingAgent(false);
    const run = await agent.stream("Book a table at Chez");
    const chunk = (await chunksOf(run)).find((c) => c.type === "tool-call-suspended");
    const read = mastraProtocol.readForm(chunk);
    if (!read.ok) return expect.fail(JSON.stringify(read.error.issues));
    const bad = { guests: 40, time: "21:00", email: "not mail", terrace: true };
    const written = mastraProtocol.writeAnswers({ action: "accept", answers: bad }, read.value);
    // zod's email writes both `format` and its `pattern`: the email is refused by each.
    expect(written.ok || [...new Set(written.error.issues.map((issue) => issue.path.at(-1)))]).to.deep.equal([
      "guests",
      "time",
      "email",
    ]);
    const direct = mastraProtocol.readAnswers(bad, read.value);
    expect(direct.ok).to.equal(false);
    received.length = 0;
    const resumed = await agent.resumeStream(bad, { runId: run.runId, toolCallId: "call-1" });
    const results = (await chunksOf(resumed)).filter((c) => c.type === "tool-result");
    expect(received).to.deep.equal([]);
    expect(results.map((c) => (c.payload as { result: { error?: boolean } }).result.error)).to.deep.equal([true]);
  });

  it("a tool-call-approval chunk reads as Mastra's approval form, and { approved: true } runs the tool", async () => {
    const agent = await bookingAgent(true);
    const run = await agent.stream("Book a table at Chez");
    const chunk = (await chunksOf(run)).find((c) => c.type === "tool-call-approval");
    const read = mastraProtocol.readForm(chunk);
    if (!read.ok) return expect.fail(JSON.stringify(read.error.issues));
    expect(read.value.fields.map((f) => [f.id, f.kind, f.required])).to.deep.equal([
      ["approved", "boolean", true],
      ["reason", "text", false],
    ]);
    const resumeData = mastraProtocol.writeAnswers({ action: "accept", answers: { approved: true } }, read.value);
    if (!resumeData.ok) return expect.fail(JSON.stringify(resumeData.error));
    expect(resumeData.value).to.deep.equal({ approved: true });
    const resumed = await agent.resumeStream(resumeData.value, { runId: run.runId, toolCallId: "call-1" });
    const results = (await chunksOf(resumed)).filter((c) => c.type === "tool-result");
    expect(results.map((c) => (c.payload as { result: unknown }).result)).to.deep.equal([{ booked: true }]);
  });
});
