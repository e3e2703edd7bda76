import { expect } from "chai";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult, ClientCapabilities } from "@modelcontextprotocol/sdk/types.js";
import { EXTENSION_ID, RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from "@modelcontextprotocol/ext-apps/server";
import { InMemoryTransport as LinkedTransport } from "@modelcontextprotocol/server";
import { FORM_TOOL_NAME, serveStdio, type StdioOptions } from "../../src/server/index.js";
import { APP_MIME_TYPE, FORM_APP_URI, LEGACY_RESOURCE_URI_KEY, UI_EXTENSION } from "../../src/server/app/capability.js";
import { ANSWER_BY_MESSAGE_META_KEY, SUBMIT_TOOL_NAME } from "../../src/mcp-app/names.js";
import { APP_SHOWN_TEXT } from "../../src/server/app/app-shown.js";
import {
  type Connect,
  connectInMemory,
  eventually,
  type Host,
  type HttpChild,
  httpConnector,
  loadArguments,
  nativeForms,
  standardForms,
  startHttpChild,
} from "./harness.js";
import {
  connectModernHttp,
  connectModernInMemory,
  type ModernHost,
  type ModernHostOptions,
  modernNativeForms,
} from "./modern-peer.js";

type ModernCapabilities = ModernHostOptions["capabilities"];

/** A claude.ai-like host: MCP Apps, no form elicitation (what ext-apps' AppBridge hosts advertise). */
export const appsOnly: ClientCapabilities = { extensions: { [UI_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } };

const args = loadArguments("choices");
const neverAnswers = async () => new Promise<Record<string, unknown>>(() => {});

/** The JSON-RPC ids of the client's `tools/call` requests, in order: what a host gives its app as `toolInfo.id`. */
function toolCallIds(client: Client): (string | number)[] {
  const ids: (string | number)[] = [];
  const transport = client.transport;
  if (transport === undefined) throw new Error("not connected");
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if ("method" in message && message.method === "tools/call" && "id" in message) ids.push(message.id);
    return send(message, options);
  };
  return ids;
}

function submit(client: Client, requestId: string | number, response: unknown) {
  return client.callTool({ name: SUBMIT_TOOL_NAME, arguments: { requestId, response } }) as Promise<CallToolResult>;
}

/** Calls the Data tool and waits until it is pending; resolves with the call and its request id. */
async function pendingCall(host: Host, ids: (string | number)[]) {
  const before = ids.length;
  const call = host.client.callTool({ name: FORM_TOOL_NAME, arguments: args }) as Promise<CallToolResult>;
  await eventually(() => ids.length > before, "the tools/call request");
  return { call, id: ids[before] as string | number };
}

describe("server: formgate's form as an MCP App", () => {
  it("writes the ext-apps wire names as ext-apps exports them", () => {
    expect([UI_EXTENSION, APP_MIME_TYPE, LEGACY_RESOURCE_URI_KEY]).to.deep.equal([
      EXTENSION_ID,
      RESOURCE_MIME_TYPE,
      RESOURCE_URI_META_KEY,
    ]);
  });

  const http = httpConnector();
  after(() => http.stopAll());
  const transports: [string, Connect][] = [
    ["in memory", connectInMemory],
    ["formgate serve --http", http.connect],
  ];
  for (const [label, connect] of transports) {
    describe(label, () => {
      let hosts: Host[] = [];
      const open = async (capabilities: ClientCapabilities, timeoutMs?: number) => {
        const host = await connect({ capabilities, answer: neverAnswers, timeoutMs });
        hosts.push(host);
        return host;
      };
      afterEach(async () => {
        await Promise.all(hosts.map((host) => host.disconnect()));
        hosts = [];
      });

      it("lists the app, its resource and the submit tool to a client that shows MCP Apps", async () => {
        const { client } = await open(appsOnly);
        const { tools } = await client.listTools();
        const data = tools.find((tool) => tool.name === FORM_TOOL_NAME);
        expect(data?._meta).to.deep.equal({ ui: { resourceUri: FORM_APP_URI }, "ui/resourceUri": FORM_APP_URI });
        const submitTool = tools.find((tool) => tool.name === SUBMIT_TOOL_NAME);
        expect(submitTool?._meta).to.deep.equal({ ui: { resourceUri: FORM_APP_URI, visibility: ["app"] } });
        const { resources } = await client.listResources();
        expect(resources.map(({ uri, mimeType }) => ({ uri, mimeType }))).to.deep.equal([
          { uri: FORM_APP_URI, mimeType: APP_MIME_TYPE },
        ]);
        const read = await client.readResource({ uri: FORM_APP_URI });
        const [content] = read.contents;
        expect(content?.mimeType).to.equal(APP_MIME_TYPE);
        // No CSP (nothing is loaded), and no host border: the form draws its own box.
        expect(content?._meta).to.deep.equal({ ui: { prefersBorder: false } });
        const html = String((content as { text?: string }).text);
        expect(html).to.match(/^<!doctype html>/);
        // Self-contained: no element loads anything (no src, no stylesheet link, no @import).
        expect(html).not.to.match(/<(?:script|img|iframe)[^>]*\ssrc=|<link[^>]*\shref=|@import/i);
      });

      it("shows a client without MCP Apps the server as before: no app, no submit tool, no resource", async () => {
        const { client } = await open(nativeForms);
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).to.deep.equal([FORM_TOOL_NAME]);
        expect(tools[0]?._meta).to.equal(undefined);
        const { resources } = await client.listResources();
        expect(resources).to.deep.equal([]);
        let refused = false;
        await client.readResource({ uri: FORM_APP_URI }).catch(() => (refused = true));
        expect(refused).to.equal(true);
      });

      it("keeps the elicitation path for a client that shows MCP Apps and native forms", async () => {
        const capabilities = { extensions: { ...appsOnly.extensions, ...nativeForms.extensions } };
        const host = await connect({ capabilities, answer: async () => ({ action: "decline" }) });
        hosts.push(host);
        const result = (await host.client.callTool({ name: FORM_TOOL_NAME, arguments: args })) as CallToolResult;
        expect(result.structuredContent).to.deep.equal({ action: "decline" });
        expect(host.received).to.have.length(1);
      });

      it("completes the pending Data tool call with exactly the Data result the app submits", async () => {
        const host = await open(appsOnly);
        const ids = toolCallIds(host.client);
        const { call, id } = await pendingCall(host, ids);
        const answer = { action: "accept", content: { audience: ["vc", "internal"] } };
        const submitted = await submit(host.client, id, answer);
        expect(submitted.isError).to.equal(undefined);
        const result = await call;
        expect(result.isError).to.equal(undefined);
        expect(result.structuredContent).to.deep.equal(answer);
        expect(JSON.parse((result.content[0] as { text: string }).text)).to.deep.equal(answer);
        // Finished: a second submission is refused.
        const again = await submit(host.client, id, { action: "decline" });
        expect(again.isError).to.equal(true);
        expect(JSON.stringify(again.structuredContent)).to.include("requestId");
      });

      for (const action of ["decline", "cancel"]) {
        it(`passes a ${action} through as the Data result`, async () => {
          const host = await open(appsOnly);
          const ids = toolCallIds(host.client);
          const { call, id } = await pendingCall(host, ids);
          await submit(host.client, id, { action });
          expect((await call).structuredContent).to.deep.equal({ action });
        });
      }

      it("refuses an invalid submission without applying it; the call stays pending for a valid one", async () => {
        const host = await open(appsOnly);
        const ids = toolCallIds(host.client);
        const { call, id } = await pendingCall(host, ids);
        let settled = false;
        void call.then(() => (settled = true));
        const invalid = await submit(host.client, id, { action: "accept", content: { audience: ["nobody"] } });
        expect(invalid.isError).to.equal(true);
        const error = (invalid.structuredContent as { error: { code: string; issues: { path: unknown[] }[] } }).error;
        expect(error.code).to.equal("invalid_response");
        expect(error.issues.map((issue) => issue.path[1])).to.include("audience");
        expect(settled).to.equal(false);
        await submit(host.client, id, { action: "accept", content: {} });
        expect((await call).structuredContent).to.deep.equal({ action: "accept", content: {} });
      });

      it("answers two pending calls of one session each with its own answer", async () => {
        const host = await open(appsOnly);
        const ids = toolCallIds(host.client);
        const first = await pendingCall(host, ids);
        const second = await pendingCall(host, ids);
        await submit(host.client, second.id, { action: "accept", content: { audience: ["customer"] } });
        await submit(host.client, first.id, { action: "decline" });
        expect((await second.call).structuredContent).to.deep.equal({
          action: "accept",
          content: { audience: ["customer"] },
        });
        expect((await first.call).structuredContent).to.deep.equal({ action: "decline" });
      });

      it("refuses a submission for another session's call", async () => {
        const owner = await open(appsOnly);
        const other = await open(appsOnly);
        const ids = toolCallIds(owner.client);
        const { call, id } = await pendingCall(owner, ids);
        const refused = await submit(other.client, id, { action: "decline" });
        expect(refused.isError).to.equal(true);
        await submit(owner.client, id, { action: "cancel" });
        expect((await call).structuredContent).to.deep.equal({ action: "cancel" });
      });

      it("ends a call the app never answers at the configured timeout", async () => {
        const host = await open(appsOnly, 1000);
        const result = (await host.client.callTool({ name: FORM_TOOL_NAME, arguments: args })) as CallToolResult;
        expect((result.structuredContent as { error: { code: string } }).error.code).to.equal("timeout");
      });
    });
  }
});

