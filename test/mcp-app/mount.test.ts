import { readFileSync } from "node:fs";
import { expect } from "chai";
import { build } from "esbuild";
import type { Browser } from "playwright-core";
import { Client, InMemoryTransport, type CallToolResult } from "@modelcontextprotocol/client";
import { translateAnswers } from "../../src/index.js";
import { launchBrowser } from "../support/browser.js";
import { eventually, root } from "../server/harness.js";
import { ownServer } from "../fixtures/mcp-app/own-server.js";
import { type HostPage, openHostPage } from "./host-page.js";

/** A native form request's params (examples/launch-plan.native.json, shortened). */
const nativeInput = {
  mode: "form",
  message: "Plan the launch",
  requestedSchema: {
    type: "object",
    properties: {
      channel: {
        type: "string",
        title: "Main channel",
        oneOf: [
          { const: "email", title: "E-mail" },
          { const: "blog", title: "Blog post" },
        ],
      },
      markets: {
        type: "array",
        title: "Markets",
        minItems: 1,
        items: {
          anyOf: [
            { const: "eu", title: "Europe" },
            { const: "us", title: "United States" },
          ],
        },
      },
    },
    required: ["channel", "markets"],
  },
};
/** Claude's AskUserQuestion input (examples/database.ask-user-question.json). */
const askInput = JSON.parse(readFileSync(new URL("examples/database.ask-user-question.json", root), "utf8"));

