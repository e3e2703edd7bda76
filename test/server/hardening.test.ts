import { spawn } from "node:child_process";
import { connect as connectTcp, type Socket } from "node:net";
import { expect } from "chai";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { FORM_TOOL_NAME, serveHttp, type HttpOptions, type HttpServer } from "../../src/server/index.js";
import { callTool2026 } from "../../src/server/adapter.js";
import { PendingForms } from "../../src/server/pending-forms.js";
import { createStateSealer } from "../../src/server/request-state.js";
import { defaultLimits } from "../../src/server/config.js";
import { MAX_LOG_LINE, sessionLabel } from "../../src/server/log.js";
import {
  connectHttpSession,
  listenWhileAnotherListens,
  rawHttp,
  sleep,
  STACK_TRACE,
  type Answer,
} from "./fault-harness.js";
import { eventually, nativeForms, root, serveCommand, serverEnv, startHttpChild } from "./harness.js";

const question = (id: string) => ({
  message: `Question ${id}`,
  questions: [{ id, type: "text", title: `Question ${id}`, required: true }],
});
const structured = (result: CallToolResult) => result.structuredContent as Record<string, unknown>;
const errorOf = (result: CallToolResult) => structured(result).error as { code: string; message: string };
const echo: Answer = async ({ request }) => {
  const id = Object.keys((request.params as { requestedSchema: { properties: object } }).requestedSchema.properties)[0];
  return { action: "accept", content: { [id as string]: `answer to ${id}` } };
};
const never: Answer = () => new Promise(() => {});

/** An in-process HTTP server whose log lines are kept. */
async function serve(options: HttpOptions = {}): Promise<{ server: HttpServer; url: URL; log: string[] }> {
  const log: string[] = [];
  const server = await serveHttp({ port: 0, log: (line) => log.push(line), ...options });
  return { server, url: new URL(server.url), log };
}

describe("server hardening: every call that ends releases what it held", () => {
  it(
    "a cancelled call (notifications/cancelled) no longer keeps its session alive: " + "it expires after the idle time",
    async () => {
      const { server, url } = await serve({ sessionIdleMs: 300 });
      try {
        const host = await connectHttpSession(url, never);
        const controller = new AbortController();
        const call = host.call(question("q"), { signal: controller.signal }).catch((error: unknown) => error);
        await eventually(() => host.received.length === 1, "the form to arrive");
        controller.abort();
        await call;
        expect(server.sessionCount()).to.equal(1);
        await eventually(() => server.sessionCount() === 0, "the cancelled session to expire", 3000);
      } finally {
        await server.close();
      }
    },
  );

  it(
    "pending forms are counted per session and in all, and released whatever ends them; " +
      "past a bound the call gets transport_error naming it",
    async () => {
      const { server, url, log } = await serve({ limits: { maxPendingFormsPerSession: 2, maxPendingForms: 3 } });
      try {
        const first = await connectHttpSession(url, never);
        const controller = new AbortController();
        const held = [
          first.call(question("a"), { signal: controller.signal }).catch(() => undefined),
          first.call(question("b"), { signal: controller.signal }).catch(() => undefined),
        ];
        await eventually(() => first.received.length === 2, "two forms to arrive");
        const third = errorOf(await first.call(question("c")));
        expect(third.code).to.equal("transport_error");
        expect(third.message).to.include("FORMGATE_MAX_PENDING_FORMS_PER_SESSION");
        const second = await connectHttpSession(url, never);
        void second.call(question("d")).catch(() => undefined);
        await eventually(() => second.received.length === 1, "another session's form to arrive");
        const overall = errorOf(await second.call(question("e")));
        expect(overall.message).to.include("FORMGATE_MAX_PENDING_FORMS)");
        expect(log.filter((line) => line.startsWith("limit reached")).length, "each bound logged once").to.equal(2);
        await errorOf(await first.call(question("f")));
        expect(log.filter((line) => line.startsWith("limit reached")).length).to.equal(2);
        // Cancelling frees the places.
        controller.abort();
        await Promise.all(held);
        const answering = await connectHttpSession(url, echo);
        expect(structured(await answering.call(question("g")))).to.deep.equal({
          action: "accept",
          content: { g: "answer to g" },
        });
        await Promise.all([first.endSession(), second.endSession(), answering.endSession()]);
      } finally {
        await server.close();
      }
    },
  );

  it("the bytes of pending form requests are bounded per session", async () => {
    const { server, url } = await serve({ limits: { maxPendingBytesPerSession: 300 } });
    try {
      const host = await connectHttpSession(url, never);
      const big = question("big");
      void host.call(big).catch(() => undefined);
      await eventually(() => host.received.length === 1, "the first form to arrive");
      const refused = errorOf(await host.call(big));
      expect(refused.code).to.equal("transport_error");
      expect(refused.message).to.include("FORMGATE_MAX_PENDING_BYTES_PER_SESSION");
      await host.endSession();
    } finally {
      await server.close();
    }
  });
});

