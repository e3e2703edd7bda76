/**
 * Issue 34's red team, scaled to seconds: each finding as a test of what a client can no
 * longer do (crash the process, take another address's share, lose an answer).
 */
import { spawn } from "node:child_process";
import { getEventListeners } from "node:events";
import { readFileSync } from "node:fs";
import { request, type IncomingMessage } from "node:http";
import { connect as connectTcp } from "node:net";
import { PassThrough } from "node:stream";
import { expect } from "chai";
import { McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { FORM_TOOL_NAME, serveHttp, serveStdio, type HttpOptions, type HttpServer } from "../../src/server/index.js";
import { LIMIT_NAMES, defaultLimits, readServerConfig } from "../../src/server/config.js";
import { SETTINGS } from "../../src/server/settings.js";
import { EventBudget, MemoryEventStore } from "../../src/server/event-store.js";
import { PendingForms } from "../../src/server/pending-forms.js";
import {
  connectHttpSession,
  listenWhileAnotherListens,
  rawHttp,
  sleep,
  type Answer,
  type HttpFaultHost,
} from "./fault-harness.js";
import { eventually, loadArguments, nativeForms, root, startHttpChild } from "./harness.js";
import { connectModernInMemory, modernNativeForms } from "./modern-peer.js";
import { builtCliIsCurrent } from "../support/built-cli.js";

const question = (id: string) => ({
  message: `Question ${id}`,
  questions: [{ id, type: "text", title: `Question ${id}`, required: true }],
});
const structured = (result: CallToolResult) => result.structuredContent as Record<string, unknown>;
const errorOf = (result: CallToolResult) => structured(result).error as { code: string; message: string };
const accept: Answer = async ({ request: form }) => {
  const id = Object.keys((form.params as { requestedSchema: { properties: object } }).requestedSchema.properties)[0];
  return { action: "accept", content: { [id as string]: `answer to ${id}` } };
};

async function serve(options: HttpOptions = {}): Promise<{ server: HttpServer; url: URL; log: string[] }> {
  const log: string[] = [];
  const server = await serveHttp({ port: 0, log: (line) => log.push(line), ...options });
  return { server, url: new URL(server.url), log };
}

const MIB = 1024 * 1024;

/** Resident memory of a process, in bytes (Linux). */
function residentBytes(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(line?.[1]) * 1024;
}

describe("server bounds: the event store, in all sessions", () => {
  const message = { jsonrpc: "2.0" as const, method: "notifications/message", params: { data: "x".repeat(1000) } };
  const limits = (budget: EventBudget) => ({ maxEvents: 100, maxBytes: 10_000, maxReplays: 2, budget });

  it("past the total, the largest session gives up its oldest events; the others keep theirs", async () => {
    const budget = new EventBudget(12_000);
    const small = new MemoryEventStore(limits(budget));
    const large = new MemoryEventStore(limits(budget));
    const kept = await small.storeEvent("s", message);
    const first = await large.storeEvent("l", message);
    for (let i = 0; i < 9; i++) await large.storeEvent("l", message);
    expect(budget.bytes).to.be.at.most(12_000);
    expect(await small.getStreamIdForEventId(kept), "the small session's event").to.equal("s");
    expect(await large.getStreamIdForEventId(first), "the large session's oldest").to.equal(undefined);
    large.clear();
    small.clear();
    expect(budget.bytes).to.equal(0);
  });

  it("an event larger than a session's bound is sent but never kept", async () => {
    const budget = new EventBudget(1_000_000);
    const store = new MemoryEventStore(limits(budget));
    const before = await store.storeEvent("s", message);
    const huge = await store.storeEvent("s", { ...message, params: { data: "x".repeat(20_000) } });
    expect(await store.getStreamIdForEventId(huge)).to.equal(undefined);
    expect(await store.getStreamIdForEventId(before), "what it held before").to.equal("s");
    expect(budget.bytes).to.be.below(2_000);
  });

  it(
    "a finished stream (one that carried a response) is replayed at most maxReplays times; a pending " + "one freely",
    async () => {
      const store = new MemoryEventStore(limits(new EventBudget(1_000_000)));
      const id = await store.storeEvent("s", message);
      await store.storeEvent("s", message);
      const sent: string[] = [];
      const send = async (eventId: string) => void sent.push(eventId);
      for (let i = 0; i < 3; i++) expect(await store.replayEventsAfter(id, { send }), "pending").to.equal("s");
      await store.storeEvent("s", { jsonrpc: "2.0", id: 1, result: {} });
      expect(await store.replayEventsAfter(id, { send })).to.equal("s");
      expect(await store.replayEventsAfter(id, { send })).to.equal("s");
      expect(await store.getStreamIdForEventId(id)).to.equal(undefined);
      expect(await store.replayEventsAfter(id, { send })).to.equal("");
      expect(sent).to.have.length(3 + 2 * 2);
    },
  );

  it(
    "sessions whose client answers each form with a multi-MB JSON-RPC error: the server stays up, " +
      "each result is under 64 KiB, the event store within its bound",
    async function () {
      this.timeout(60_000);
      const { server, url } = await serve({
        limits: { maxEventBytes: 4 * MIB, maxBodyBytesInFlightPerClient: 64 * MIB },
      });
      const huge = `refused: ${"x".repeat(3_900_000)}`;
      const refuse: Answer = async () => {
        throw new McpError(-32000, huge);
      };
      try {
        const hosts = await Promise.all(Array.from({ length: 8 }, () => connectHttpSession(url, refuse)));
        const results = await Promise.all(hosts.map((host, index) => host.call(question(`q${index}`))));
        for (const result of results) {
          expect(errorOf(result).code).to.equal("transport_error");
          expect(JSON.stringify(result).length, "the result's size").to.be.below(64 * 1024);
          expect(errorOf(result).message).to.include("refused: xxx").and.include("more characters");
        }
        // Still serving, and a well-behaved client is answered.
        const calm = await connectHttpSession(url, accept);
        expect(structured(await calm.call(question("calm")))).to.deep.equal({
          action: "accept",
          content: { calm: "answer to calm" },
        });
      } finally {
        await server.close();
      }
    },
  );
});

/** A POST from `localAddress` that sends its headers and a few bytes of a `length`-byte body, then waits. */
function slowBody(url: URL, localAddress: string, length: number) {
  const socket = connectTcp({ host: "127.0.0.1", port: Number(url.port), localAddress });
  socket.on("error", () => {});
  socket.write(
    `POST /mcp HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n` +
      `Accept: application/json, text/event-stream\r\nContent-Length: ${length}\r\n\r\n{"jsonrpc":`,
  );
  let answer = "";
  socket.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
  return { socket, answer: () => answer };
}

describe("server bounds: the red team's event-store flood, in a child with a 256 MB heap", () => {
  it(
    "40 sessions each answering with a 3.9 MB JSON-RPC error: the server stays up under 700 MB " +
      "resident, every result small",
    async function () {
      this.timeout(120_000);
      // One address sends every 3.9 MB body: its share of bodies in flight is raised to the total.
      const child = await startHttpChild(undefined, [], {
        NODE_OPTIONS: "--max-old-space-size=256",
        FORMGATE_MAX_BODY_BYTES_IN_FLIGHT_PER_CLIENT: String(64 * MIB),
      });
      const huge = `refused: ${"x".repeat(3_900_000)}`;
      const refuse: Answer = async () => {
        throw new McpError(-32000, huge);
      };
      try {
        const hosts: HttpFaultHost[] = [];
        // In waves, so the bodies in flight stay within the budget; what is kept adds up.
        for (let wave = 0; wave < 5; wave++) {
          const batch = await Promise.all(Array.from({ length: 8 }, () => connectHttpSession(child.url, refuse)));
          hosts.push(...batch);
          const results = await Promise.all(batch.map((host, index) => host.call(question(`q${wave}_${index}`))));
          for (const result of results) {
            expect(errorOf(result).code).to.equal("transport_error");
            expect(JSON.stringify(result).length, "the result's size").to.be.below(64 * 1024);
          }
        }
        expect(child.process.exitCode, child.log()).to.equal(null);
        expect(residentBytes(child.process.pid as number)).to.be.below(700 * MIB);
        const health = await rawHttp(new URL("/health", child.url), { method: "GET" });
        expect(JSON.parse(health.body)).to.include({ status: "ok", sessions: 40 });
        await Promise.all(hosts.map((host) => host.endSession()));
      } finally {
        await child.stop();
      }
    },
  );
});

describe("server bounds: request bodies, counted as they arrive", () => {
  /** A JSON-RPC error of `bytes` bytes as a session's answer to every form. */
  const refuseWith = (bytes: number): Answer => {
    const huge = `refused: ${"x".repeat(bytes)}`;
    return async () => {
      throw new McpError(-32000, huge);
    };
  };
  const bodyRefusals = (log: string[]) => log.filter((line) => line.includes("FORMGATE_MAX_BODY_BYTES_IN_FLIGHT"));

  it(
    "a slowloris body at 8 bytes a second is ended (408, closed) after its rate window; " + "its bytes given back",
    async function () {
      this.timeout(10_000);
      const { server, url, log } = await serve({
        limits: { minBodyBytesPerSec: 64, bodyRateWindowMs: 300, maxBodyBytesInFlightPerClient: 2048 },
      });
      const padded = (length: number) => {
        const head = '{"jsonrpc":"2.0","id":1,"method":"ping","pad":"';
        return `${head}${"x".repeat(length - head.length - 2)}"}`;
      };
      const socket = connectTcp({ host: "127.0.0.1", port: Number(url.port) });
      socket.on("error", () => {});
      let answer = "";
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
      const closed = new Promise((resolve) => socket.once("close", resolve));
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n` +
          `Accept: application/json, text/event-stream\r\nContent-Length: 2000\r\n\r\n${padded(2000).slice(0, 1500)}`,
      );
      const trickle = setInterval(() => socket.write("x"), 125);
      try {
        await sleep(100);
        // It holds the 1,500 bytes that arrived: a second body of 1,500 is past the address's 2,048.
        const held = await rawHttp(url, { body: padded(1500) });
        expect(held.status, "while it holds what arrived").to.equal(503);
        const started = Date.now();
        await closed;
        expect(Date.now() - started, "ended within two rate windows").to.be.below(1500);
        expect(answer).to.match(/^HTTP\/1\.1 408/);
        expect(answer).to.include("FORMGATE_MIN_BODY_BYTES_PER_SEC");
        const freed = await rawHttp(url, { body: padded(1500) });
        expect(freed.status, "its bytes given back").to.not.equal(503);
        expect(log.filter((line) => line.includes("FORMGATE_MIN_BODY_BYTES_PER_SEC"))).to.have.length(1);
      } finally {
        clearInterval(trickle);
        socket.destroy();
        await server.close();
      }
    },
  );

  it(
    "while other addresses and its own hold slow bodies open (declaring every byte of the shares), " +
      "a real client answers its pending forms: accepted, resolved, no 503",
    async function () {
      this.timeout(20_000);
      const { server, url, log } = await serve({
        timeoutMs: 3000,
        limits: {
          maxBodyBytesInFlight: 1 * MIB,
          maxBodyBytesInFlightPerClient: 512 * 1024,
          bodyRateWindowMs: 60_000,
        },
      });
      const host = await connectHttpSession(url, accept);
      const slow: ReturnType<typeof slowBody>[] = [];
      try {
        // Another address's view: 127.0.0.2 and 127.0.0.3 declare the whole total between them.
        slow.push(slowBody(url, "127.0.0.2", 512 * 1024), slowBody(url, "127.0.0.3", 512 * 1024));
        await sleep(200);
        expect(structured(await host.call(question("a")))).to.deep.equal({
          action: "accept",
          content: { a: "answer to a" },
        });
        // Its own address's view: 127.0.0.1 declares its whole share too.
        slow.push(slowBody(url, "127.0.0.1", 300 * 1024), slowBody(url, "127.0.0.1", 300 * 1024));
        await sleep(200);
        expect(structured(await host.call(question("b")))).to.deep.equal({
          action: "accept",
          content: { b: "answer to b" },
        });
        expect(bodyRefusals(log)).to.deep.equal([]);
        expect(
          slow.every((body) => body.answer() === ""),
          "the slow bodies are still open",
        ).to.equal(true);
      } finally {
        for (const body of slow) body.socket.destroy();
        await server.close();
      }
    },
  );

  it(
    "concurrent multi-MB answers from one address all accepted " + "while it holds slow bodies declaring its share",
    async function () {
      this.timeout(30_000);
      const { server, url, log } = await serve({ timeoutMs: 10_000, limits: { bodyRateWindowMs: 60_000 } });
      const hosts = await Promise.all(Array.from({ length: 4 }, () => connectHttpSession(url, refuseWith(3_000_000))));
      // Four bodies declaring 4,000,000 bytes each: 16,000,000 of the address's 16 MiB, but 11 bytes arrived each.
      const slow = Array.from({ length: 4 }, () => slowBody(url, "127.0.0.1", 4_000_000));
      try {
        await sleep(200);
        const results = await Promise.all(hosts.map((host, index) => host.call(question(`q${index}`))));
        for (const result of results) {
          expect(errorOf(result).code, "the answer reached the server").to.equal("transport_error");
          expect(errorOf(result).message).to.include("refused: xxx");
        }
        expect(bodyRefusals(log)).to.deep.equal([]);
      } finally {
        for (const body of slow) body.socket.destroy();
        await Promise.all(hosts.map((host) => host.endSession()));
        await server.close();
      }
    },
  );
});

/** Opens a raw HTTP request and hands over the response as it arrives (an event stream). */
function openStream(
  url: URL,
  options: { method: string; headers: Record<string, string>; body?: string; localAddress?: string },
): Promise<{ response: IncomingMessage; text: () => string; ended: Promise<void>; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: options.method,
        headers: options.headers,
        ...(options.localAddress !== undefined && { localAddress: options.localAddress }),
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        const ended = new Promise<void>((done) => response.once("close", () => done()));
        resolve({ response, text: () => text, ended, close: () => req.destroy() });
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

const LEGACY = { "mcp-protocol-version": "2025-11-25" };
const JSON_AND_SSE = { "content-type": "application/json", accept: "application/json, text/event-stream" };

/** A 2025-era session opened by hand: its headers for the requests that follow. */
async function rawSession(
  url: URL,
  localAddress?: string,
): Promise<{ status: number; headers: Record<string, string> }> {
  const init = await openStream(url, {
    method: "POST",
    headers: { ...JSON_AND_SSE, ...LEGACY },
    localAddress,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: nativeForms, clientInfo: { name: "t", version: "1" } },
    }),
  });
  await init.ended;
  const session = { ...LEGACY, "mcp-session-id": String(init.response.headers["mcp-session-id"]) };
  if (init.response.statusCode === 200)
    await rawHttp(url, {
      headers: session,
      body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    });
  return { status: init.response.statusCode ?? 0, headers: session };
}

const events = (text: string) =>
  [...text.matchAll(/id: (\S+)\ndata: (\{.*\})\n/g)].map((match) => ({
    id: match[1] as string,
    message: JSON.parse(match[2] as string) as { id?: number; method?: string; result?: CallToolResult },
  }));

/** A tools/call (id 7) asking one question, `q`, on its own event stream, once the form it asks has arrived on it. */
async function callShowingForm(url: URL, session: Record<string, string>) {
  const call = await openStream(url, {
    method: "POST",
    headers: { ...JSON_AND_SSE, ...session },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: { name: FORM_TOOL_NAME, arguments: question("q") },
    }),
  });
  await eventually(() => events(call.text()).some((event) => event.message.method !== undefined), "the form");
  const form = events(call.text()).find((event) => event.message.method !== undefined);
  return { call, form };
}

describe("server bounds: resuming a pending call's stream", () => {
  it(
    "a client whose call stream dropped reconnects with Last-Event-ID at once, while the form is pending, " +
      "and receives the result when the person answers; the finished stream is replayed at most " +
      "FORMGATE_MAX_STREAM_REPLAYS times",
    async () => {
      // The person takes longer than a listen stream may idle: a resumed call stream is not a listen stream.
      const { server, url, log } = await serve({ limits: { maxStreamReplays: 2, listenIdleMs: 100 } });
      try {
        const { headers: session } = await rawSession(url);
        const { call, form } = await callShowingForm(url, session);
        call.close();
        await call.ended;
        // At once, before anyone answers: the server let the dropped stream go when its socket closed.
        const resumed = await openStream(url, {
          method: "GET",
          headers: { ...session, accept: "text/event-stream", "last-event-id": form?.id as string },
        });
        expect(resumed.response.statusCode, "the reconnect takes the stream over").to.equal(200);
        await sleep(300);
        const answered = await rawHttp(url, {
          headers: session,
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: form?.message.id,
            result: { action: "accept", content: { q: "while away" } },
          }),
        });
        expect(answered.status).to.equal(202);
        await eventually(() => events(resumed.text()).some((event) => event.message.id === 7), "the result");
        const result = events(resumed.text()).find((event) => event.message.id === 7)?.message.result;
        expect(result?.structuredContent).to.deep.equal({ action: "accept", content: { q: "while away" } });
        await resumed.ended;
        // Finished now: replayed twice more at most (the resumption while it was pending does not count).
        const replay = () =>
          rawHttp(url, {
            method: "GET",
            headers: { ...session, accept: "text/event-stream", "last-event-id": form?.id as string },
          });
        expect((await replay()).status).to.equal(200);
        expect((await replay()).status).to.equal(200);
        expect((await replay()).status).to.equal(400);
        expect((await replay()).status).to.equal(400);
        expect(log.filter((line) => line.includes("FORMGATE_MAX_STREAM_REPLAYS"))).to.have.length(1);
      } finally {
        await server.close();
      }
    },
  );
});

describe("server bounds: a fair share of sessions and listen streams", () => {
  it("2025-era sessions per address are bounded below --max-sessions; another address still opens one", async () => {
    const { server, url, log } = await serve({ limits: { maxSessionsPerClient: 2 } });
    try {
      expect((await rawSession(url)).status).to.equal(200);
      expect((await rawSession(url)).status).to.equal(200);
      const refused = await rawHttp(url, {
        headers: LEGACY,
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
        }),
      });
      expect(refused.status).to.equal(503);
      expect(refused.headers["retry-after"]).to.equal("30");
      expect(JSON.parse(refused.body).error.message).to.include("FORMGATE_MAX_SESSIONS_PER_CLIENT");
      expect((await rawSession(url, "127.0.0.2")).status, "another address").to.equal(200);
      expect(log.filter((line) => line.includes("FORMGATE_MAX_SESSIONS_PER_CLIENT"))).to.have.length(1);
    } finally {
      await server.close();
    }
  });

  it(
    "an idle listen stream (2025-era GET, 2026-07-28 subscriptions/listen) closes after " +
      "FORMGATE_LISTEN_IDLE_MS and frees its place",
    async () => {
      const { server, url, log } = await serve({ limits: { listenIdleMs: 300, maxListenStreamsPerClient: 1 } });
      const listen = {
        ...JSON_AND_SSE,
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "subscriptions/listen",
      };
      const listenBody = JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "subscriptions/listen",
        params: {
          notifications: { toolsListChanged: true },
          _meta: {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {},
          },
        },
      });
      try {
        const { headers: session } = await rawSession(url);
        const get = await openStream(url, { method: "GET", headers: { ...session, accept: "text/event-stream" } });
        expect(get.response.statusCode).to.equal(200);
        const first = await openStream(url, { method: "POST", headers: listen, body: listenBody });
        expect(first.response.statusCode, first.text()).to.equal(200);
        await Promise.all([get.ended, first.ended]);
        const second = await openStream(url, { method: "POST", headers: listen, body: listenBody });
        expect(second.response.statusCode, "the freed place").to.equal(200);
        second.close();
        expect(log.filter((line) => line.includes("FORMGATE_LISTEN_IDLE_MS"))).to.have.length(1);
      } finally {
        await server.close();
      }
    },
  );
});

describe("server bounds: the smaller findings", () => {
  it(
    "an event stream answers a client's Connection: close with Connection: close, and the connection " + "ends",
    async () => {
      const { server, url } = await serve();
      try {
        const { headers: session } = await rawSession(url);
        const list = await openStream(url, {
          method: "POST",
          headers: { ...JSON_AND_SSE, ...session, connection: "close" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
        });
        expect(list.response.headers["content-type"]).to.match(/^text\/event-stream/);
        expect(list.response.headers.connection).to.equal("close");
        await list.ended;
        expect(list.text()).to.include(FORM_TOOL_NAME);
      } finally {
        await server.close();
      }
    },
  );

  it("an absolute-form request target gets 400, not 500 and an error in the log", async () => {
    const { server, url, log } = await serve();
    try {
      const socket = connectTcp(Number(url.port), "127.0.0.1");
      let answer = "";
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
      socket.write(
        `POST http://evil.example/mcp HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n` +
          "Accept: application/json, text/event-stream\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
      );
      await new Promise((resolve) => socket.once("close", resolve));
      expect(answer).to.match(/^HTTP\/1\.1 400/);
      expect(answer).to.include("request target");
      expect(log.filter((line) => line.includes("http error"))).to.deep.equal([]);
    } finally {
      await server.close();
    }
  });

  it(
    "FORMGATE_REQUEST_TIMEOUT_MS below the header timeout's default: the header timeout follows it; " +
      "both set the wrong way round is a config error naming the variable",
    async () => {
      const alone = readServerConfig({ FORMGATE_REQUEST_TIMEOUT_MS: "15000" });
      expect(alone.ok && alone.value.limits.headersTimeoutMs).to.equal(15_000);
      const both = readServerConfig({ FORMGATE_REQUEST_TIMEOUT_MS: "15000", FORMGATE_HEADERS_TIMEOUT_MS: "20000" });
      expect(both.ok).to.equal(false);
      expect(!both.ok && both.error.issues.map((issue) => issue.path)).to.deep.equal([["FORMGATE_HEADERS_TIMEOUT_MS"]]);
      const { server } = await serve({ limits: { requestTimeoutMs: 15_000 } });
      await server.close();
      let refused: unknown;
      await serve({ limits: { requestTimeoutMs: 15_000, headersTimeoutMs: 20_000 } }).catch(
        (error) => (refused = error),
      );
      expect(refused).to.be.instanceOf(RangeError);
      expect(defaultLimits().headersTimeoutMs).to.equal(30_000);
    },
  );
});

