/**
 * The reference of the red-team figures (bench/figures/red-team.ts): the HTTP server a user would
 * write with the SDK alone, after its own examples. One `McpServer` and one
 * `NodeStreamableHTTPServerTransport` per 2025-era session (the SDK v2 line, as formgate), the
 * SDK's example `InMemoryEventStore` for resumable streams, and the Data tool asking for the form
 * it was given with `elicitInput` (an error of the client's becomes the tool's error result, as
 * the SDK writes it). Run as `node --import tsx bench/references/sdk-http-server.ts`; it prints
 * `listening on <url>` on standard error, as `formgate serve --http` does.
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { InMemoryEventStore } from "@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js";
import { NodeStreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import { type ElicitRequestFormParams, McpServer, fromJsonSchema } from "@modelcontextprotocol/server";
import inputSchema from "../../schemas/data-tool-input.schema.json" with { type: "json" };
import { FORM_TOOL_NAME } from "../../src/server/index.js";

function sessionServer(): McpServer {
  const server = new McpServer({ name: "sdk-reference", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.registerTool(
    FORM_TOOL_NAME,
    { inputSchema: fromJsonSchema(inputSchema as Parameters<typeof fromJsonSchema>[0]) },
    async (args, ctx) => {
      const { message } = args as { message: string };
      const params = {
        mode: "form",
        message,
        requestedSchema: { type: "object", properties: { answer: { type: "string" } } },
      } as ElicitRequestFormParams;
      const result = await ctx.mcpReq.elicitInput(params);
      return { content: [{ type: "text", text: JSON.stringify(result) }] };
    },
  );
  return server;
}

const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
const http = createServer(async (req, res) => {
  const id = req.headers["mcp-session-id"];
  let transport = typeof id === "string" ? sessions.get(id) : undefined;
  if (transport === undefined) {
    const fresh = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      eventStore: new InMemoryEventStore(),
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, fresh),
    });
    fresh.onclose = () => void (fresh.sessionId !== undefined && sessions.delete(fresh.sessionId));
    await sessionServer().connect(fresh);
    transport = fresh;
  }
  await transport.handleRequest(req, res);
});
http.listen(0, "127.0.0.1", () => {
  const { port } = http.address() as AddressInfo;
  process.stderr.write(`listening on http://127.0.0.1:${port}/mcp\n`);
});
process.once("SIGTERM", () => process.exit(0));