describe("server hardening: the era is the connection's", () => {
  it(
    "a tools/call with the 2026-07-28 envelope inside a 2025-era session " + "is served as 2025-era, in the session",
    async () => {
      const { server, url } = await serve();
      try {
        const host = await connectHttpSession(url, echo);
        const modernMeta = {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
        };
        const result = await host.client.callTool({
          name: FORM_TOOL_NAME,
          arguments: question("q"),
          _meta: modernMeta,
        });
        // Not an input_required round: the form went to this session's client, which answered it.
        expect(structured(result as CallToolResult)).to.deep.equal({ action: "accept", content: { q: "answer to q" } });
        expect(host.received.map((request) => request.method)).to.deep.equal(["openai/elicitation/create"]);
        await host.endSession();
      } finally {
        await server.close();
      }
    },
  );
});

describe("server hardening: standard-form fallback on -32601", () => {
  /** A 2025-era host like the Python SDK: advertises both form kinds, answers only the standard method. */
  async function host(url: URL, nativeError: number) {
    const client = new Client(
      { name: "both-kinds", version: "1" },
      { capabilities: { ...nativeForms, elicitation: { form: {} } } as never },
    );
    const seen: string[] = [];
    client.fallbackRequestHandler = async (request) => {
      seen.push(request.method);
      throw new McpError(nativeError, `Method not found: ${request.method}`);
    };
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      seen.push(request.method);
      const schema = (request.params as { requestedSchema: { properties: object } }).requestedSchema;
      const id = Object.keys(schema.properties)[0] as string;
      return { action: "accept", content: { [id]: `answer to ${id}` } };
    });
    await client.connect(new StreamableHTTPClientTransport(url));
    const call = async (id: string) =>
      structured((await client.callTool({ name: FORM_TOOL_NAME, arguments: question(id) })) as CallToolResult);
    return { client, seen, call };
  }

  it("the same form is sent once as a standard form, and the session remembers it", async () => {
    const { server, url, log } = await serve();
    try {
      const both = await host(url, -32601);
      expect(await both.call("one")).to.deep.equal({ action: "accept", content: { one: "answer to one" } });
      expect(await both.call("two")).to.deep.equal({ action: "accept", content: { two: "answer to two" } });
      expect(both.seen).to.deep.equal(["openai/elicitation/create", "elicitation/create", "elicitation/create"]);
      expect(log.filter((line) => line.includes("-32601")).length).to.equal(1);
      await both.client.close();
    } finally {
      await server.close();
    }
  });

  it("any other error stays transport_error (no fallback)", async () => {
    const { server, url } = await serve();
    try {
      const both = await host(url, -32603);
      const result = await both.call("one");
      expect((result.error as { code: string }).code).to.equal("transport_error");
      expect(both.seen).to.deep.equal(["openai/elicitation/create"]);
      await both.client.close();
    } finally {
      await server.close();
    }
  });
});

describe("server hardening: bounded recursion over arguments", () => {
  it(
    "a 2026-07-28 retry with a valid state and arguments " + "nested 3,000 deep is invalid_arguments, structured",
    async () => {
      const limits = defaultLimits();
      const settings = {
        timeoutMs: 60_000,
        keepAliveMs: 0,
        standardFallback: true,
        log: () => {},
        pending: new PendingForms(limits, () => {}),
      };
      const sealer = createStateSealer(undefined, settings.timeoutMs);
      const capabilities = { elicitation: { form: {} } } as never;
      const first = await callTool2026(
        question("q"),
        { clientCapabilities: capabilities, state: undefined, inputResponses: undefined },
        sealer,
        settings,
      );
      expect(first).to.have.property("requestState");
      let deep: unknown = "leaf";
      for (let i = 0; i < 3000; i++) deep = { nested: deep };
      const retry = await callTool2026(
        { ...question("q"), deep },
        {
          clientCapabilities: capabilities,
          state: await sealer.verify((first as { requestState: string }).requestState),
          inputResponses: { form: { action: "decline" } },
        },
        sealer,
        settings,
      );
      expect((retry as { error: { code: string } }).error.code).to.equal("invalid_arguments");
    },
  );
});