describe("server: formgate's form as an MCP App, MCP 2026-07-28 (stateless)", () => {
  const modernAppsOnly = appsOnly as ModernCapabilities;
  const modernStandard = standardForms as ModernCapabilities;
  /** SEP-3118's host: standard elicitation and MCP Apps. */
  const appsAndStandard = { ...modernStandard, ...modernAppsOnly } as ModernCapabilities;
  const appsAndNative = {
    ...modernNativeForms,
    extensions: { ...modernNativeForms.extensions, ...modernAppsOnly.extensions },
  } as ModernCapabilities;
  let child: HttpChild | undefined;
  after(() => child?.stop());
  const transports: [string, (options: ModernHostOptions) => Promise<ModernHost>][] = [
    ["in memory", (options) => connectModernInMemory(options)],
    [
      "formgate serve --http",
      async (options) => {
        child ??= await startHttpChild();
        return connectModernHttp(child.url, options, child.log);
      },
    ],
  ];
  it("needs nothing from an earlier request: listed by one instance, read and called on another", async () => {
    child ??= await startHttpChild();
    const other = await startHttpChild();
    const first = await connectModernHttp(child.url, { capabilities: modernAppsOnly, answer: neverAnswers });
    const second = await connectModernHttp(other.url, { capabilities: modernAppsOnly, answer: neverAnswers });
    try {
      const { tools } = await first.client.listTools();
      expect(tools[0]?._meta).to.deep.include({ ui: { resourceUri: FORM_APP_URI } });
      const read = await second.client.readResource({ uri: FORM_APP_URI });
      expect(read.contents[0]?.mimeType).to.equal(APP_MIME_TYPE);
      const result = (await second.client.callTool({ name: FORM_TOOL_NAME, arguments: args })) as CallToolResult;
      expect(result._meta).to.deep.include({ ui: { resourceUri: FORM_APP_URI } });
      expect(result.isError ?? false).to.equal(false);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await other.stop();
    }
  });

  for (const [label, connect] of transports) {
    describe(label, () => {
      let hosts: ModernHost[] = [];
      const open = async (capabilities: ModernCapabilities, answer = neverAnswers) => {
        const host = await connect({ capabilities, answer });
        hosts.push(host);
        return host;
      };
      afterEach(async () => {
        await Promise.all(hosts.map((host) => host.close()));
        hosts = [];
      });

      it("lists the app on the Data tool and serves its resource, per request, to an apps-only client", async () => {
        const { client } = await open(modernAppsOnly);
        const { tools } = await client.listTools();
        // No submit tool: nothing waits for an answer between 2026-07-28 requests.
        expect(tools.map((tool) => tool.name)).to.deep.equal([FORM_TOOL_NAME]);
        // The tool as listed tells the app (hostContext.toolInfo.tool) to answer by message from the start.
        expect(tools[0]?._meta).to.deep.include({
          ui: { resourceUri: FORM_APP_URI },
          "ui/resourceUri": FORM_APP_URI,
          [ANSWER_BY_MESSAGE_META_KEY]: true,
        });
        const { resources } = await client.listResources();
        expect(resources.map(({ uri, mimeType }) => ({ uri, mimeType }))).to.deep.equal([
          { uri: FORM_APP_URI, mimeType: APP_MIME_TYPE },
        ]);
        const read = await client.readResource({ uri: FORM_APP_URI });
        expect(read.contents[0]?.mimeType).to.equal(APP_MIME_TYPE);
        expect(String((read.contents[0] as { text?: string }).text)).to.match(/^<!doctype html>/);
      });

      for (const [who, capabilities] of [
        ["standard elicitation only", modernStandard],
        ["native forms", modernNativeForms],
        ["MCP Apps and standard elicitation (SEP-3118)", appsAndStandard],
      ] as const)
        it(`shows a client with ${who} no app, no resource`, async () => {
          const { client } = await open(capabilities);
          const { tools } = await client.listTools();
          expect(tools.map((tool) => tool.name)).to.deep.equal([FORM_TOOL_NAME]);
          expect(tools[0]?._meta).to.equal(undefined);
          expect((await client.listResources()).resources).to.deep.equal([]);
          let refused = false;
          await client.readResource({ uri: FORM_APP_URI }).catch(() => (refused = true));
          expect(refused).to.equal(true);
        });

      it("answers the Data tool with a result naming the app, sends no input request, holds nothing", async () => {
        const host = await open(modernAppsOnly);
        const result = (await host.client.callTool({ name: FORM_TOOL_NAME, arguments: args })) as CallToolResult;
        expect(result.isError ?? false).to.equal(false);
        expect(result._meta).to.deep.include({ ui: { resourceUri: FORM_APP_URI }, [ANSWER_BY_MESSAGE_META_KEY]: true });
        expect(result.content).to.deep.equal([{ type: "text", text: APP_SHOWN_TEXT }]);
        expect(result.structuredContent).to.equal(undefined);
        expect(host.received).to.deep.equal([]);
      });

      it("still reports invalid arguments to a client showing only apps", async () => {
        const { client } = await open(modernAppsOnly);
        const result = (await client.callTool({
          name: FORM_TOOL_NAME,
          arguments: { questions: [] },
        })) as CallToolResult;
        expect(result.isError).to.equal(true);
        expect((result.structuredContent as { error: { code: string } }).error.code).to.equal("invalid_arguments");
      });

      it("keeps standard elicitation for a client with MCP Apps and elicitation (SEP-3118: no app)", async () => {
        const host = await open(appsAndStandard, async () => ({ action: "decline" }));
        // A form the standard path carries (no files question: see the next test).
        const standardArgs = loadArguments("template-and-goal");
        const result = (await host.client.callTool({
          name: FORM_TOOL_NAME,
          arguments: standardArgs,
        })) as CallToolResult;
        expect(result.structuredContent).to.deep.equal({ action: "decline" });
        expect(result._meta?.ui).to.equal(undefined);
        expect(host.received).to.have.length(1);
        expect((host.received[0]?.params._meta as { ui?: unknown } | undefined)?.ui).to.equal(undefined);
      });

      it("answers a form standard elicitation cannot carry with unsupported_client (SEP-3118: no app)", async () => {
        const host = await open(appsAndStandard);
        const result = (await host.client.callTool({ name: FORM_TOOL_NAME, arguments: args })) as CallToolResult;
        expect((result.structuredContent as { error: { code: string } }).error.code).to.equal("unsupported_client");
        expect(result._meta?.ui).to.equal(undefined);
        expect(host.received).to.deep.equal([]);
      });

      it("keeps the native path for a client with MCP Apps and native forms", async () => {
        const host = await open(appsAndNative, async () => ({ action: "cancel" }));
        const result = (await host.client.callTool({ name: FORM_TOOL_NAME, arguments: args })) as CallToolResult;
        expect(result.structuredContent).to.deep.equal({ action: "cancel" });
        expect(host.received).to.have.length(1);
      });
    });
  }
});