describe("server bounds: 2026-07-28 answers are own keys", () => {
  it('inputResponses {"__proto__": {"form": …}} is never read as the answer', async () => {
    const host = await connectModernInMemory({
      capabilities: modernNativeForms,
      answer: async () => ({ action: "decline" }),
      manual: true,
    });
    try {
      const args = loadArguments("choices");
      const first = (await host.client.callTool({ name: FORM_TOOL_NAME, arguments: args }, {
        allowInputRequired: true,
      } as never)) as unknown as { requestState: string };
      const responses = JSON.parse('{"__proto__": {"form": {"action": "accept", "content": {"audience": ["vc"]}}}}');
      const retry = (await host.client.callTool(
        { name: FORM_TOOL_NAME, arguments: args, inputResponses: responses, requestState: first.requestState } as never,
        { allowInputRequired: true } as never,
      )) as CallToolResult;
      expect(errorOf(retry).code).to.equal("invalid_response");
      expect(structured(retry).action).to.equal(undefined);
    } finally {
      await host.close();
    }
  });
});

/** Newline-delimited JSON-RPC over a pair of in-process pipes, as a stdio client writes it. */
function stdioPeer() {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const received: { id?: number; method?: string; result?: CallToolResult }[] = [];
  let buffer = "";
  stdout.on("data", (chunk: Buffer) => {
    buffer += chunk.toString("utf8");
    for (let newline = buffer.indexOf("\n"); newline >= 0; newline = buffer.indexOf("\n")) {
      received.push(JSON.parse(buffer.slice(0, newline)));
      buffer = buffer.slice(newline + 1);
    }
  });
  const send = (message: object) => stdin.write(`${JSON.stringify(message)}\n`);
  return { stdin, stdout, received, send };
}

