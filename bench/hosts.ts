import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, type ClientCapabilities, McpError } from "@modelcontextprotocol/sdk/types.js";
import { FORM_TOOL_NAME, createFormServer } from "../src/server/index.js";

/** A connected in-process client: calls the form tool with arguments, answers every form with `answer`. */
export interface Host {
  call(args: unknown): Promise<unknown>;
  close(): Promise<void>;
}

/** formgate's server (src/server), as `formgate serve` runs it, behind the SDK's InMemoryTransport. */
export async function formgateHost(answer: (params: unknown) => Record<string, unknown>): Promise<Host> {
  return connect(createFormServer(), "openai/elicitation/create", { extensions: { "openai/elicitation": { form: {} } } } as ClientCapabilities, answer);
}

/**
 * The reference: an SDK server whose tool asks the host with the SDK's own `elicitInput`,
 * passing the same requested schema object every time, so the SDK's ajv compiles it once
 * and validates each answer with the cached function. It checks nothing of the arguments.
 */
export async function sdkHost(requestedSchema: object, message: string, answer: (params: unknown) => Record<string, unknown>): Promise<Host> {
  const server = new Server({ name: "sdk-reference", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(CallToolRequestSchema, async () => {
    const result = await server.elicitInput({ mode: "form", message, requestedSchema } as Parameters<Server["elicitInput"]>[0]);
    return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
  });
  return connect(server, "elicitation/create", { elicitation: { form: {} } } as ClientCapabilities, answer);
}

async function connect(server: Server, method: string, capabilities: ClientCapabilities, answer: (params: unknown) => Record<string, unknown>): Promise<Host> {
  const client = new Client({ name: "bench-host", version: "1.0.0" }, { capabilities });
  // Both hosts answer through the fallback handler, so neither client validates the request.
  client.fallbackRequestHandler = async (request) => {
    if (request.method !== method) throw new McpError(-32601, `Method not found: ${request.method}`);
    return answer(request.params);
  };
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  return {
    call: (args) => client.callTool({ name: FORM_TOOL_NAME, arguments: args as Record<string, unknown> }),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