describe("server hardening: what requestState guarantees", () => {
  it(
    "a valid state proves the form, the arguments and the deadline, not the answer: " +
      "each retry is answered on its own",
    async () => {
      const settings = {
        timeoutMs: 60_000,
        keepAliveMs: 0,
        standardFallback: true,
        log: () => {},
        pending: new PendingForms(defaultLimits(), () => {}),
      };
      const sealer = createStateSealer(undefined, settings.timeoutMs);
      const capabilities = { elicitation: { form: {} } } as never;
      const first = (await callTool2026(
        question("q"),
        { clientCapabilities: capabilities, state: undefined, inputResponses: undefined },
        sealer,
        settings,
      )) as { requestState: string };
      const retry = async (answer: unknown) =>
        callTool2026(
          question("q"),
          {
            clientCapabilities: capabilities,
            state: await sealer.verify(first.requestState),
            inputResponses: { form: answer },
          },
          sealer,
          settings,
        );
      expect(await retry({ action: "accept", content: { q: "one" } })).to.deep.equal({
        action: "accept",
        content: { q: "one" },
      });
      expect(await retry({ action: "accept", content: { q: "two" } })).to.deep.equal({
        action: "accept",
        content: { q: "two" },
      });
      expect(await retry({ action: "decline" })).to.deep.equal({ action: "decline" });
    },
  );
});

describe("server hardening: logs never end the server, leak session ids or flood", () => {
  it("serve --http with a standard error that breaks (serve 2>&1 | head -n 1) keeps serving", async function () {
    this.timeout(30_000);
    const child = await startHttpChild();
    try {
      // The pipe breaks as `head -n 1` breaks it: the reader goes away.
      child.process.stderr?.destroy();
      for (let i = 0; i < 5; i++) {
        const host = await connectHttpSession(child.url, echo);
        expect(structured(await host.call(question(`q${i}`)))).to.deep.equal({
          action: "accept",
          content: { [`q${i}`]: `answer to q${i}` },
        });
        await host.endSession();
      }
      expect(child.process.exitCode, "still running").to.equal(null);
    } finally {
      await child.stop();
    }
  });

  it(
    "no session id in any log line (a short hash instead), " +
      "and no line longer than a few KB even for a 3 MB action",
    async () => {
      const { server, url, log } = await serve();
      try {
        const host = await connectHttpSession(url, async () => ({ action: "x".repeat(3_000_000) }));
        const result = errorOf(await host.call(question("q")));
        expect(result.code).to.equal("invalid_response");
        const id = host.sessionId();
        await host.endSession();
        await eventually(
          () => log.some((line) => line.includes(`session ${sessionLabel(id)} closed`)),
          "the close line",
        );
        expect(log.join("\n")).to.not.include(id);
        expect(Math.max(...log.map((line) => line.length))).to.be.at.most(MAX_LOG_LINE + 50);
      } finally {
        await server.close();
      }
    },
  );
});

