import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { type ClientCapabilities as LegacyCapabilities, McpError } from "@modelcontextprotocol/sdk/types.js";
import { Client } from "@modelcontextprotocol/client";
import {
  InMemoryTransport,
  McpServer,
  acceptedContent,
  createRequestStateCodec,
  fromJsonSchema,
  inputRequired,
  type ElicitRequestFormParams,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { serveStdio as serveBothEras } from "@modelcontextprotocol/server/stdio";
import inputSchema from "../schemas/data-tool-input.schema.json" with { type: "json" };
import { FORM_TOOL_NAME, serveStdio, type StdioOptions } from "../src/server/index.js";

/** A connected in-process client: calls the form tool with arguments, answers every form with `answer`. */
export interface Host {
  call(args: unknown): Promise<unknown>;
  close(): Promise<void>;
}

type Answer = (params: unknown) => Record<string, unknown>;

/** One key for every server of the benchmark, as a deployment shares one. */
const STATE_KEY = new Uint8Array(32).fill(7);

/**
 * formgate's server (src/server) as `formgate serve` runs it: the SDK's serving entry over one
 * end of an in-memory pair, pinned to the era of the client's first message.
 */
async function formgateServer(
  limits: StdioOptions["limits"] = {},
): Promise<{ transport: InMemoryTransport; close(): Promise<void> }> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const server = await serveStdio({
    transport: serverTransport,
    stateKeys: { current: STATE_KEY, previous: [] },
    limits,
  });
  return { transport: clientTransport, close: () => server.close() };
}

/**
 * The reference: the server a user would otherwise write with the SDK. Its tool validates the
 * same input schema with the SDK's own JSON Schema validation (`fromJsonSchema`, ajv) before it
 * runs, then asks for the form it was given (precompiled once: it has no compiler) with the
 * SDK's own `elicitInput` (2025 era; the SDK validates the answer against the requested schema
 * with a cached validator) or a multi round-trip input request (the OpenAI form in `_meta`) with
 * a state sealed by the SDK's codec (2026-07-28; the answer validated on the retry against the
 * same schema with a validator compiled once).
 */
async function referenceServer(
  requestedSchema: object,
  message: string,
): Promise<{ transport: InMemoryTransport; close(): Promise<void> }> {
  const codec = createRequestStateCodec<{ round: number }>({ key: STATE_KEY, ttlSeconds: 900 });
  const answerSchema = fromJsonSchema<Record<string, unknown>>(requestedSchema as Parameters<typeof fromJsonSchema>[0]);
  const params = { mode: "form", message, requestedSchema } as ElicitRequestFormParams;
  // On 2026-07-28 the OpenAI form travels in _meta, the core schema left empty (as formgate sends it).
  const modernParams = {
    mode: "form",
    message,
    requestedSchema: { type: "object", properties: {} },
    _meta: { "openai/elicitation": { requestedSchema } },
  } as ElicitRequestFormParams;
  const factory = () => {
    const server = new McpServer(
      { name: "sdk-reference", version: "1.0.0" },
      { capabilities: { tools: {} }, requestState: { verify: codec.verify } },
    );
    server.registerTool(
      FORM_TOOL_NAME,
      { inputSchema: fromJsonSchema(inputSchema as Parameters<typeof fromJsonSchema>[0]) },
      async (_args: unknown, ctx: ServerContext) => {
        let result: unknown;
        if (ctx.mcpReq.envelope === undefined) {
          result = await ctx.mcpReq.elicitInput(params);
        } else if (ctx.mcpReq.requestState() === undefined) {
          return inputRequired({
            inputRequests: { form: inputRequired.elicit(modernParams) },
            requestState: await codec.mint({ round: 1 }),
          });
        } else {
          const content = acceptedContent(ctx.mcpReq.inputResponses, "form", answerSchema);
          result = content === undefined ? { action: "decline" } : { action: "accept", content };
        }
        return {
          content: [{ type: "text", text: JSON.stringify(result) }],
          structuredContent: result as Record<string, unknown>,
        };
      },
    );
    return server;
  };
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const handle = serveBothEras(factory, { transport: serverTransport });
  return { transport: clientTransport, close: () => handle.close() };
}