describe("server: a pending app call keeps the bounds of a pending form (in memory)", () => {
  /** An apps-only SDK v1 client of a server served in process with `options`. */
  async function appHost(options: Omit<StdioOptions, "transport"> = {}) {
    const [clientTransport, serverTransport] = LinkedTransport.createLinkedPair();
    const running = await serveStdio({ ...options, transport: serverTransport });
    const client = new Client({ name: "apps-host", version: "1.0.0" }, { capabilities: appsOnly });
    await client.connect(clientTransport as unknown as Parameters<Client["connect"]>[0]);
    return { host: { client } as Host, running, ids: toolCallIds(client) };
  }
  const errorCode = (result: CallToolResult) => (result.structuredContent as { error: { code: string } }).error.code;

  it("counts against the pending-form limit of its session, and frees its place once answered", async () => {
    const { host, running, ids } = await appHost({ limits: { maxPendingFormsPerSession: 1 } });
    try {
      const first = await pendingCall(host, ids);
      const refused = (await host.client.callTool({ name: FORM_TOOL_NAME, arguments: args })) as CallToolResult;
      expect(errorCode(refused)).to.equal("transport_error");
      expect((refused.structuredContent as { error: { message: string } }).error.message).to.include(
        "the most pending forms it allows in one session",
      );
      await submit(host.client, first.id, { action: "decline" });
      expect((await first.call).structuredContent).to.deep.equal({ action: "decline" });
      const again = await pendingCall(host, ids);
      await submit(host.client, again.id, { action: "cancel" });
      expect((await again.call).structuredContent).to.deep.equal({ action: "cancel" });
    } finally {
      await running.close();
    }
  });

  it("ends when the client cancels the call; a submission for it then is refused", async () => {
    const { host, running, ids } = await appHost();
    try {
      const controller = new AbortController();
      const before = ids.length;
      const call = host.client.callTool({ name: FORM_TOOL_NAME, arguments: args }, undefined, {
        signal: controller.signal,
      });
      await eventually(() => ids.length > before, "the tools/call request");
      controller.abort();
      let aborted = false;
      await call.catch(() => (aborted = true));
      expect(aborted).to.equal(true);
      const id = ids[before] as string | number;
      // Until the cancellation arrives an invalid answer is refused as invalid (never applied); then the call is gone.
      const invalid = { action: "accept", content: { audience: ["nobody"] } };
      let refused = await submit(host.client, id, invalid);
      for (let tries = 0; tries < 100 && !JSON.stringify(refused.structuredContent).includes("requestId"); tries++)
        refused = await submit(host.client, id, invalid);
      expect(refused.isError).to.equal(true);
      expect(JSON.stringify(refused.structuredContent)).to.include("requestId");
      expect((await submit(host.client, id, { action: "decline" })).isError).to.equal(true);
    } finally {
      await running.close();
    }
  });

  it("is answered with the stop's transport_error when the server stops", async () => {
    const { host, running, ids } = await appHost();
    const { call } = await pendingCall(host, ids);
    await running.close();
    const result = await call;
    expect(errorCode(result)).to.equal("transport_error");
    expect((result.structuredContent as { error: { message: string } }).error.message).to.include(
      "The server is stopping",
    );
  });
});