/** The page docs/mcp-apps.md shows: the ext-apps App and mountFormApp, with formgate/dom's stylesheet. */
async function ownAppHtml(): Promise<string> {
  const built = await build({
    entryPoints: [new URL("../fixtures/mcp-app/own-app.mjs", import.meta.url).pathname],
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "warning",
  });
  const css = readFileSync(new URL("src/dom/style.css", root), "utf8");
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>My form</title><style>${css}</style></head>` +
    `<body><main></main><script type="module">${built.outputFiles[0]?.text}</script></body></html>`
  );
}

/** An SDK v2 client of the docs' own server, recording its tools/call ids (what a host gives its app). */
async function connectOwnServer(html: string) {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await ownServer(html).connect(serverTransport);
  const ids: (string | number)[] = [];
  const send = clientTransport.send.bind(clientTransport);
  clientTransport.send = (message, options) => {
    if ("method" in message && message.method === "tools/call" && "id" in message) ids.push(message.id);
    return send(message, options);
  };
  const client = new Client({ name: "apps-host", version: "1.0.0" });
  await client.connect(clientTransport);
  return { client, ids };
}

describe("formgate/mcp-app: mountFormApp in a server's own app (chromium, ext-apps AppBridge)", function () {
  this.timeout(60_000);
  let browser: Browser;
  let html: string;
  let host: HostPage;
  let own: Awaited<ReturnType<typeof connectOwnServer>>;
  before(async () => {
    browser = await launchBrowser();
    html = await ownAppHtml();
  });
  after(() => browser?.close());
  beforeEach(async () => {
    own = await connectOwnServer(html);
    host = await openHostPage(browser, {
      callTool: (params) => own.client.callTool(params) as Promise<CallToolResult>,
    });
  });
  afterEach(async () => {
    await host?.page.close();
    await own?.client.close();
  });

  /** Calls `ask_person` (pending) and shows the server's app for it; the test sends the input. */
  async function showFor(input: Record<string, unknown>, serverTools: boolean) {
    const call = own.client.callTool({ name: "ask_person", arguments: input }) as Promise<CallToolResult>;
    await eventually(() => own.ids.length === 1, "the tools/call request");
    const { tools } = await own.client.listTools();
    const read = await own.client.readResource({ uri: "ui://my/form" });
    const app = await host.start({
      html: String((read.contents[0] as { text?: string }).text),
      toolCallId: own.ids[0] as string | number,
      tool: tools.find((tool) => tool.name === "ask_person") as never,
      serverTools,
      theme: "light",
    });
    return { call, app };
  }

  it("draws a native form as it streams, then answers it through the server's own submit tool", async () => {
    const { call, app } = await showFor(nativeInput, true);
    const { channel, markets } = nativeInput.requestedSchema.properties;
    // Healed JSON: `markets` is cut short (its options still arriving), so only `channel` is drawn.
    const cut = { ...markets, items: { anyOf: [{ const: "eu", title: "Eu" }] } };
    const partial = { ...nativeInput, requestedSchema: { type: "object", properties: { channel, markets: cut } } };
    await host.bridge(0, "sendToolInputPartial", { arguments: partial });
    await app.getByRole("radio", { name: "Blog post" }).check();
    expect(await app.getByRole("group", { name: /Markets/ }).count()).to.equal(0);
    expect(await app.getByRole("button", { name: "Submit" }).isDisabled()).to.equal(true);
    await host.bridge(0, "sendToolInput", { arguments: nativeInput });
    await app.getByRole("checkbox", { name: "Europe" }).check();
    expect(await app.getByRole("radio", { name: "Blog post" }).isChecked()).to.equal(true);
    await app.getByRole("button", { name: "Submit" }).click();
    const result = await call;
    const response = { action: "accept", content: { channel: "blog", markets: ["eu"] } };
    expect(result.structuredContent).to.deep.equal(response);
    expect(host.toolCalls.map(({ name, arguments: args }) => ({ name, args }))).to.deep.equal([
      { name: "my_submit", args: { requestId: own.ids[0], response } },
    ]);
    await app.getByRole("status").filter({ hasText: "Your answers were sent." }).waitFor();
    // The server author writes it back in the form's own protocol.
    const native = translateAnswers(response, { form: nativeInput, from: "data", to: "native" });
    expect(native.ok && native.value).to.deep.equal({
      action: "accept",
      content: { channel: "blog", markets: ["eu"] },
    });
    expect(host.requests).to.deep.equal([]);
  });

  it("answers an AskUserQuestion form as the person's message where the host cannot call server tools", async () => {
    const { app } = await showFor(askInput, false);
    await host.bridge(0, "sendToolInput", { arguments: askInput });
    await app.getByRole("radio", { name: /SQLite/ }).check();
    await app.getByRole("checkbox", { name: /Migrations/ }).check();
    await app.getByRole("button", { name: "Submit" }).click();
    await eventually(() => host.messages.length === 1, "the app's ui/message");
    await app.getByRole("status").filter({ hasText: "Your answers were sent." }).waitFor();
    expect(host.toolCalls).to.deep.equal([]);
    const text = host.messages[0]?.content[0]?.text as string;
    expect(text).to.match(/^\[form answers — /);
    const back = translateAnswers(text, {
      form: askInput,
      formFrom: "ask-user-question",
      from: "question-form",
      to: "ask-user-question",
    });
    expect(back.ok, JSON.stringify(back)).to.equal(true);
    expect(back.ok && (back.value as { updatedInput?: unknown }).updatedInput).to.deep.include({
      answers: {
        "Which database should we use for the new service?": "SQLite",
        "Which features do you want to enable?": "Migrations",
      },
    });
  });

  it("shows the server's own refusal of an answer, and keeps the form for a valid one", async () => {
    const { call, app } = await showFor(nativeInput, true);
    // A host that handed the app one more option than the call has: the server refuses it.
    const channel = structuredClone(nativeInput.requestedSchema.properties.channel);
    channel.oneOf.push({ const: "podcast", title: "Podcast" });
    const properties = { ...nativeInput.requestedSchema.properties, channel };
    const shown = { ...nativeInput, requestedSchema: { ...nativeInput.requestedSchema, properties } };
    await host.bridge(0, "sendToolInput", { arguments: shown });
    await app.getByRole("radio", { name: "Podcast" }).check();
    await app.getByRole("checkbox", { name: "Europe" }).check();
    let settled = false;
    void call.then(() => (settled = true));
    await app.getByRole("button", { name: "Submit" }).click();
    await app.getByRole("status").filter({ hasText: "This answer was not taken." }).waitFor();
    expect(settled).to.equal(false);
    await app.getByRole("radio", { name: "E-mail" }).check();
    await app.getByRole("button", { name: "Submit" }).click();
    expect((await call).structuredContent).to.deep.equal({
      action: "accept",
      content: { channel: "email", markets: ["eu"] },
    });
  });

  it("says so, and sends nothing, when the input is no form formgate reads", async () => {
    const { app } = await showFor({ city: "Lyon" }, true);
    await host.bridge(0, "sendToolInput", { arguments: { city: "Lyon" } });
    await app.getByRole("status").filter({ hasText: "This form could not be shown." }).waitFor();
    expect(await app.getByRole("button").count()).to.equal(0);
    expect(host.toolCalls).to.deep.equal([]);
  });
});
