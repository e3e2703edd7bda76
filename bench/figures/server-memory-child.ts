/**
 * Run by server-memory.ts as `node --expose-gc --import tsx bench/figures/server-memory-child.ts <what> N`,
 * heap measured after a full collection before and after; prints one JSON line.
 * - `first-rounds`: 2N 2026-07-28 first rounds (the form and its state sent back) never retried,
 *   the heap also measured after the first N.
 * - `pending`: N 2025-era tool calls whose forms the host never answers, all pending at once
 *   (the SDK 1.x client in the same process: its side of each pending request is counted too).
 * - `idle-sessions`: N 2025-era HTTP sessions opened (initialize, initialized) and left idle,
 *   through plain fetch.
 * - `flood`: the flood of issue 22's first finding: one 2025-era HTTP session opens N tool calls
 *   with ~1 MB forms (issue 22 used ~940 KB), 20 at a time, and drops each call's stream once its form arrives (or its
 *   refusal); resident memory before, at its peak (sampled every 50 ms) and after, and the forms
 *   the server held at the end.
 */
import { forms } from "../generators/forms.js";
import { formgateFirstRoundHost, formgateHost } from "../hosts.js";
import { serveHttp } from "../../src/server/index.js";
import { request as httpRequest } from "node:http";
import { argumentsOfLength } from "../../test/server/fault-harness.js";
import { heapAfterGc } from "./heap.js";

const what = process.argv[2];
const count = Number(process.argv[3] ?? 10_000);
const { data } = forms();

async function firstRounds(): Promise<{ before: number; after: number; mid: number }> {
  const host = await formgateFirstRoundHost();
  const expectInput = (result: unknown) => {
    if ((result as { resultType?: string }).resultType !== "input_required")
      throw new Error(`not a first round: ${JSON.stringify(result).slice(0, 200)}`);
  };
  for (let i = 0; i < 100; i++) expectInput(await host.call(data));
  const before = await heapAfterGc();
  for (let i = 0; i < count; i++) expectInput(await host.call(data));
  const mid = await heapAfterGc();
  // As many again: what grows with the number of rounds, as opposed to warm-up, shows here.
  for (let i = 0; i < count; i++) expectInput(await host.call(data));
  const after = await heapAfterGc();
  await host.close();
  return { before, mid, after };
}

async function pending(): Promise<{ before: number; after: number }> {
  let received = 0;
  // What each pending form holds is measured here, not the bounds: they are lifted for it.
  const unbounded = Number.MAX_SAFE_INTEGER;
  const host = await formgateHost(
    () => {
      received++;
      // The person never answers.
      return new Promise<never>(() => {}) as never;
    },
    {
      maxPendingForms: unbounded,
      maxPendingFormsPerSession: unbounded,
      maxPendingBytes: unbounded,
      maxPendingBytesPerSession: unbounded,
    },
  );
  const before = await heapAfterGc();
  const calls = Array.from({ length: count }, () => host.call(data).catch(() => undefined));
  while (received < count) await new Promise((resolve) => setTimeout(resolve, 20));
  const after = await heapAfterGc();
  void calls;
  await host.close();
  return { before, after };
}

async function idleSessions(): Promise<{ before: number; after: number; rssBefore: number; rssAfter: number }> {
  // Every session from this one address, as behind a balancer: the per-address share raised to the total.
  const server = await serveHttp({ port: 0, maxSessions: count + 100, limits: { maxSessionsPerClient: count + 100 } });
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  const open = async () => {
    const response = await fetch(server.url, {
      method: "POST",
      headers,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "1" } },
      }),
    });
    await response.text();
    const id = response.headers.get("mcp-session-id");
    if (id === null) throw new Error(`no session: ${response.status}`);
    await (
      await fetch(server.url, {
        method: "POST",
        headers: { ...headers, "mcp-session-id": id },
        body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      })
    ).text();
  };
  for (let i = 0; i < 50; i++) await open();
  const before = await heapAfterGc();
  const rssBefore = process.memoryUsage().rss;
  for (let i = 0; i < count; i++) await open();
  const after = await heapAfterGc();
  const rssAfter = process.memoryUsage().rss;
  if (server.sessionCount() !== count + 50)
    throw new Error(`expected ${count + 50} sessions, found ${server.sessionCount()}`);
  await server.close();
  return { before, after, rssBefore, rssAfter };
}

async function flood(): Promise<{
  before: number;
  after: number;
  rssBefore: number;
  rssPeak: number;
  rssAfter: number;
  held: number;
  refused: number;
}> {
  const server = await serveHttp({ port: 0 });
  const url = new URL(server.url);
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  const init = await fetch(url, {
    method: "POST",
    headers,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: { extensions: { "openai/elicitation": { form: {} } } },
        clientInfo: { name: "bench", version: "1" },
      },
    }),
  });
  await init.text();
  const sessionId = init.headers.get("mcp-session-id") as string;
  await (
    await fetch(url, {
      method: "POST",
      headers: { ...headers, "mcp-session-id": sessionId },
      body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    })
  ).text();
  const args = argumentsOfLength(1_000_000);
  const before = await heapAfterGc();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
  let shown = 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const id = 100 + next++;
      if ((await callThenDrop(url, sessionId, id, args)) === "form") shown++;
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  clearInterval(sampler);
  const health = (await (await fetch(new URL("/health", url))).json()) as { pendingForms: number };
  const after = await heapAfterGc();
  const rssAfter = process.memoryUsage().rss;
  await server.close();
  return { before, after, rssBefore, rssPeak, rssAfter, held: health.pendingForms, refused: count - shown };
}

/** A tools/call whose stream is dropped as soon as it shows the form request (or the call's result). */
function callThenDrop(url: URL, sessionId: string, id: number, args: unknown): Promise<"form" | "result"> {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "form_elicitation_v2_request", arguments: args },
  });
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2025-11-25",
          "mcp-session-id": sessionId,
        },
      },
      (res) => {
        let head = "";
        res.on("data", (chunk: Buffer) => {
          head += chunk.toString("utf8", 0, Math.min(chunk.length, 200));
          const seen = head.includes("openai/elicitation/create")
            ? "form"
            : head.includes('"result"')
              ? "result"
              : undefined;
          if (seen === undefined) return;
          req.destroy();
          resolve(seen);
        });
        res.on("error", () => {});
      },
    );
    req.on("error", () => resolve("result"));
    req.end(body);
  });
}

const run =
  what === "flood"
    ? flood
    : what === "first-rounds"
      ? firstRounds
      : what === "pending"
        ? pending
        : what === "idle-sessions"
          ? idleSessions
          : undefined;
if (run === undefined) throw new Error(`unknown measurement ${what}`);
console.log(JSON.stringify({ what, count, ...(await run()) }));