/** formgate, 2025 era: an SDK 1.x client with the OpenAI extension, answering `openai/elicitation/create`. */
export async function formgateHost(answer: Answer, limits?: StdioOptions["limits"]): Promise<Host> {
  const server = await formgateServer(limits);
  return legacyClient(
    server,
    "openai/elicitation/create",
    { extensions: { "openai/elicitation": { form: {} } } } as LegacyCapabilities,
    answer,
  );
}

/** The reference, 2025 era: an SDK 1.x client with standard elicitation, answering `elicitation/create`. */
export async function sdkHost(requestedSchema: object, message: string, answer: Answer): Promise<Host> {
  const server = await referenceServer(requestedSchema, message);
  return legacyClient(server, "elicitation/create", { elicitation: { form: {} } } as LegacyCapabilities, answer);
}

/** formgate, 2026-07-28: the SDK v2 client pinned, fulfilling the input request and retrying by itself. */
export async function formgateModernHost(answer: Answer): Promise<Host> {
  return modernClient(
    await formgateServer(),
    { elicitation: { form: {} }, extensions: { "openai/elicitation": { form: {} } } },
    answer,
  );
}

/** The reference, 2026-07-28: the same client against the SDK reference server. */
export async function sdkModernHost(requestedSchema: object, message: string, answer: Answer): Promise<Host> {
  return modernClient(
    await referenceServer(requestedSchema, message),
    { elicitation: { form: {} }, extensions: { "openai/elicitation": { form: {} } } },
    answer,
  );
}

/** formgate, 2026-07-28, first rounds only: the client takes the `input_required` answer and never retries. */
export async function formgateFirstRoundHost(): Promise<Host> {
  const server = await formgateServer();
  const client = new Client(
    { name: "bench-host-2026", version: "1.0.0" },
    {
      capabilities: { elicitation: { form: {} }, extensions: { "openai/elicitation": { form: {} } } } as never,
      versionNegotiation: { mode: { pin: "2026-07-28" } },
      inputRequired: { autoFulfill: false },
    },
  );
  client.setRequestHandler("elicitation/create", () => ({ action: "decline" }));
  await client.connect(server.transport);
  return {
    call: (args) =>
      client.callTool({ name: FORM_TOOL_NAME, arguments: args as Record<string, unknown> }, {
        allowInputRequired: true,
      } as never),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

async function legacyClient(
  server: { transport: InMemoryTransport; close(): Promise<void> },
  method: string,
  capabilities: LegacyCapabilities,
  answer: Answer,
): Promise<Host> {
  const client = new LegacyClient({ name: "bench-host", version: "1.0.0" }, { capabilities });
  // Both hosts answer through the fallback handler, so neither client validates the request.
  client.fallbackRequestHandler = async (request) => {
    if (request.method !== method) throw new McpError(-32601, `Method not found: ${request.method}`);
    return answer(request.params);
  };
  await client.connect(server.transport as unknown as Parameters<LegacyClient["connect"]>[0]);
  return {
    call: (args) => client.callTool({ name: FORM_TOOL_NAME, arguments: args as Record<string, unknown> }),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

async function modernClient(
  server: { transport: InMemoryTransport; close(): Promise<void> },
  capabilities: object,
  answer: Answer,
): Promise<Host> {
  const client = new Client(
    { name: "bench-host-2026", version: "1.0.0" },
    { capabilities: capabilities as never, versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  client.setRequestHandler("elicitation/create", (request) => answer(request.params) as never);
  await client.connect(server.transport);
  return {
    call: (args) => client.callTool({ name: FORM_TOOL_NAME, arguments: args as Record<string, unknown> }),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