describe("server bounds: stdio lines", () => {
  it(
    "a line over 10 MiB is dropped with a log line; the server keeps serving and the pending call is " + "answered",
    async function () {
      this.timeout(20_000);
      const peer = stdioPeer();
      const log: string[] = [];
      const server = await serveStdio({ stdin: peer.stdin, stdout: peer.stdout, log: (line) => log.push(line) });
      try {
        peer.send({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: "2025-11-25", capabilities: nativeForms, clientInfo: { name: "t", version: "1" } },
        });
        peer.send({ jsonrpc: "2.0", method: "notifications/initialized" });
        peer.send({
          jsonrpc: "2.0",
          id: 2,
          method: "tools/call",
          params: { name: FORM_TOOL_NAME, arguments: question("q") },
        });
        await eventually(() => peer.received.some((message) => message.method !== undefined), "the form");
        const form = peer.received.find((message) => message.method !== undefined);
        // 10 MiB and a bit, in pieces, as a pipe delivers it.
        const piece = Buffer.alloc(MIB, "x");
        for (let i = 0; i < 10; i++) peer.stdin.write(piece);
        peer.stdin.write("xxxx\n");
        peer.send({ jsonrpc: "2.0", id: form?.id, result: { action: "accept", content: { q: "after the flood" } } });
        await eventually(() => peer.received.some((message) => message.id === 2), "the result");
        const result = peer.received.find((message) => message.id === 2)?.result;
        expect(result?.structuredContent).to.deep.equal({ action: "accept", content: { q: "after the flood" } });
        expect(log.filter((line) => line.startsWith("dropped a line of 10485764 bytes"))).to.have.length(1);
      } finally {
        peer.stdin.end();
        await server.closed;
      }
    },
  );
});