describe("server hardening: HTTP bounds", () => {
  it("request bodies in flight past the bound get 503 with a JSON-RPC error", async () => {
    const { server, url, log } = await serve({ limits: { maxBodyBytesInFlight: 1000 } });
    try {
      const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", pad: "x".repeat(2000) });
      const refused = await rawHttp(url, { body });
      expect(refused.status).to.equal(503);
      expect(refused.headers["retry-after"]).to.equal("5");
      expect(JSON.parse(refused.body).error.message).to.include("FORMGATE_MAX_BODY_BYTES_IN_FLIGHT");
      expect(log.some((line) => line.startsWith("limit reached"))).to.equal(true);
    } finally {
      await server.close();
    }
  });

  it("2026-07-28 listen streams past the per-client bound get 503 with a JSON-RPC error naming it", async () => {
    const { server, url } = await serve({ limits: { maxListenStreamsPerClient: 1 } });
    // The first stream holds its place while it is open.
    try {
      const refused = await listenWhileAnotherListens(url);
      expect(refused.status).to.equal(503);
      expect(JSON.parse(refused.body).error.message).to.include("FORMGATE_MAX_LISTEN_STREAMS_PER_CLIENT");
    } finally {
      await server.close();
    }
  });

  it(
    "connections past the per-client bound get 503; " + "the open ones carry on; a slow header gets 408",
    async function () {
      this.timeout(15_000);
      const { server, url } = await serve({ limits: { maxConnectionsPerClient: 3, headersTimeoutMs: 500 } });
      const sockets: Socket[] = [];
      try {
        for (let i = 0; i < 3; i++) {
          const socket = connectTcp(Number(url.port), "127.0.0.1");
          socket.on("error", () => {});
          sockets.push(socket);
          await new Promise((resolve) => socket.once("connect", resolve));
        }
        const fourth = connectTcp(Number(url.port), "127.0.0.1");
        let answer = "";
        fourth.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
        await new Promise((resolve) => fourth.once("close", resolve));
        expect(answer).to.match(/^HTTP\/1\.1 503/);
        expect(answer).to.include("FORMGATE_MAX_CONNECTIONS_PER_CLIENT");
        // The idle sockets send half a header and are told 408 once the header timeout passes.
        const slow = sockets[0] as Socket;
        let slowAnswer = "";
        slow.on("data", (chunk: Buffer) => (slowAnswer += chunk.toString("utf8")));
        slow.write("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        await new Promise((resolve) => slow.once("close", resolve));
        expect(slowAnswer).to.match(/^HTTP\/1\.1 408/);
      } finally {
        for (const socket of sockets) socket.destroy();
        await server.close();
      }
    },
  );
});

describe("server hardening: idle connections", () => {
  /** Sends one GET /health on `socket` and reads its whole response (headers and a chunked body). */
  function health(socket: Socket, port: string): Promise<string> {
    return new Promise((resolve, reject) => {
      let text = "";
      const onData = (chunk: Buffer) => {
        text += chunk.toString("utf8");
        if (text.includes("\r\n\r\n") && text.endsWith("\r\n0\r\n\r\n")) {
          socket.off("data", onData).off("close", onClose);
          resolve(text);
        }
      };
      const onClose = () => reject(new Error(`connection closed; read so far: ${JSON.stringify(text)}`));
      socket.on("data", onData).once("close", onClose);
      socket.write(`GET /health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    });
  }

  it(
    "the Keep-Alive header is the one FORMGATE_IDLE_CONNECTION_MS says, and the server keeps the idle connection " +
      "open past it, so a client that reuses it at the last moment (or late, loaded) is not reset",
    async () => {
      const { server, url } = await serve({ limits: { idleConnectionMs: 1000 } });
      const socket = connectTcp(Number(url.port), "127.0.0.1");
      socket.on("error", () => {});
      try {
        await new Promise((resolve) => socket.once("connect", resolve));
        const first = await health(socket, url.port);
        expect(first).to.match(/^HTTP\/1\.1 200/);
        expect(first.match(/^keep-alive: .*$/gim)).to.deep.equal(["Keep-Alive: timeout=1"]);
        expect(first).to.match(/^connection: keep-alive$/im);
        // Idle for longer than the header says (Node's own timeout would have closed the connection by now).
        await sleep(1500);
        expect(await health(socket, url.port)).to.match(/^HTTP\/1\.1 200/);
      } finally {
        socket.destroy();
        await server.close();
      }
    },
  );
});

describe("server hardening: graceful shutdown", () => {
  it("close() with pending forms: every client gets its transport_error result, then the server stops", async () => {
    const { server, url } = await serve();
    const hosts = await Promise.all([connectHttpSession(url, never), connectHttpSession(url, never)]);
    const calls = hosts.flatMap((host, h) =>
      Array.from({ length: 10 }, (_, i) => host.call(question(`s${h}q${i}`)).then(errorOf)),
    );
    await eventually(() => hosts.every((host) => host.received.length === 10), "twenty forms to arrive");
    await server.close();
    // Ended by the stop, not by their 15-minute form timeout (no clock is read: the message says why they ended).
    const results = await Promise.all(calls);
    expect(new Set(results.map((result) => result.code))).to.deep.equal(new Set(["transport_error"]));
    expect(results[0]?.message).to.include("The server is stopping");
  });

  it(
    `SIGTERM (${serveCommand().label} --http): ` +
      `pending clients get their result, exit 0 within FORMGATE_SHUTDOWN_MS`,
    async function () {
      this.timeout(30_000);
      const child = await startHttpChild(undefined, [], { FORMGATE_SHUTDOWN_MS: "3000" });
      const host = await connectHttpSession(child.url, never);
      const calls = Array.from({ length: 5 }, (_, i) => host.call(question(`q${i}`)).then(errorOf));
      await eventually(() => host.received.length === 5, "five forms to arrive");
      const started = performance.now();
      const exited = new Promise<number | null>((resolve) => child.process.once("exit", (code) => resolve(code)));
      child.process.kill("SIGTERM");
      const results = await Promise.all(calls);
      expect(await exited).to.equal(0);
      expect(performance.now() - started).to.be.below(3000);
      expect(results.map((result) => result.code)).to.deep.equal(Array(5).fill("transport_error"));
      expect(child.log()).to.not.match(STACK_TRACE);
    },
  );

  it(
    `stdio (${serveCommand().label}): ` +
      `when standard input closes, the pending calls' results still reach standard output`,
    async function () {
      this.timeout(30_000);
      const { command, args } = serveCommand();
      const child = spawn(command, args, { cwd: root.pathname, env: serverEnv(undefined), stdio: "pipe" });
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
      const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
      send({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: nativeForms, clientInfo: { name: "t", version: "1" } },
      });
      send({ jsonrpc: "2.0", method: "notifications/initialized" });
      for (const id of [2, 3])
        send({
          jsonrpc: "2.0",
          id,
          method: "tools/call",
          params: { name: FORM_TOOL_NAME, arguments: question(`q${id}`) },
        });
      await eventually(() => (out.match(/openai\/elicitation\/create/g) ?? []).length === 2, "two forms");
      child.stdin.end();
      const code = await new Promise((resolve) => child.once("close", resolve));
      expect(code).to.equal(0);
      const results = out
        .trim()
        .split("\n")
        .map(
          (line) => JSON.parse(line) as { id?: number; result?: { structuredContent?: { error?: { code: string } } } },
        )
        .filter((message) => message.id === 2 || message.id === 3);
      expect(results.map((message) => message.result?.structuredContent?.error?.code)).to.deep.equal([
        "transport_error",
        "transport_error",
      ]);
    },
  );
});

describe("server hardening: resumable streams (2025 era, Last-Event-ID)", () => {
  it("a client whose call stream dropped mid-form reconnects with Last-Event-ID and gets the tool result", async () => {
    const { server, url } = await serve();
    try {
      const headers = { "mcp-protocol-version": "2025-11-25" };
      const init = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: "2025-11-25", capabilities: nativeForms, clientInfo: { name: "t", version: "1" } },
        }),
      });
      const sessionId = init.headers.get("mcp-session-id") as string;
      await init.text();
      const session = { ...headers, "mcp-session-id": sessionId };
      await rawHttp(url, {
        headers: session,
        body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      });
      // The call's stream: read until the form arrives, note its event id, drop the connection.
      const controller = new AbortController();
      const call = await fetch(url, {
        method: "POST",
        signal: controller.signal,
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...session },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 7,
          method: "tools/call",
          params: { name: FORM_TOOL_NAME, arguments: question("q") },
        }),
      });
      const reader = (call.body as ReadableStream<Uint8Array>).getReader();
      let text = "";
      while (!/"method":"openai\/elicitation\/create"/.test(text)) {
        const { value } = await reader.read();
        text += new TextDecoder().decode(value);
      }
      controller.abort();
      const event = /id: (\S+)\ndata: (\{"method":"openai\/elicitation\/create".*)\n/.exec(text);
      expect(event, "the form arrived with an event id").to.not.equal(null);
      const form = JSON.parse(event?.[2] as string) as { id: number };
      // The person answers while the stream is down.
      const answered = await rawHttp(url, {
        headers: session,
        body: JSON.stringify({ jsonrpc: "2.0", id: form.id, result: { action: "accept", content: { q: "late" } } }),
      });
      expect(answered.status).to.equal(202);
      await sleep(50);
      const replay = await rawHttp(url, {
        method: "GET",
        headers: { ...session, "last-event-id": event?.[1] as string, accept: "text/event-stream" },
      });
      const result = replay.body
        .split("\n")
        .filter((line) => line.startsWith("data: {"))
        .map((line) => JSON.parse(line.slice(6)) as { id?: number; result?: CallToolResult })
        .find((message) => message.id === 7);
      expect(result?.result?.structuredContent).to.deep.equal({ action: "accept", content: { q: "late" } });
    } finally {
      await server.close();
    }
  });
});
