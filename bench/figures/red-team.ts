import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { connect as connectTcp, type Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type ClientCapabilities, McpError } from "@modelcontextprotocol/sdk/types.js";
import { FORM_TOOL_NAME } from "../../src/server/index.js";
import { serveCommand } from "../../test/server/harness.js";
import { type Row, value } from "../report.js";

/**
 * The second red team's figures (issue 34), each against a server in a child process whose
 * resident memory is read from /proc (Linux):
 * - the event-store flood: 40 2025-era sessions whose client answers each form with a 3.9 MB
 *   JSON-RPC error, the server under a 256 MB heap, formgate beside the SDK's own server written
 *   after its examples (bench/references/sdk-http-server.ts);
 * - slow bodies: 16 bodies from 127.0.0.2 declaring 4 MiB each and sending 8 bytes a second (each
 *   reopened once the server ends it), while an SDK client from 127.0.0.1 fills in forms; its
 *   calls beside the same calls with no slow body, in the same run.
 */

const MIB = 1024 * 1024;
const SMALL_RESULT = 64 * 1024;
const FLOOD_SESSIONS = 40;
const FLOOD_WAVE = 8;
const FLOOD_ERROR = 3_900_000;
const HEAP = "--max-old-space-size=256";
const RESIDENT_GOAL = 700 * MIB;

interface ServerChild {
  url: URL;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** A server child that says `listening on <url>` on standard error. */
async function start(command: string, args: string[], env: Record<string, string>): Promise<ServerChild> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  const url = await new Promise<URL>((resolve, reject) => {
    child.stderr?.on("data", (chunk: Buffer) => {
      log = (log + chunk.toString("utf8")).slice(-4000);
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(log);
      if (match?.[1] !== undefined) resolve(new URL(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`server exited (${code}) before listening:\n${log}`)));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    url,
    process: child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

function formgate(env: Record<string, string> = {}): Promise<ServerChild> {
  const { command, args } = serveCommand();
  return start(command, [...args, "--http", "--port", "0"], env);
}

function sdkReference(env: Record<string, string>): Promise<ServerChild> {
  const script = fileURLToPath(new URL("../references/sdk-http-server.ts", import.meta.url));
  return start(process.execPath, ["--import", "tsx", script], env);
}

function resident(pid: number | undefined): number {
  try {
    const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return Number(line?.[1] ?? 0) * 1024;
  } catch {
    return 0; // the process has ended
  }
}

/** An SDK 1.x client (native and standard forms) answering every form with `answer`. */
async function session(url: URL, answer: () => Promise<Record<string, unknown>>): Promise<Client> {
  const capabilities = { elicitation: { form: {} }, extensions: { "openai/elicitation": { form: {} } } };
  const client = new Client({ name: "bench-red-team", version: "1.0.0" }, { capabilities } as {
    capabilities: ClientCapabilities;
  });
  client.fallbackRequestHandler = async (request) => {
    if (!request.method.endsWith("elicitation/create")) throw new McpError(-32601, `Method not found`);
    return answer();
  };
  await client.connect(new StreamableHTTPClientTransport(url) as Parameters<Client["connect"]>[0]);
  return client;
}

const question = (id: string) => ({
  message: `Question ${id}`,
  questions: [{ id, type: "text", title: `Question ${id}`, required: true }],
});

interface Flood {
  alive: boolean;
  peak: number;
  largestResult: number;
  answered: number;
}

/** The flood against one server: sessions opened and called in waves, resident memory sampled every 50 ms. */
async function flood(server: ServerChild): Promise<Flood> {
  const huge = `refused: ${"x".repeat(FLOOD_ERROR)}`;
  const refuse = async (): Promise<never> => {
    throw new McpError(-32000, huge);
  };
  let peak = resident(server.process.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, resident(server.process.pid))), 50);
  const clients: Client[] = [];
  let largestResult = 0;
  let answered = 0;
  try {
    for (let wave = 0; wave < FLOOD_SESSIONS / FLOOD_WAVE; wave++) {
      const outcomes = await Promise.allSettled(
        Array.from({ length: FLOOD_WAVE }, async (_, index) => {
          const client = await session(server.url, refuse);
          clients.push(client);
          const result = await client.callTool(
            { name: FORM_TOOL_NAME, arguments: question(`q${wave}_${index}`) },
            undefined,
            {
              timeout: 120_000,
            },
          );
          largestResult = Math.max(largestResult, JSON.stringify(result).length);
          answered++;
        }),
      );
      if (outcomes.every((outcome) => outcome.status === "rejected")) break;
    }
  } finally {
    clearInterval(sampler);
  }
  const alive = server.process.exitCode === null && server.process.signalCode === null;
  await Promise.allSettled(clients.map((client) => client.close()));
  return { alive, peak, largestResult, answered };
}

async function floodRow(): Promise<Row> {
  const env = { NODE_OPTIONS: HEAP };
  // Every session comes from this one address: its share of bodies in flight is raised to the total.
  const ours = await formgate({ ...env, FORMGATE_MAX_BODY_BYTES_IN_FLIGHT_PER_CLIENT: String(64 * MIB) });
  const measured = await flood(ours).finally(() => ours.stop());
  const reference = await sdkReference(env);
  const theirs = await flood(reference).finally(() => reference.stop());
  const describe = (run: Flood) =>
    `${run.alive ? "stayed up" : "died"}, peak ${value(run.peak, "bytes")} resident, ${run.answered} of ` +
    `${FLOOD_SESSIONS} calls answered, the largest result ${value(run.largestResult, "bytes")}`;
  return {
    figure:
      `event-store flood: ${FLOOD_SESSIONS} sessions answering each form with a 3.9 MB JSON-RPC error, ` +
      "server under a 256 MB heap (resident peak)",
    reference: "the SDK's own server after its examples, same flood",
    formgate: measured.peak,
    referenceValue: theirs.peak,
    unit: "bytes",
    ratio: measured.peak / Math.max(1, theirs.peak),
    goal: "stays up, < 700 MB resident, each result < 64 KiB",
    met:
      measured.alive &&
      measured.answered === FLOOD_SESSIONS &&
      measured.peak < RESIDENT_GOAL &&
      measured.largestResult < SMALL_RESULT,
    note: `formgate ${describe(measured)}; the SDK reference ${describe(theirs)}`,
  };
}

/** A body from 127.0.0.2 that declares 4 MiB and sends 8 bytes a second, reopened whenever the server ends it. */
function slowBody(url: URL): { stop(): void; ended: () => number } {
  let socket: Socket;
  let ended = 0;
  let stopped = false;
  const open = () => {
    socket = connectTcp({ host: "127.0.0.1", port: Number(url.port), localAddress: "127.0.0.2" });
    socket.on("error", () => {});
    socket.write(
      `POST /mcp HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n` +
        `Accept: application/json, text/event-stream\r\nContent-Length: ${4 * MIB}\r\n\r\n`,
    );
    const trickle = setInterval(() => socket.write('{"a":1,}'), 1000);
    socket.once("close", () => {
      clearInterval(trickle);
      ended++;
      if (!stopped) open();
    });
  };
  open();
  return {
    stop: () => {
      stopped = true;
      socket.destroy();
    },
    ended: () => ended,
  };
}

interface Calls {
  median: number;
  calls: number;
  lost: number;
}

/** Calls from 127.0.0.1 for `ms`, one after another, each form answered; the median call time. */
async function callsFor(url: URL, ms: number): Promise<Calls> {
  const client = await session(url, async () => ({ action: "accept", content: { q: "an answer" } }));
  const times: number[] = [];
  let lost = 0;
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const started = performance.now();
    try {
      const result = await client.callTool({ name: FORM_TOOL_NAME, arguments: question("q") });
      if ((result.structuredContent as { action?: string } | undefined)?.action !== "accept") lost++;
    } catch {
      lost++;
    }
    times.push((performance.now() - started) * 1e6);
  }
  await client.close();
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] ?? 0, calls: times.length, lost };
}