describe("server bounds: a pending call keeps the process alive", () => {
  it(
    "a child process whose only work is an in-process pending call does not exit before it is " + "answered",
    async function () {
      this.timeout(30_000);
      // The built server when it is current (no transpiling in the child), else the source through tsx.
      const server = builtCliIsCurrent()
        ? { module: "./dist/node/server.js", loader: [] }
        : { module: "./src/server/index.ts", loader: ["--import", "tsx"] };
      // The host answers on an unref'd timer: it holds nothing, as an in-process host holds nothing of its own.
      const script = `
      import { Client } from "@modelcontextprotocol/sdk/client/index.js";
      import { InMemoryTransport } from "@modelcontextprotocol/server";
      import { serveStdio, FORM_TOOL_NAME } from "${server.module}";
      const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
      const server = await serveStdio({ transport: serverEnd });
      const client = new Client({ name: "t", version: "1" }, { capabilities: ${JSON.stringify(nativeForms)} });
      client.fallbackRequestHandler = () =>
        new Promise((resolve) => setTimeout(() => resolve({ action: "accept", content: { q: "late" } }), 300).unref());
      await client.connect(clientEnd);
      const result = await client.callTool({ name: FORM_TOOL_NAME, arguments: ${JSON.stringify(question("q"))} });
      process.stdout.write(JSON.stringify(result.structuredContent));
      await client.close();
      await server.close();
    `;
      const child = spawn(process.execPath, [...server.loader, "--input-type=module", "-e", script], {
        cwd: root.pathname,
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
      const status = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(status, stderr).to.equal(0);
      expect(JSON.parse(stdout)).to.deep.equal({ action: "accept", content: { q: "late" } });
    },
  );
});

describe("server bounds: what a deeply nested answer gets (docs/server.md)", () => {
  it(
    "a well-formed answer whose content nests 10,000 levels: 202 from the transport, invalid_response " +
      "for the call",
    async () => {
      const { server, url } = await serve();
      try {
        const { headers: session } = await rawSession(url);
        const { call, form } = await callShowingForm(url, session);
        const deep = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
        const answered = await rawHttp(url, {
          headers: session,
          body: `{"jsonrpc":"2.0","id":${form?.message.id},"result":{"action":"accept","content":{"q":${deep}}}}`,
        });
        expect(answered.status).to.equal(202);
        await call.ended;
        const result = events(call.text()).find((event) => event.message.id === 7)?.message.result as CallToolResult;
        const error = structured(result).error as { code: string; issues: { path: unknown[]; message: string }[] };
        expect(error.code).to.equal("invalid_response");
        expect(error.issues.map((issue) => issue.path)).to.deep.equal([["content", "q"]]);
        expect(JSON.stringify(result).length).to.be.below(64 * 1024);
      } finally {
        await server.close();
      }
    },
  );
});

describe("server bounds: what a finished call leaves behind", () => {
  /** What Node keeps of signals made with `AbortSignal.any` from `signal` (its internal dependants set). */
  const dependants = (signal: AbortSignal): number => {
    const key = Object.getOwnPropertySymbols(signal).find((symbol) => symbol.description === "kDependantSignals");
    return key === undefined ? 0 : ((signal as unknown as Record<symbol, Set<unknown>>)[key]?.size ?? 0);
  };
  const admitted = (pending: PendingForms, call: AbortSignal) => {
    const form = pending.admit({ forms: 0, bytes: 0 }, 10, call);
    if ("error" in form) throw new Error(form.error.message);
    return form;
  };

  it("the server's stop signal keeps nothing of a released call (AbortSignal.any kept one per call)", () => {
    const pending = new PendingForms(defaultLimits(), () => {});
    for (let i = 0; i < 100; i++) admitted(pending, new AbortController().signal).release();
    expect(dependants(pending.stopping), "signals Node keeps for the stop signal").to.equal(0);
    expect(getEventListeners(pending.stopping, "abort")).to.have.length(0);
  });

  it("many pending calls listen to the stop without Node's listener-leak warning", async () => {
    const warnings: string[] = [];
    const warned = (warning: Error) => warnings.push(warning.name);
    process.on("warning", warned);
    const pending = new PendingForms(defaultLimits(), () => {});
    const forms = Array.from({ length: 50 }, () => admitted(pending, new AbortController().signal));
    try {
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).to.deep.equal([]);
    } finally {
      for (const form of forms) form.release();
      process.off("warning", warned);
    }
  });

  it("a pending call's signal aborts with its call or with the stop, and a released one with neither", () => {
    const pending = new PendingForms(defaultLimits(), () => {});
    const cancelled = new AbortController();
    const byCall = admitted(pending, cancelled.signal);
    const byStop = admitted(pending, new AbortController().signal);
    try {
      const released = new AbortController();
      const gone = admitted(pending, released.signal);
      gone.release();
      released.abort();
      cancelled.abort();
      expect([byCall.signal.aborted, gone.signal.aborted, byStop.signal.aborted]).to.deep.equal([true, false, false]);
      pending.abortAll();
      expect(byStop.signal.aborted).to.equal(true);
    } finally {
      // A pending form holds the event loop.
      byCall.release();
      byStop.release();
    }
  });
});

describe("server bounds: as documented (docs/server.md, docs/security.md)", () => {
  const securityDoc = readFileSync(new URL("docs/security.md", root), "utf8");

  // docs/server.md's table is the settings table's, row for row (test/server/settings.test.ts).
  it("every bound is named in docs/security.md's bounds", () => {
    for (const name of LIMIT_NAMES) {
      const { variable } = SETTINGS[name];
      expect(securityDoc, `docs/security.md's bounds: ${variable}`).to.include(`\`${variable}\``);
    }
  });

  it(
    "the bytes of pending form requests are bounded in all: another session past it gets " + "transport_error",
    async () => {
      const big = question("big");
      const { server, url, log } = await serve({ limits: { maxPendingBytes: 300, maxPendingBytesPerSession: 300 } });
      const never: Answer = () => new Promise(() => {});
      try {
        const first = await connectHttpSession(url, never);
        void first.call(big).catch(() => undefined);
        await eventually(() => first.received.length === 1, "the first form");
        const second = await connectHttpSession(url, never);
        const refused = errorOf(await second.call(big));
        expect(refused.code).to.equal("transport_error");
        expect(refused.message).to.include("FORMGATE_MAX_PENDING_BYTES)");
        expect(log.filter((line) => line.startsWith("limit reached"))).to.have.length(1);
        await Promise.all([first.endSession(), second.endSession()]);
      } finally {
        await server.close();
      }
    },
  );

  it("connections past the total get 503 naming it, from any address", async () => {
    const { server, url } = await serve({ limits: { maxConnections: 2 } });
    const sockets = ["127.0.0.1", "127.0.0.2"].map((localAddress) => {
      const socket = connectTcp({ host: "127.0.0.1", port: Number(url.port), localAddress });
      socket.on("error", () => {});
      return socket;
    });
    try {
      await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once("connect", resolve))));
      const third = connectTcp({ host: "127.0.0.1", port: Number(url.port), localAddress: "127.0.0.3" });
      let answer = "";
      third.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
      await new Promise((resolve) => third.once("close", resolve));
      expect(answer).to.match(/^HTTP\/1\.1 503/);
      expect(answer).to.include("FORMGATE_MAX_CONNECTIONS)");
    } finally {
      for (const socket of sockets) socket.destroy();
      await server.close();
    }
  });
});

