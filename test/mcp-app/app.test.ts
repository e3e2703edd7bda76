import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import type { Browser, Frame } from "playwright-core";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, ClientCapabilities, Tool } from "@modelcontextprotocol/sdk/types.js";
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { translateAnswers } from "../../src/index.js";
import { SUBMIT_TOOL_NAME } from "../../src/mcp-app/names.js";
import { FORM_TOOL_NAME } from "../../src/server/index.js";
import { APP_MIME_TYPE, FORM_APP_URI, UI_EXTENSION } from "../../src/server/app/capability.js";
import { launchBrowser } from "../support/browser.js";
import { runCli } from "../support/cli.js";
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
import { type HostPage, openHostPage } from "./host-page.js";

const appsOnly = { extensions: { [UI_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } } as ClientCapabilities;
const args = loadArguments("choices");

/** What the test needs of an MCP client, SDK v1 or v2. */
interface McpPeer {
  label: string;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<CallToolResult>;
  /** The app resource as a host shows it: its HTML, and whether it wants the host's border. */
  readResource(uri: string): Promise<AppResource>;
  /** The Data tool as the server listed it, which a host hands its app (`hostContext.toolInfo.tool`). */
  dataTool(): Promise<Tool>;
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

interface AppResource {
  html: string;
  prefersBorder?: boolean;
}

/** What a host takes of an app resource's first content. */
function appResource(contents: unknown[]): AppResource {
  const [content] = contents as { text?: string; _meta?: { ui?: { prefersBorder?: boolean } } }[];
  return { html: String(content?.text), prefersBorder: content?._meta?.ui?.prefersBorder };
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
    readResource: async (uri) => appResource((await client.readResource({ uri })).contents),
    dataTool: async () => (await client.listTools()).tools.find((tool) => tool.name === FORM_TOOL_NAME) as Tool,
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
    readResource: async (uri) => appResource((await client.readResource({ uri })).contents),
    dataTool: async () => (await client.listTools()).tools.find((tool) => tool.name === FORM_TOOL_NAME) as never,
    ids,
    close: () => client.close(),
  };
}

const axeSource = readFileSync(new URL("node_modules/axe-core/axe.min.js", root), "utf8");

/**
 * What the app's page looks like (evaluated in it): its colour scheme, the form's background and
 * text colour (formgate/dom's own light-dark() default, for the scheme), the body's font, and
 * whether the host's font CSS is in.
 */
const LOOK = `(() => {
  const form = getComputedStyle(document.querySelector("form"));
  return {
    scheme: getComputedStyle(document.documentElement).colorScheme,
    background: form.backgroundColor,
    text: form.color,
    font: getComputedStyle(document.body).fontFamily,
    fonts: [...document.styleSheets].some((sheet) =>
      [...sheet.cssRules].some((rule) => rule.cssText.includes("HostFace")),
    ),
  };
})()`;

/** The `[form answers — …]` text of the only message an app sent. */
async function theMessage(host: HostPage): Promise<string> {
  await eventually(() => host.messages.length === 1, "the app's ui/message");
  const [message] = host.messages;
  expect(message?.role).to.equal("user");
  return message?.content[0]?.text as string;
}

describe("formgate's MCP App in a host page (chromium, ext-apps AppBridge)", function () {
  this.timeout(60_000);
  let browser: Browser;
  let child: HttpChild;
  before(async () => {
    browser = await launchBrowser();
    child = await startHttpChild();
  });
  after(async () => {
    await browser?.close();
    await child?.stop();
  });

  /** Opens a host page whose apps' tool calls go to `peer`. */
  const hostFor = (peer: McpPeer) => openHostPage(browser, { callTool: (params) => peer.callTool(params) });

  /**
   * Calls the Data tool (pending), reads the app from the server, shows it with the call's input
   * (`shown`, the arguments the host hands the app, the call's own by default).
   */
  async function showApp(
    peer: McpPeer,
    host: HostPage,
    options: { serverTools?: boolean; shown?: Record<string, unknown> } = {},
  ): Promise<{ call: Promise<CallToolResult>; app: Frame }> {
    const before = peer.ids.length;
    const call = peer.callTool({ name: FORM_TOOL_NAME, arguments: args });
    await eventually(() => peer.ids.length > before, "the tools/call request");
    const app = await host.start({
      ...(await peer.readResource(FORM_APP_URI)),
      toolArguments: options.shown ?? args,
      toolCallId: peer.ids[before] as string | number,
      tool: await peer.dataTool(),
      serverTools: options.serverTools ?? true,
      theme: "light",
    });
    await app.getByRole("button", { name: "Submit" }).waitFor();
    return { call, app };
  }

  const peers: [string, () => Promise<McpPeer>][] = [
    ["SDK v1 client, formgate serve --http", () => v1OverHttp(child)],
    ["SDK v2 client, formgate serve (stdio)", v2OverStdio],
  ];

  for (const [label, connect] of peers) {
    describe(label, () => {
      let peer: McpPeer;
      let host: HostPage;
      beforeEach(async () => {
        peer = await connect();
        host = await hostFor(peer);
      });
      afterEach(async () => {
        await host?.page.close();
        await peer?.close();
      });

      it("fills the form by role and name; the pending call resolves with exactly the Data result", async () => {
        const { call, app } = await showApp(peer, host);
        await app.getByRole("checkbox", { name: "Investors" }).check();
        await app.getByRole("checkbox", { name: /Internal team/ }).check();
        // docs/mcp-apps.png is this view: FORMGATE_APP_SCREENSHOT=docs/mcp-apps.png npx mocha test/mcp-app/app.test.ts
        const screenshot = process.env.FORMGATE_APP_SCREENSHOT;
        if (screenshot !== undefined && label.includes("v1")) await host.page.screenshot({ path: screenshot });
        await app.getByRole("button", { name: "Submit" }).click();
        const result = await call;
        expect(result.structuredContent).to.deep.equal({ action: "accept", content: { audience: ["vc", "internal"] } });
        await app.getByRole("status").filter({ hasText: "Your answers were sent." }).waitFor();
        expect(host.requests).to.deep.equal([]);
      });

      for (const [button, action] of [
        ["Decline", "decline"],
        ["Cancel", "cancel"],
      ]) {
        it(`${button} resolves the call with {action: "${action}"}`, async () => {
          const { call, app } = await showApp(peer, host);
          await app.getByRole("checkbox", { name: "Investors" }).check();
          await app.getByRole("button", { name: button }).click();
          expect((await call).structuredContent).to.deep.equal({ action });
        });
      }

      it("answers two pending calls of one session, shown in two apps, each with its own answer", async () => {
        const first = await showApp(peer, host);
        const second = await showApp(peer, host);
        await second.app.getByRole("checkbox", { name: /Customers/ }).check();
        await second.app.getByRole("button", { name: "Submit" }).click();
        expect((await second.call).structuredContent).to.deep.equal({
          action: "accept",
          content: { audience: ["customer"] },
        });
        await first.app.getByRole("button", { name: "Decline" }).click();
        expect((await first.call).structuredContent).to.deep.equal({ action: "decline" });
      });

      it("sends the answer as the person's message where the host cannot call server tools", async () => {
        const { app } = await showApp(peer, host, { serverTools: false });
        await app.getByRole("checkbox", { name: /Customers/ }).check();
        await app.getByRole("button", { name: "Submit" }).click();
        const text = await theMessage(host);
        expect(text).to.match(/^\[form answers — discovery\]/);
        expect(host.toolCalls).to.deep.equal([]);
        // The command reads it back, against the Data input, to the same answer.
        const formFile = join(tmpdir(), `formgate-app-input-${process.pid}.json`);
        writeFileSync(formFile, JSON.stringify(args));
        const cli = await runCli(["answers", "--form-file", formFile, "--from", "question-form", "--to", "data"], text);
        expect(cli.status, cli.stderr).to.equal(0);
        expect(JSON.parse(cli.stdout)).to.deep.equal({ action: "accept", content: { audience: ["customer"] } });
      });

      it("has no serious or critical axe-core violation, and loads nothing", async () => {
        const { call, app } = await showApp(peer, host);
        await app.addScriptTag({ content: axeSource });
        const violations = await app.evaluate(async () => {
          const axe = (
            globalThis as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string }[] }> } }
          ).axe;
          const result = await axe.run();
          return result.violations.filter((violation) => ["serious", "critical"].includes(violation.impact));
        });
        expect(violations).to.deep.equal([]);
        expect(host.requests).to.deep.equal([]);
        await app.getByRole("button", { name: "Cancel" }).click();
        await call;
      });
    });
  }

  describe("SDK v1 client, formgate serve --http: streaming, refusals and ends", () => {
    let peer: McpPeer;
    let host: HostPage;
    beforeEach(async () => {
      peer = await v1OverHttp(child);
      host = await hostFor(peer);
    });
    afterEach(async () => {
      await host?.page.close();
      await peer?.close();
    });

    it("draws the input as it streams, answerable once whole, keeping what was typed", async () => {
      const [audience, files] = args.questions as Record<string, unknown>[];
      const before = peer.ids.length;
      const call = peer.callTool({ name: FORM_TOOL_NAME, arguments: args });
      await eventually(() => peer.ids.length > before, "the tools/call request");
      const app = await host.start({
        ...(await peer.readResource(FORM_APP_URI)),
        toolCallId: peer.ids[before] as string | number,
        tool: await peer.dataTool(),
        serverTools: true,
      });
      // tool-input-partial is JSON with its unclosed structures closed: the last value may be cut short.
      await host.bridge(0, "sendToolInputPartial", {
        arguments: { message: args.message, questions: [audience, { id: "da", type: "fi" }] },
      });
      await app.getByRole("heading", { name: "Quick brief" }).waitFor();
      await app.getByRole("checkbox", { name: "Investors" }).check();
      expect(await app.getByRole("button", { name: "Submit" }).isDisabled()).to.equal(true);
      // Nothing is sent for a form still arriving, not even a decline: the call is not answered.
      await app.getByRole("button", { name: "Decline" }).click();
      await app.getByRole("status").filter({ hasText: "The form is still arriving" }).first().waitFor();
      expect(host.toolCalls).to.deep.equal([]);
      // The question cut short is not drawn until a later value follows it.
      expect(await app.getByText("Upload your data").count()).to.equal(0);
      await host.bridge(0, "sendToolInputPartial", {
        arguments: { message: args.message, questions: [audience, files] },
      });
      await host.bridge(0, "sendToolInput", { arguments: args });
      await app.getByText("Upload your data").waitFor();
      const submit = app.getByRole("button", { name: "Submit" });
      expect(await submit.isEnabled()).to.equal(true);
      expect(await app.getByRole("checkbox", { name: "Investors" }).isChecked()).to.equal(true);
      await submit.click();
      expect((await call).structuredContent).to.deep.equal({ action: "accept", content: { audience: ["vc"] } });
    });

    it("shows the server's refusal of an answer not in its form, applies nothing, takes a valid one", async () => {
      // A host that handed the app other options than the call's: the server checks against its own form.
      const questions = structuredClone(args.questions) as { options?: { id: string; title: string }[] }[];
      questions[0]?.options?.push({ id: "press", title: "The press" });
      const { call, app } = await showApp(peer, host, { shown: { ...args, questions } });
      let settled = false;
      void call.then(() => (settled = true));
      await app.getByRole("checkbox", { name: "The press" }).check();
      await app.getByRole("button", { name: "Submit" }).click();
      const refusal = "The submitted answers do not satisfy the form; none were applied.";
      await app.getByRole("status").filter({ hasText: refusal }).waitFor();
      expect(settled).to.equal(false);
      await app.getByRole("checkbox", { name: "The press" }).uncheck();
      await app.getByRole("checkbox", { name: "Investors" }).check();
      await app.getByRole("button", { name: "Submit" }).click();
      expect((await call).structuredContent).to.deep.equal({ action: "accept", content: { audience: ["vc"] } });
    });

    it("follows the host's theme, colours and fonts, and their changes", async () => {
      const before = peer.ids.length;
      const call = peer.callTool({ name: FORM_TOOL_NAME, arguments: args });
      await eventually(() => peer.ids.length > before, "the tools/call request");
      const app = await host.start({
        ...(await peer.readResource(FORM_APP_URI)),
        toolArguments: args,
        toolCallId: peer.ids[before] as string | number,
        tool: await peer.dataTool(),
        serverTools: true,
        theme: "dark",
        styles: {
          variables: { "--color-background-primary": "rgb(20, 24, 38)", "--font-sans": "serif" },
          css: { fonts: "@font-face { font-family: HostFace; src: local(serif); }" },
        },
      });
      await app.getByRole("button", { name: "Submit" }).waitFor();
      const look = () => app.evaluate(LOOK) as Promise<Record<string, unknown>>;
      expect(await look()).to.deep.equal({
        scheme: "dark",
        background: "rgb(20, 24, 38)",
        text: "rgb(230, 232, 235)",
        font: "serif",
        fonts: true,
      });
      await host.bridge(0, "setHostContext", {
        theme: "light",
        styles: { variables: { "--color-background-primary": "rgb(250, 250, 245)" } },
      });
      await app.waitForFunction('getComputedStyle(document.documentElement).colorScheme === "light"');
      expect(await look()).to.deep.include({
        scheme: "light",
        background: "rgb(250, 250, 245)",
        text: "rgb(27, 29, 33)",
      });
      await app.getByRole("button", { name: "Cancel" }).click();
      await call;
    });

    it("withdraws the form when the host cancels the call", async () => {
      const { call, app } = await showApp(peer, host);
      await host.bridge(0, "sendToolCancelled", { reason: "The person stopped the reply." });
      await app.getByRole("status").filter({ hasText: "This form was withdrawn before it was answered." }).waitFor();
      expect(await app.getByRole("button", { name: "Submit" }).count()).to.equal(0);
      expect(host.toolCalls).to.deep.equal([]);
      await peer.callTool({
        name: SUBMIT_TOOL_NAME,
        arguments: { requestId: peer.ids[0] as string | number, response: { action: "cancel" } },
      });
      await call;
    });
  });

  it("sends the answer as the person's message once the call has ended unanswered (its timeout)", async () => {
    const short = await startHttpChild(1500);
    const peer = await v1OverHttp(short);
    const host = await hostFor(peer);
    try {
      const { call, app } = await showApp(peer, host);
      const result = await call;
      expect((result.structuredContent as { error: { code: string } }).error.code).to.equal("timeout");
      await host.bridge(0, "sendToolResult", result);
      await app.getByRole("checkbox", { name: "Investors" }).check();
      await app.getByRole("button", { name: "Submit" }).click();
      const text = await theMessage(host);
      await app.getByRole("status").filter({ hasText: "Your answers were sent." }).waitFor();
      expect(host.toolCalls).to.deep.equal([]);
      const back = translateAnswers(text, { form: args, formFrom: "data", from: "question-form", to: "data" });
      expect(back.ok && back.value).to.deep.equal({ action: "accept", content: { audience: ["vc"] } });
    } finally {
      await host.page.close();
      await peer.close();
      await short.stop();
    }
  });

  describe("SDK v2 client pinned to MCP 2026-07-28, formgate serve --http (stateless)", () => {
    /** A stateless call for an apps-only client: the result names the app, and no input request is sent. */
    async function appShown() {
      const peer = await connectModernHttp(child.url, {
        capabilities: appsOnly as never,
        answer: async () => {
          throw new Error("no input request may reach a client without elicitation");
        },
      });
      const result = (await peer.client.callTool({ name: FORM_TOOL_NAME, arguments: args })) as CallToolResult;
      expect(result.isError ?? false).to.equal(false);
      expect((result._meta as { ui?: unknown } | undefined)?.ui).to.deep.equal({ resourceUri: FORM_APP_URI });
      expect(peer.received).to.deep.equal([]);
      const resource = appResource((await peer.client.readResource({ uri: FORM_APP_URI })).contents);
      const tool = (await peer.client.listTools()).tools.find((listed) => listed.name === FORM_TOOL_NAME);
      return { peer, result, resource, tool };
    }

    for (const [when, withResult] of [
      ["from the result naming the app, where the host hands the app a bare tool", true],
      ["before the result has arrived (the tool as listed says so)", false],
    ] as const)
      it(`answers by message, never by a tool call, ${when}`, async () => {
        const { peer, result, resource, tool } = await appShown();
        const host = await openHostPage(browser);
        try {
          // A host that can call server tools: the tool as listed, or the result, not the host, say "by message".
          const bare = { name: FORM_TOOL_NAME, inputSchema: { type: "object" } };
          const app = await host.start({
            ...resource,
            toolArguments: args,
            toolCallId: 1,
            tool: withResult ? bare : (tool as never),
            serverTools: true,
            theme: "light",
            ...(withResult && { toolResult: result }),
          });
          await app.getByRole("checkbox", { name: "Investors" }).check();
          await app.getByRole("button", { name: "Submit" }).click();
          const text = await theMessage(host);
          await app.getByRole("status").filter({ hasText: "Your answers were sent." }).waitFor();
          expect(text).to.match(/^\[form answers — discovery\]/);
          const back = translateAnswers(text, { form: args, formFrom: "data", from: "question-form", to: "data" });
          expect(back.ok && back.value).to.deep.equal({ action: "accept", content: { audience: ["vc"] } });
          expect(host.toolCalls).to.deep.equal([]);
          expect(host.requests).to.deep.equal([]);
        } finally {
          await host.page.close();
          await peer.close();
        }
      });
  });
});