async function slowBodiesRow(ms = 25_000): Promise<Row> {
  const server = await formgate();
  try {
    const calm = await callsFor(server.url, ms);
    const bodies = Array.from({ length: 16 }, () => slowBody(server.url));
    const attacked = await callsFor(server.url, ms).finally(() => {
      for (const body of bodies) body.stop();
    });
    const ended = bodies.reduce((sum, body) => sum + body.ended(), 0);
    return {
      figure: "2025-era tool calls (form shown and answered) while another address holds 16 slow bodies",
      reference: "the same calls with no slow body, same run",
      formgate: attacked.median,
      referenceValue: calm.median,
      unit: "ns",
      ratio: attacked.median / calm.median,
      goal: "no call refused or lost",
      met: attacked.lost === 0 && calm.lost === 0,
      note:
        `${attacked.calls} calls under the slow bodies (${attacked.lost} refused or lost), ${calm.calls} without ` +
        `(${calm.lost}); the server ended the slow bodies ${ended} times (408 past FORMGATE_MIN_BODY_BYTES_PER_SEC), ` +
        "each reopened at once; before the bounds every POST from every address got 503 for 120 s",
    };
  } finally {
    await server.stop();
  }
}

export async function redTeamFigures(): Promise<Row[]> {
  return [await floodRow(), await slowBodiesRow()];
}
