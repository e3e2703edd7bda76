import { readFileSync } from "node:fs";
import { expect } from "chai";
import { build } from "esbuild";
import type { Browser, Frame, Page } from "playwright-core";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, ClientCapabilities } from "@modelcontextprotocol/sdk/types.js";
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { translateAnswers } from "../../src/index.js";
import { FORM_TOOL_NAME } from "../../src/server/index.js";
import { APP_MIME_TYPE, FORM_APP_URI, UI_EXTENSION } from "../../src/server/app/capability.js";
import { launchBrowser } from "../support/browser.js";
import {
  eventually,
  type HttpChild,
  loadArguments,
  root,
  serveCommand,
  serverEnv,
  startHttpChild,
} from "../server/harness.js";
import { connectModernHttp } from "../server/modern-peer.js";

const appsOnly = { extensions: { [UI_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } } as ClientCapabilities;
const args = loadArguments("choices");

/** What the test needs of an MCP client, SDK v1 or v2. */
interface McpPeer {
  label: string;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<CallToolResult>;
  readResource(uri: string): Promise<string>;
  /** The ids of its tools/call requests, in order. */
  ids: (string | number)[];
  close(): Promise<void>;
}

/** Records the JSON-RPC id of every tools/call a transport sends. */
function recordIds(transport: { send(message: never, options?: never): Promise<void> }, ids: (string | number)[]) {
  const send = transport.send.bind(transport) as (message: unknown, options?: unknown) => Promise<void>;
  (transport as { send: typeof send }).send = (message, options) => {
    const request = message as { method?: string; id?: string | number };
    if (request.method === "tools/call" && request.id !== undefined) ids.push(request.id);
    return send(message, options);
  };
}

async function v1OverHttp(child: HttpChild): Promise<McpPeer> {
  const client = new Client({ name: "apps-host", version: "1.0.0" }, { capabilities: appsOnly });
  const transport = new StreamableHTTPClientTransport(child.url);
  const ids: (string | number)[] = [];
  recordIds(transport as never, ids);
  await client.connect(transport);
  return {
    label: "SDK v1 client, formgate serve --http",
    callTool: (params) => client.callTool(params) as Promise<CallToolResult>,
    readResource: async (uri) => String(((await client.readResource({ uri })).contents[0] as { text?: string }).text),
    ids,
    close: async () => {
      await transport.terminateSession();
      await client.close();
    },
  };
}

async function v2OverStdio(): Promise<McpPeer> {
  const { command, args: commandArgs } = serveCommand();
  const client = new ClientV2({ name: "apps-host", version: "1.0.0" }, { capabilities: appsOnly as never });
  const transport = new StdioV2({
    command,
    args: commandArgs,
    cwd: root.pathname,
    env: serverEnv(undefined),
    stderr: "pipe",
  });
  const ids: (string | number)[] = [];
  recordIds(transport as never, ids);
  await client.connect(transport);
  return {
    label: "SDK v2 client, formgate serve (stdio)",
    callTool: (params) => client.callTool(params) as Promise<CallToolResult>,
    readResource: async (uri) => {
      const [content] = (await client.readResource({ uri })).contents;
      return String((content as { text?: string }).text);
    },
    ids,
    close: () => client.close(),
  };
}

async function hostScript(): Promise<string> {
  const built = await build({
    entryPoints: [new URL("../fixtures/mcp-app/host.mjs", import.meta.url).pathname],
    bundle: true,
    format: "esm",
    write: false,
    logLevel: "warning",
  });
  return built.outputFiles[0]?.text as string;
}
const axeSource = readFileSync(new URL("node_modules/axe-core/axe.min.js", root), "utf8");

describe("formgate's MCP App in a host page (chromium, ext-apps AppBridge)", function () {
  this.timeout(60_000);
  let browser: Browser;
  let child: HttpChild;
  let host: string;
  before(async () => {
    host = await hostScript();
    browser = await launchBrowser();
    child = await startHttpChild();
  });
  after(async () => {
    await browser?.close();
    await child?.stop();
  });

  const peers: [string, () => Promise<McpPeer>][] = [
    ["SDK v1 client, formgate serve --http", () => v1OverHttp(child)],
    ["SDK v2 client, formgate serve (stdio)", v2OverStdio],
  ];

  for (const [label, connect] of peers) {
    describe(label, () => {
      let peer: McpPeer;
      let page: Page;
      let requests: string[];
      let messages: unknown[];
      beforeEach(async () => {
        peer = await connect();
        page = await browser.newPage({ viewport: { width: 720, height: 760 } });
        requests = [];
        messages = [];
        page.on("request", (request) => requests.push(request.url()));
        await page.exposeFunction("hostCallTool", (params: { name: string; arguments?: Record<string, unknown> }) =>
          peer.callTool(params),
        );
        await page.exposeFunction("hostMessage", (params: unknown) => void messages.push(params));
        await page.setContent(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Chat</title></head>` +
            `<body><main id="conversation"></main><script type="module">${host}</script></body></html>`,
        );
        await page.waitForFunction(() => "startHost" in globalThis);
      });
      afterEach(async () => {
        await page?.close();
        await peer?.close();
      });

      /** Calls the Data tool (pending), reads the app from the server, shows it with the call's input. */
      async function showApp(serverTools = true): Promise<{ call: Promise<CallToolResult>; app: Frame }> {
        const before = peer.ids.length;
        const call = peer.callTool({ name: FORM_TOOL_NAME, arguments: args });
        await eventually(() => peer.ids.length > before, "the tools/call request");
        const html = await peer.readResource(FORM_APP_URI);
        const start = { html, toolArguments: args, toolCallId: peer.ids[before], toolName: FORM_TOOL_NAME };
        await page.evaluate(
          (options) => (globalThis as unknown as { startHost(o: unknown): Promise<void> }).startHost(options),
          { ...start, serverTools, theme: "light" },
        );
        const frame = await (await page.waitForSelector("iframe")).contentFrame();
        if (frame === null) throw new Error("no app frame");
        await frame.getByRole("button", { name: "Submit" }).waitFor();
        return { call, app: frame };
      }

      it("fills the form by role and name; the pending call resolves with exactly the Data result", async () => {
        const { call, app } = await showApp();
        await app.getByRole("checkbox", { name: "Investors" }).check();
        await app.getByRole("checkbox", { name: /Internal team/ }).check();
        // docs/mcp-apps.png is this view: FORMGATE_APP_SCREENSHOT=docs/mcp-apps.png npx mocha test/mcp-app/app.test.ts
        const screenshot = process.env.FORMGATE_APP_SCREENSHOT;
        if (screenshot !== undefined && label.includes("v1")) await page.screenshot({ path: screenshot });
        await app.getByRole("button", { name: "Submit" }).click();
        const result = await call;
        expect(result.structuredContent).to.deep.equal({ action: "accept", content: { audience: ["vc", "internal"] } });
        await app.getByRole("status").filter({ hasText: "Your answers were sent." }).waitFor();
        expect(requests).to.deep.equal([]);
      });

      for (const [button, action] of [
        ["Decline", "decline"],
        ["Cancel", "cancel"],
      ]) {
        it(`${button} resolves the call with {action: "${action}"}`, async () => {
          const { call, app } = await showApp();
          await app.getByRole("checkbox", { name: "Investors" }).check();
          await app.getByRole("button", { name: button }).click();
          expect((await call).structuredContent).to.deep.equal({ action });
        });
      }

      it("sends the answer as the person's message where the host cannot call server tools", async () => {
        const { app } = await showApp(false);
        await app.getByRole("checkbox", { name: "Customers" }).check();
        await app.getByRole("button", { name: "Submit" }).click();
        await eventually(() => messages.length === 1, "the app's ui/message");
        const text = (messages[0] as { role: string; content: { type: string; text: string }[] }).content[0]?.text;
        expect(text).to.match(/^\[form answers — discovery\]/);
        // formgate reads it back, against the Data input, to the same answer.
        const back = translateAnswers(text, { form: args, formFrom: "data", from: "question-form", to: "data" });
        expect(back.ok && back.value).to.deep.equal({ action: "accept", content: { audience: ["customer"] } });
      });

      it("has no serious or critical axe-core violation, and loads nothing", async () => {
        const { call, app } = await showApp();
        await app.addScriptTag({ content: axeSource });
        const violations = await app.evaluate(async () => {
          const axe = (
            globalThis as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string }[] }> } }
          ).axe;
          const result = await axe.run();
          return result.violations.filter((violation) => ["serious", "critical"].includes(violation.impact));
        });
        expect(violations).to.deep.equal([]);
        expect(requests).to.deep.equal([]);
        await app.getByRole("button", { name: "Cancel" }).click();
        await call;
      });
    });
  }

  describe("SDK v2 client pinned to MCP 2026-07-28, formgate serve --http (stateless)", () => {
    it("shows the form from the result naming the app; the answer arrives as the person's message", async () => {
      const peer = await connectModernHttp(child.url, {
        capabilities: appsOnly as never,
        answer: async () => {
          throw new Error("no input request may reach a client without elicitation");
        },
      });
      const page = await browser.newPage({ viewport: { width: 720, height: 760 } });
      try {
        const requests: string[] = [];
        const messages: unknown[] = [];
        const toolCalls: unknown[] = [];
        page.on("request", (request) => requests.push(request.url()));
        await page.exposeFunction("hostCallTool", (params: unknown) => void toolCalls.push(params));
        await page.exposeFunction("hostMessage", (params: unknown) => void messages.push(params));
        await page.setContent(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Chat</title></head>` +
            `<body><main id="conversation"></main><script type="module">${host}</script></body></html>`,
        );
        await page.waitForFunction(() => "startHost" in globalThis);
        // The call ends at once: no input request, a result naming the app.
        const result = (await peer.client.callTool({ name: FORM_TOOL_NAME, arguments: args })) as CallToolResult;
        expect(result.isError ?? false).to.equal(false);
        expect((result._meta as { ui?: unknown } | undefined)?.ui).to.deep.equal({ resourceUri: FORM_APP_URI });
        expect(peer.received).to.deep.equal([]);
        const read = await peer.client.readResource({ uri: FORM_APP_URI });
        const html = String((read.contents[0] as { text?: string }).text);
        // A host that can call server tools: the result, not the host, tells the app to answer by message.
        const start = { html, toolArguments: args, toolCallId: 1, toolName: FORM_TOOL_NAME, serverTools: true };
        await page.evaluate(
          (options) => (globalThis as unknown as { startHost(o: unknown): Promise<void> }).startHost(options),
          { ...start, theme: "light", toolResult: result },
        );
        const frame = await (await page.waitForSelector("iframe")).contentFrame();
        if (frame === null) throw new Error("no app frame");
        await frame.getByRole("button", { name: "Submit" }).waitFor();
        await frame.getByRole("checkbox", { name: "Investors" }).check();
        await frame.getByRole("button", { name: "Submit" }).click();
        await eventually(() => messages.length === 1, "the app's ui/message");
        await frame.getByRole("status").filter({ hasText: "Your answers were sent." }).waitFor();
        const message = messages[0] as { role: string; content: { type: string; text: string }[] };
        expect(message.role).to.equal("user");
        const text = message.content[0]?.text as string;
        expect(text).to.match(/^\[form answers — discovery\]/);
        const back = translateAnswers(text, { form: args, formFrom: "data", from: "question-form", to: "data" });
        expect(back.ok && back.value).to.deep.equal({ action: "accept", content: { audience: ["vc"] } });
        expect(toolCalls).to.deep.equal([]);
        expect(requests).to.deep.equal([]);
      } finally {
        await page.close();
        await peer.close();
      }
    });
  });
});
