import { request } from "node:http";
import { expect } from "chai";
import { type Clock, install } from "@sinonjs/fake-timers";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { InMemoryTransport as LinkedTransport } from "@modelcontextprotocol/server";
import { FORM_TOOL_NAME, serveHttp, serveStdio, type HttpServer } from "../../src/server/index.js";
import { sessionLabel } from "../../src/server/log.js";
import {
  eventually,
  loadArguments,
  nativeForms,
  root,
  serveCommand,
  serverEnv,
  standardForms,
  startHttpChild,
} from "./harness.js";

const args = loadArguments("choices");
const answer = { action: "accept", content: { audience: ["vc"] } };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many forms the slow hosts below were shown. */
let formsShown = 0;

/** A 2025-era host (SDK 1.x Client) that answers every native form after `delayMs`. */
function slowHost(delayMs: number): Client {
  const client = new Client({ name: "slow-person", version: "1.0.0" }, { capabilities: nativeForms });
  client.fallbackRequestHandler = async (request) => {
    if (request.method !== "openai/elicitation/create")
      throw new McpError(-32601, `Method not found: ${request.method}`);
    formsShown++;
    await sleep(delayMs);
    return answer;
  };
  return client;
}

/** The call a host makes with a short request timeout (2 s); with `reset`, progress restarts the clock. */
function callWithShortTimeout(
  client: Client,
  reset: boolean,
  progress: number[],
  timeout = 2000,
): Promise<CallToolResult> {
  return client.callTool({ name: FORM_TOOL_NAME, arguments: args }, undefined, {
    timeout,
    resetTimeoutOnProgress: reset,
    onprogress: (update) => progress.push(update.progress),
  }) as Promise<CallToolResult>;
}

async function inMemoryHost(delayMs: number, keepAliveMs: number): Promise<Client> {
  const [clientTransport, serverTransport] = LinkedTransport.createLinkedPair();
  await serveStdio({ transport: serverTransport, keepAliveMs });
  const client = slowHost(delayMs);
  await client.connect(clientTransport as unknown as Parameters<Client["connect"]>[0]);
  return client;
}

describe("server, 2025 era: progress keep-alive while the person fills in the form", function () {
  this.timeout(30_000);

  // In process the clocks are fake: the person's 5 s, the client's 2 s timeout and the 500 ms
  // keep-alive run in order without waiting for them.
  let clock: Clock | undefined;
  const fakeClock = () => {
    clock = install({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    return clock;
  };
  afterEach(() => {
    clock?.uninstall();
    clock = undefined;
  });

  it("in process: a client with a 2 s timeout, resetTimeoutOnProgress, gets the answers given after 5 s", async () => {
    const time = fakeClock();
    const client = await inMemoryHost(5000, 500);
    try {
      const progress: number[] = [];
      const call = callWithShortTimeout(client, true, progress);
      await time.tickAsync(5100);
      const result = await call;
      expect(result.structuredContent).to.deep.equal(answer);
      expect(progress.length, "progress notifications").to.be.at.least(8);
      expect(progress, "progress only increases").to.deep.equal([...progress].sort((a, b) => a - b));
    } finally {
      await client.close();
    }
  });

  it("control: without keep-alive (interval 0) the same client times out at 2 s (-32001)", async () => {
    const time = fakeClock();
    const client = await inMemoryHost(5000, 0);
    try {
      const call = callWithShortTimeout(client, true, []).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      await time.tickAsync(2100);
      const error = await call;
      expect(error).to.be.instanceOf(McpError);
      expect((error as McpError).code).to.equal(-32001);
      await time.tickAsync(3000);
    } finally {
      await client.close();
    }
  });

  // A real process runs on real time: the same story at a fifth of the scale, a 1 s timeout still twice over.
  it(
    `over stdio (${serveCommand().label}), FORMGATE_KEEPALIVE_MS=100: a 1 s client timeout with ` +
      `resetTimeoutOnProgress gets the answers given after 2 s`,
    async () => {
      const { command, args: commandArgs } = serveCommand();
      const transport = new StdioClientTransport({
        command,
        args: commandArgs,
        cwd: root.pathname,
        env: { ...serverEnv(undefined), FORMGATE_KEEPALIVE_MS: "100" },
        stderr: "pipe",
      });
      const client = slowHost(2000);
      await client.connect(transport);
      try {
        const progress: number[] = [];
        expect((await callWithShortTimeout(client, true, progress, 1000)).structuredContent).to.deep.equal(answer);
        expect(progress.length).to.be.at.least(8);
      } finally {
        await client.close();
      }
    },
  );
});

describe("server, 2025 era over HTTP: progress keep-alive on the tool call's stream", function () {
  this.timeout(30_000);
  it(
    `serve --http (${serveCommand().label}), FORMGATE_KEEPALIVE_MS=100: a 1 s client timeout with ` +
      `resetTimeoutOnProgress gets the answers given after 2 s`,
    async () => {
      const child = await startHttpChild(undefined, [], { FORMGATE_KEEPALIVE_MS: "100" });
      const client = slowHost(2000);
      try {
        await client.connect(new StreamableHTTPClientTransport(child.url));
        const progress: number[] = [];
        expect((await callWithShortTimeout(client, true, progress, 1000)).structuredContent).to.deep.equal(answer);
        expect(progress.length).to.be.at.least(8);
      } finally {
        await client.close();
        await child.stop();
      }
    },
  );
});

/** A raw JSON-RPC POST to the endpoint, as any HTTP client (or anyone who can reach the port) sends it. */
async function post(
  url: string,
  body: unknown,
  sessionId?: string,
): Promise<{ status: number; retryAfter: string | null; body: string }> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  if (sessionId !== undefined) headers["mcp-session-id"] = sessionId;
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.text() };
}