describe("server bounds: what a result quotes of a client (docs/security.md)", () => {
  it(
    "an answer with 200 unknown keys of 5,000 characters: 50 problems listed, then one counting the rest; " +
      "keys cut",
    async () => {
      const { server, url } = await serve();
      const keys = Array.from({ length: 200 }, (_, index) => `k${index}${"x".repeat(5000)}`);
      const flood: Answer = async () => ({
        action: "accept",
        content: { q: "a fine answer", ...Object.fromEntries(keys.map((key) => [key, "unasked"])) },
      });
      try {
        const host = await connectHttpSession(url, flood);
        const result = await host.call(question("q"));
        const error = structured(result).error as { code: string; issues: { path: unknown[]; message: string }[] };
        expect(error.code).to.equal("invalid_response");
        expect(error.issues).to.have.length(51);
        expect(error.issues[50]).to.deep.equal({ path: [], message: "and 150 more problems, not listed" });
        for (const issue of error.issues.slice(0, 50)) {
          const key = issue.path.find((segment) => typeof segment === "string" && segment.startsWith("k"));
          expect(key, "the unknown key in the path").to.be.a("string");
          expect((key as string).length, "a key in a path, cut").to.be.below(300);
        }
        expect(JSON.stringify(result).length).to.be.below(64 * 1024);
        await host.endSession();
      } finally {
        await server.close();
      }
    },
  );
});

describe("server bounds: listen streams in all (docs/security.md)", () => {
  it("2026-07-28 listen streams past the total get 503 naming it, whichever address holds them", async () => {
    const { server, url } = await serve({ limits: { maxListenStreams: 1 } });
    // Another address's stream holds the one place while it is open.
    try {
      const refused = await listenWhileAnotherListens(url, "127.0.0.2");
      expect(refused.status).to.equal(503);
      expect(JSON.parse(refused.body).error.message).to.include("FORMGATE_MAX_LISTEN_STREAMS)");
    } finally {
      await server.close();
    }
  });
});
