import { readFileSync } from "node:fs";
import { expect } from "chai";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { FORM_TOOL_NAME } from "../../src/server/index.js";
import {
  nativeForms,
  root,
  serveCommand,
  serverEnv,
  standardForms,
  startHttpChild,
  type HttpChild,
} from "./harness.js";
import { connectModernHttp, connectModernStdio, modernNativeForms, type ModernHost } from "./modern-peer.js";

/** The bundled example (README), and the answer the person gives in examples/. */
const example = JSON.parse(readFileSync(new URL("examples/report-template.data.json", root), "utf8")) as Record<
  string,
  unknown
>;
const answer = JSON.parse(readFileSync(new URL("examples/report-template.native-result.json", root), "utf8")) as {
  action: string;
  content: Record<string, unknown>;
};
/** The files example, which only a host with native forms can show. */
const upload = JSON.parse(readFileSync(new URL("examples/upload.data.json", root), "utf8")) as Record<string, unknown>;

/** A 2025-era host (SDK 1.x Client) that answers `method` with `result`. */
function legacyHost(
  capabilities: typeof nativeForms,
  method: string,
  result: Record<string, unknown>,
): { client: Client; methods: string[] } {
  const client = new Client({ name: "example-host", version: "1.0.0" }, { capabilities });
  const methods: string[] = [];
  client.fallbackRequestHandler = async (request) => {
    if (request.method !== method) throw new McpError(-32601, `Method not found: ${request.method}`);
    methods.push(request.method);
    return result;
  };
  return { client, methods };
}

const call = async (client: { callTool: Client["callTool"] }, args: unknown) =>
  ((await client.callTool({ name: FORM_TOOL_NAME, arguments: args as Record<string, unknown> })) as CallToolResult)
    .structuredContent;

describe("the bundled example form through formgate serve, every kind of host", function () {
  this.timeout(60_000);
  let http: HttpChild;
  before(async () => {
    http = await startHttpChild();
  });
  after(async () => {
    await http?.stop();
  });

  const stdio = () => {
    const { command, args } = serveCommand();
    return new StdioClientTransport({ command, args, cwd: root.pathname, env: serverEnv(undefined), stderr: "pipe" });
  };
  const transports: [string, () => StdioClientTransport | StreamableHTTPClientTransport][] = [
    [`stdio (${serveCommand().label})`, stdio],
    ["Streamable HTTP", () => new StreamableHTTPClientTransport(http.url)],
  ];

  for (const [name, transport] of transports) {
    it(`${name}: a 2025-era host with the OpenAI extension fills it in`, async () => {
      const { client, methods } = legacyHost(nativeForms, "openai/elicitation/create", answer);
      await client.connect(transport());
      try {
        expect(await call(client, example)).to.deep.equal(answer);
        expect(methods).to.deep.equal(["openai/elicitation/create"]);
      } finally {
        await client.close();
      }
    });

    it(`${name}: a 2025-era host with standard elicitation only fills it in`, async () => {
      const { client, methods } = legacyHost(standardForms, "elicitation/create", answer);
      await client.connect(transport());
      try {
        expect(await call(client, example)).to.deep.equal(answer);
        expect(methods).to.deep.equal(["elicitation/create"]);
      } finally {
        await client.close();
      }
    });

    it(
      `${name}: a 2025-era host with standard elicitation only is told which question of the upload example it ` +
        `cannot show, and is asked nothing`,
      async () => {
        const { client, methods } = legacyHost(standardForms, "elicitation/create", answer);
        await client.connect(transport());
        try {
          const refused = (await call(client, upload)) as {
            error: { code: string; message: string; issues: { path: unknown[] }[] };
          };
          expect(refused.error.code).to.equal("unsupported_client");
          expect(refused.error.message).to.include("Question `data`: it asks for the person's own files");
          expect(refused.error.issues.map((issue) => issue.path)).to.deep.equal([["questions", 0]]);
          expect(methods).to.deep.equal([]);
        } finally {
          await client.close();
        }
      },
    );
  }

  const standardOnly = { elicitation: { form: {} } } as typeof modernNativeForms;
  const modern: [string, (capabilities: typeof modernNativeForms) => Promise<ModernHost>][] = [
    [
      `stdio (${serveCommand().label})`,
      (capabilities) => connectModernStdio({ capabilities, answer: async () => answer }),
    ],
    ["Streamable HTTP", (capabilities) => connectModernHttp(http.url, { capabilities, answer: async () => answer })],
  ];
  for (const [name, connect] of modern) {
    for (const [kind, capabilities] of [
      ["with the OpenAI extension", modernNativeForms],
      ["with standard elicitation only", standardOnly],
    ] as const) {
      it(`${name}: a 2026-07-28 host (SDK v2 Client) ${kind} fills it in over two rounds`, async () => {
        const host = await connect(capabilities);
        try {
          expect(await call(host.client as unknown as Client, example)).to.deep.equal(answer);
          expect(host.received.map((request) => request.method)).to.deep.equal(["elicitation/create"]);
        } finally {
          await host.close();
        }
      });
    }
  }
});