/** A request with a Host header of our choosing (fetch always sends the URL's). */
function withHost(url: URL, method: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { host, "content-type": "application/json" } }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end(method === "POST" ? "{}" : undefined);
  });
}

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

async function openSession(
  url: string,
  delayMs = 0,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(url));
  const client = slowHost(delayMs);
  await client.connect(transport);
  return { client, transport };
}

describe("server, 2025 era over HTTP: sessions expire when idle and are capped", function () {
  this.timeout(20_000);
  let server: HttpServer;
  const log: string[] = [];
  // The 400 ms idle time runs on a fake clock, moved by the tests: a loaded machine's delays
  // between a client's requests cannot expire a session, and no test waits for real.
  let time: Clock | undefined;
  beforeEach(async () => {
    log.length = 0;
    time = install({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    server = await serveHttp({ port: 0, sessionIdleMs: 400, maxSessions: 2, log: (line) => log.push(line) });
  });
  afterEach(async () => {
    time?.uninstall();
    time = undefined;
    await server.close();
  });
  const clock = () => time as Clock;

  it(
    "past the cap a new initialize gets HTTP 503 with a JSON-RPC error, while the open sessions carry " + "on",
    async () => {
      const [a, b] = [await openSession(server.url), await openSession(server.url)];
      const refused = await post(server.url, initialize);
      expect(refused.status).to.equal(503);
      expect(refused.retryAfter).to.equal("30");
      expect(JSON.parse(refused.body)).to.deep.include({ jsonrpc: "2.0", id: null });
      expect((JSON.parse(refused.body) as { error: { code: number; message: string } }).error.message).to.include(
        "2 sessions are open",
      );
      for (const { client } of [a, b])
        expect((await client.listTools()).tools.map((tool) => tool.name)).to.deep.equal([FORM_TOOL_NAME]);
      expect(server.sessionCount()).to.equal(2);
      // Ending one frees its place.
      await a.transport.terminateSession();
      expect((await post(server.url, initialize)).status).to.equal(200);
      await Promise.all([a.client.close(), b.client.close()]);
    },
  );

  it(
    "an idle session is closed after the idle time (its id then gets 404); one with a pending form lives until " +
      "the form ends",
    async () => {
      {
        const idle = await openSession(server.url);
        const busy = await openSession(server.url, 1500);
        const idleId = idle.transport.sessionId as string;
        const call = busy.client.callTool({ name: FORM_TOOL_NAME, arguments: args }) as Promise<CallToolResult>;
        // The person has the form (their 1.5 s started) before the clock moves; real I/O meanwhile.
        const shown = formsShown;
        while (formsShown === shown) await new Promise((resolve) => setImmediate(resolve));
        await clock().tickAsync(1000);
        expect(
          (await post(server.url, { jsonrpc: "2.0", id: 9, method: "tools/list" }, idleId)).status,
          "the idle session's id",
        ).to.equal(404);
        expect(log.join("\n")).to.include(`session ${sessionLabel(idleId)} expired after 400 ms idle`);
        expect(server.sessionCount(), "the session with a pending form is open").to.equal(1);
        await clock().tickAsync(500);
        expect((await call).structuredContent).to.deep.equal(answer);
        // After the form, the busy session is idle too, and goes the same way.
        await clock().tickAsync(401);
        expect(server.sessionCount()).to.equal(0);
        await Promise.all([idle.client.close(), busy.client.close()]);
      }
    },
  );

  it(`serve --http --max-sessions 1 (${serveCommand().label}): the second initialize gets 503`, async () => {
    // A child process's time is real, and so is the polling for its log.
    time?.uninstall();
    time = undefined;
    const child = await startHttpChild(undefined, ["--max-sessions", "1"], { FORMGATE_SESSION_IDLE_MS: "60000" });
    try {
      expect((await post(child.url.href, initialize)).status).to.equal(200);
      const refused = await post(child.url.href, initialize);
      expect(refused.status).to.equal(503);
      expect((JSON.parse(refused.body) as { error: { code: number } }).error.code).to.equal(-32000);
      await eventually(
        () => child.log().includes("refused a new session: 1 open"),
        `the refusal in the log:\n${child.log()}`,
      );
    } finally {
      await child.stop();
    }
  });

  it("answers the health check with the open sessions, whatever Host a balancer probes with", async () => {
    const session = await openSession(server.url);
    const health = await withHost(new URL("/health", server.url), "GET", "10.0.0.7:7801");
    expect(health.status).to.equal(200);
    expect(JSON.parse(health.body)).to.deep.equal({ status: "ok", sessions: 1, maxSessions: 2, pendingForms: 0 });
    // The MCP endpoint itself still refuses that Host.
    expect((await withHost(new URL(server.url), "POST", "10.0.0.7:7801")).status).to.equal(403);
    await session.client.close();
  });

  it("a session that keeps making requests does not expire", async () => {
    const active = await openSession(server.url);
    for (let i = 0; i < 6; i++) {
      await clock().tickAsync(200);
      await active.client.listTools();
    }
    expect(server.sessionCount()).to.equal(1);
    await active.client.close();
  });
});

describe("server: standard MCP forms for hosts without native forms, and --no-fallback", function () {
  this.timeout(30_000);
  const templateArgs = loadArguments("template-and-goal");

  /** A 2025-era host that shows only standard forms, answering each with `decline`; the requests it received. */
  async function standardHost(
    connect: (client: Client) => Promise<void>,
  ): Promise<{ client: Client; methods: string[] }> {
    const client = new Client({ name: "standard-host", version: "1.0.0" }, { capabilities: standardForms });
    const methods: string[] = [];
    client.fallbackRequestHandler = async (request) => {
      methods.push(request.method);
      return { action: "decline" };
    };
    await connect(client);
    return { client, methods };
  }

  const inMemory = (options: Parameters<typeof serveStdio>[0]) => async (client: Client) => {
    const [clientTransport, serverTransport] = LinkedTransport.createLinkedPair();
    await serveStdio({ ...options, transport: serverTransport });
    await client.connect(clientTransport as unknown as Parameters<Client["connect"]>[0]);
  };
  const child = (extraArgs: string[], env: Record<string, string>) => async (client: Client) => {
    const { command, args: commandArgs } = serveCommand();
    await client.connect(
      new StdioClientTransport({
        command,
        args: [...commandArgs, ...extraArgs],
        cwd: root.pathname,
        env: { ...serverEnv(undefined), ...env },
        stderr: "pipe",
      }),
    );
  };

  it("by default, a standard-only host is asked with a standard elicitation/create", async () => {
    const { client, methods } = await standardHost(inMemory({}));
    expect((await client.callTool({ name: FORM_TOOL_NAME, arguments: templateArgs })).structuredContent).to.deep.equal({
      action: "decline",
    });
    expect(methods).to.deep.equal(["elicitation/create"]);
    await client.close();
  });

  it(
    "a files question cannot be carried by a standard form: unsupported_client naming the question, and no " +
      "request",
    async () => {
      const { client, methods } = await standardHost(inMemory({}));
      const result = (await client.callTool({ name: FORM_TOOL_NAME, arguments: args })) as CallToolResult;
      const { error } = result.structuredContent as {
        error: { code: string; message: string; issues: { path: unknown[] }[] };
      };
      expect(error.code).to.equal("unsupported_client");
      expect(error.message).to.match(/^The host shows only standard MCP forms, so no form was shown\. /);
      expect(error.message)
        .to.include("files")
        .and.match(/Ask in the conversation instead, or leave that question out\.$/);
      // The question is named once: by the writer's sentence, not again around it.
      expect(error.message.split("`data`")).to.have.length(2);
      expect(error.message).not.to.match(/question "data"/i);
      expect(error.issues.map((issue) => issue.path)).to.deep.equal([["questions", 1]]);
      expect(methods).to.deep.equal([]);
      await client.close();
    },
  );

  const strict: [string, (client: Client) => Promise<void>][] = [
    ["standardFallback: false in process", inMemory({ standardFallback: false })],
    [`serve --no-fallback (${serveCommand().label})`, child(["--no-fallback"], {})],
    [`FORMGATE_NO_FALLBACK=1 (${serveCommand().label})`, child([], { FORMGATE_NO_FALLBACK: "1" })],
  ];
  for (const [how, connect] of strict) {
    it(`${how}: the seed document's strict behaviour, unsupported_client with its message and no request`, async () => {
      const { client, methods } = await standardHost(connect);
      const result = (await client.callTool({ name: FORM_TOOL_NAME, arguments: templateArgs })) as CallToolResult;
      expect(result.structuredContent).to.deep.equal({
        error: {
          code: "unsupported_client",
          message:
            'The host did not advertise native form support (capabilities.extensions["openai/elicitation"].form), ' +
            "so no form was shown. Ask in the conversation instead.",
        },
      });
      expect(methods).to.deep.equal([]);
      await client.close();
    });
  }
});
