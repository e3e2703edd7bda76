import { setMaxListeners } from "node:events";
import { readFileSync } from "node:fs";
import { expect } from "chai";
import { connect as connectTcp, type Socket } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { FORM_TOOL_NAME } from "../../src/server/index.js";
import {
  callThenDropConnection,
  connectHttpSession,
  floodAnswer,
  floodArgs,
  floodExpected,
  floodSeen,
  rawHttp,
  type HttpFaultHost,
} from "../server/fault-harness.js";
import { eventually, nativeForms, serveCommand, startHttpChild, type HttpChild } from "../server/harness.js";
import { connectModernHttp, modernNativeForms } from "../server/modern-peer.js";

/** The soak's length (`npm run test:soak`, not part of `npm test`): FORMGATE_SOAK_MS, else 60 s. */
const SOAK_MS = Number(process.env.FORMGATE_SOAK_MS ?? 60_000);
const PER_SESSION = 30;

/** Resident memory of a process, in bytes (Linux). */
function rss(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(line?.[1]) * 1024;
}

const never = () => new Promise<Record<string, unknown>>(() => {});

const title =
  "soak: both eras, floods, cancels, dropped streams, error floods, slow bodies, then SIGTERM " +
  `(${serveCommand().label} --http)`;

describe(title, function () {
  this.timeout(SOAK_MS + 60_000);
  let child: HttpChild;
  const health = async () => JSON.parse((await rawHttp(new URL("/health", child.url), { method: "GET" })).body);

  before(async () => {
    child = await startHttpChild(undefined, [], {
      FORMGATE_STATE_KEY: "cd".repeat(32),
      FORMGATE_MAX_PENDING_FORMS_PER_SESSION: String(PER_SESSION),
    });
  });
  after(async () => child?.process.exitCode === null && (await child.stop()));

  it("no crossed and no lost answers, every bound held and released, no memory growth, and a clean stop", async () => {
    const pid = child.process.pid as number;
    const tally = { calls: 0, crossed: 0, refused: 0, cancelled: 0, dropped: 0, flooded: 0, resumed: 0 };
    const check = (seen: unknown, expected: unknown) => {
      tally.calls++;
      if (JSON.stringify(seen) !== JSON.stringify(expected)) tally.crossed++;
    };
    const modern = await connectModernHttp(child.url, {
      capabilities: modernNativeForms,
      // The answer is made from the form received, so a crossed wire shows as a wrong result.
      answer: async (params) => ({ action: "accept", content: modernContent(params) }),
    });
    const modernCall = async (tag: string) => {
      const result = await modern.client.callTool({ name: FORM_TOOL_NAME, arguments: modernArgs(tag) });
      check(result.structuredContent, { action: "accept", content: { [`m_${tag}`]: `typed for ${tag}` } });
    };

    const round = async (n: number) => {
      // A flood of 2025-era calls answered out of order with every outcome, in three sessions.
      const floods = await Promise.all([0, 1, 2].map((s) => connectHttpSession(child.url, floodAnswer(n * 10 + s))));
      const flooding = floods.flatMap((host, s) =>
        Array.from({ length: 20 }, async (_, i) => {
          const tag = `r${n}s${s}n${i}`;
          check(floodSeen((await host.call(floodArgs(tag))) as CallToolResult), floodExpected(tag));
        }),
      );
      // 2026-07-28 calls, two rounds each.
      const modernCalls = Array.from({ length: 10 }, (_, i) => modernCall(`r${n}m${i}`));
      // One abusive session: more never-answered calls than its bound; then it cancels them all.
      const abusive = await connectHttpSession(child.url, never);
      const cancel = new AbortController();
      // One signal for all of the session's calls, each listening to it.
      setMaxListeners(PER_SESSION + 10, cancel.signal);
      const abuse = Array.from({ length: PER_SESSION + 10 }, (_, i) =>
        abusive.call(floodArgs(`r${n}a${i}`), { signal: cancel.signal }).then(
          (result) => {
            const error = (result.structuredContent as { error?: { message: string } }).error;
            if (error?.message.includes("FORMGATE_MAX_PENDING_FORMS_PER_SESSION")) tally.refused++;
          },
          () => tally.cancelled++,
        ),
      );
      // A session whose call streams drop without a word, then ends.
      const dropping = await connectHttpSession(child.url, never);
      await Promise.all(
        [1, 2, 3].map((i) =>
          callThenDropConnection(child.url, dropping.sessionId(), 9000 + i, floodArgs(`r${n}d${i}`)),
        ),
      );
      tally.dropped += 3;
      // Issue 34: a session answering every form with a 1 MB JSON-RPC error (each result stays small),
      // while another address holds the red team's 16 slow bodies of 4 MiB open (before the bounds:
      // every POST of every address refused with 503).
      const slow = Array.from({ length: 16 }, () => slowBody(child.url));
      const flooder = await connectHttpSession(child.url, async () => {
        throw new McpError(-32000, `refused: ${"x".repeat(1_000_000)}`);
      });
      const flooded = [1, 2].map(async (i) => {
        const result = await flooder.call(floodArgs(`r${n}e${i}`));
        const error = (result.structuredContent as { error?: { code: string } }).error;
        if (error?.code === "transport_error" && JSON.stringify(result).length < 64 * 1024) tally.flooded++;
      });
      // Issue 34: a call whose stream drops while its form is pending; the SDK client resumes it by itself.
      const resumed = resumedCall(child.url, `r${n}`).then((result) => {
        tally.resumed++;
        check(result, { action: "accept", content: { [`s_r${n}`]: `answered while away r${n}` } });
      });
      await Promise.all([...flooding, ...modernCalls, ...flooded, resumed]);
      for (const socket of slow) socket.destroy();
      await eventually(() => abusive.received.length === PER_SESSION, "the abusive session's forms");
      cancel.abort();
      await Promise.all(abuse);
      await Promise.all([...floods, abusive, dropping, flooder].map((host: HttpFaultHost) => host.endSession()));
    };

    // Warm up, then the baseline.
    await round(0);
    const baseline = rss(pid);
    const until = Date.now() + SOAK_MS;
    let rounds = 1;
    let mid: number | undefined;
    while (Date.now() < until) {
      await round(rounds++);
      if (mid === undefined && Date.now() > until - SOAK_MS / 2) mid = rss(pid);
    }
    let state = await health();
    for (let wait = 0; wait < 50 && (state.sessions > 0 || state.pendingForms > 0); wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = await health();
    }
    expect(state, "every session and pending form released").to.deep.include({ sessions: 0, pendingForms: 0 });
    const after = rss(pid);

    // The stop: forms pending in two sessions, SIGTERM; each gets its result, exit 0.
    const last = await Promise.all([0, 1].map(() => connectHttpSession(child.url, never)));
    const pending = last.flatMap((host, s) =>
      Array.from({ length: 5 }, (_, i) =>
        host.call(floodArgs(`last${s}n${i}`)).then((result) => result.structuredContent),
      ),
    );
    await eventually(() => last.every((host) => host.received.length === 5), "the last forms");
    const exited = new Promise<number | null>((resolve) => child.process.once("exit", (code) => resolve(code)));
    child.process.kill("SIGTERM");
    const results = await Promise.all(pending);
    expect(await exited).to.equal(0);
    expect(results.map((result) => (result as { error: { code: string } }).error.code)).to.deep.equal(
      Array(10).fill("transport_error"),
    );

    console.log(
      `soak: ${rounds} rounds, ${tally.calls} answered calls, ${tally.crossed} crossed, ` +
        `${tally.refused} refused at the bound, ${tally.cancelled} cancelled, ${tally.dropped} dropped streams, ` +
        `${tally.flooded} small results to 1 MB error answers, ` +
        `${tally.resumed} calls resumed after a dropped stream; ` +
        `RSS ${mb(baseline)} after warm-up, ${mb(after)} after the soak`,
    );
    expect(tally.crossed, "crossed or lost answers").to.equal(0);
    expect(child.log(), "no POST refused for the slow bodies").to.not.include("FORMGATE_MAX_BODY_BYTES_IN_FLIGHT");
    expect(tally.refused, "calls past the per-session bound").to.equal(10 * rounds);
    expect(tally.cancelled).to.equal(PER_SESSION * rounds);
    expect(tally.calls).to.equal(71 * rounds);
    expect(tally.resumed, "every dropped stream of a pending call resumed").to.equal(rounds);
    expect(tally.flooded, "every 1 MB error answer got a small transport_error").to.equal(2 * rounds);
    // Memory: the server is a child process, so its heap can't be measured after a forced GC from here.
    // Where RSS settles depends on how many rounds it did (V8 keeps what it grew, and tsx's compiling
    // adds to it when run from source), so no tight absolute bound. V8 grows its heap in steps of
    // about 50 MB (measured: 100 MB after warm-up, a plateau at 136 MB, a step to 186 MB, then flat
    // for the last third), and a step can fall in the second half, so the no-growth bound over the
    // second half is 128 MB: a leak of what each round held grows with the rounds and passes it.
    expect(after - (mid ?? baseline), "no growth over the second half of the soak").to.be.below(128 * 1024 * 1024);
    expect(after, "resident memory under its baseline + 256 MB").to.be.below(baseline + 256 * 1024 * 1024);
  });
});

/** A POST from 127.0.0.2 that sends its headers and a few bytes of a 4 MiB body, then waits. */
function slowBody(url: URL): Socket {
  const socket = connectTcp({ host: "127.0.0.1", port: Number(url.port), localAddress: "127.0.0.2" });
  socket.on("error", () => {});
  socket.write(
    `POST /mcp HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n` +
      `Accept: application/json, text/event-stream\r\nContent-Length: ${4 * 1024 * 1024}\r\n\r\n{"jsonrpc":`,
  );
  return socket;
}

/**
 * One 2025-era call by an SDK 1.x client whose event stream drops (its socket closed, as a lost
 * network does) right after the form arrives; the person answers a second later. The SDK
 * reconnects with `Last-Event-ID` by itself, and the result must reach it on the resumed stream.
 */
async function resumedCall(url: URL, tag: string): Promise<unknown> {
  let dropped = false;
  let reconnects = 0;
  // The fetch the client's transport uses: the tool call's event stream ends in an error once the form went through.
  const dropping: typeof fetch = async (input, init) => {
    if (new Headers(init?.headers).has("last-event-id")) reconnects++;
    const response = await fetch(input, init);
    const isCall = typeof init?.body === "string" && init.body.includes('"tools/call"');
    if (dropped || !isCall || response.body === null) return response;
    dropped = true;
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { value, done } = await reader.read();
        if (done) return controller.close();
        controller.enqueue(value);
        if (!new TextDecoder().decode(value).includes("elicitation/create")) return;
        await reader.cancel();
        controller.error(new Error("the network dropped the stream"));
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
  const client = new Client({ name: "soak-resuming-host", version: "1.0.0" }, { capabilities: nativeForms });
  client.fallbackRequestHandler = async (request) => {
    const schema = (request.params as { requestedSchema: { properties: object } }).requestedSchema;
    const id = Object.keys(schema.properties)[0] as string;
    // The person answers while the stream is down (the reconnect takes a second or so).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return { action: "accept", content: { [id]: `answered while away ${tag}` } };
  };
  const transport = new StreamableHTTPClientTransport(url, {
    fetch: dropping,
    reconnectionOptions: {
      initialReconnectionDelay: 100,
      maxReconnectionDelay: 1000,
      reconnectionDelayGrowFactor: 1.5,
      maxRetries: 2,
    },
  });
  await client.connect(transport as Parameters<Client["connect"]>[0]);
  try {
    const result = (await client.callTool({
      name: FORM_TOOL_NAME,
      arguments: {
        message: `Resumed ${tag}`,
        questions: [{ id: `s_${tag}`, type: "text", title: `Text for ${tag}`, required: true }],
      },
    })) as CallToolResult;
    expect([dropped, reconnects > 0], "the stream dropped, and the client reconnected").to.deep.equal([true, true]);
    return result.structuredContent;
  } finally {
    await transport.terminateSession().catch(() => {});
    await client.close();
  }
}

function mb(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}

function modernArgs(tag: string): Record<string, unknown> {
  return {
    message: `Modern ${tag}`,
    questions: [{ id: `m_${tag}`, type: "text", title: `Text for ${tag}`, required: true }],
  };
}

/** The answer to a modern form, read from the form itself. */
function modernContent(params: Record<string, unknown>): Record<string, string> {
  const meta = params._meta as Record<string, { requestedSchema?: { properties: object } }> | undefined;
  const schema = meta?.["openai/elicitation"]?.requestedSchema ?? (params.requestedSchema as { properties: object });
  const id = Object.keys(schema.properties)[0] as string;
  return { [id]: `typed for ${id.slice(2)}` };
}
