import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer, type AddressInfo, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { defaultServerConfig, FORM_TOOL_NAME } from "../../src/server/index.js";
import { connectHttpSession, rawHttp } from "../server/fault-harness.js";
import { eventually, root, serveCommand, startHttpChild, type HttpChild } from "../server/harness.js";
import { connectModernHttp, modernNativeForms } from "../server/modern-peer.js";

/** Debian's package; `.ci/run` installs it when missing, as it does chromium. */
const HAPROXY = "/usr/sbin/haproxy";
const KEY = "ab".repeat(32);

/**
 * The HAProxy configuration of docs/deploy.md, as the docs show it, with only what a test on
 * loopback must change: the frontend binds a free loopback port without TLS, and the docs'
 * servers `a` and `b` point at the two instances under test (`c`, a third instance, is left out).
 */
export function deployedConfig(frontendPort: number, instances: [number, number]): string {
  const docs = readFileSync(new URL("docs/deploy.md", root), "utf8");
  const block = /`\/etc\/haproxy\/haproxy\.cfg`[^\n]*\n\n```\n([\s\S]*?)```/.exec(docs)?.[1];
  if (block === undefined) throw new Error("docs/deploy.md no longer shows the HAProxy configuration");
  const ports: Record<string, number> = { a: instances[0], b: instances[1] };
  const lines = block.split("\n").flatMap((line) => {
    if (/^\s*bind /.test(line)) return [`    bind 127.0.0.1:${frontendPort}`];
    const server = /^(\s*server (\w+) )127\.0\.0\.1:\d+( .*)$/.exec(line);
    if (server === null) return [line];
    const port = ports[server[2] as string];
    return port === undefined ? [] : [`${server[1]}127.0.0.1:${port}${server[3]}`];
  });
  return lines.join("\n");
}

/**
 * docs/deploy.md's environment file, with the key and the host names a test on loopback uses
 * in place of the docs' placeholders.
 */
export function deployedEnv(key: string, allowedHosts: string): Record<string, string> {
  const docs = readFileSync(new URL("docs/deploy.md", root), "utf8");
  const block = /`\/etc\/formgate\/env`[^\n]*\n\n```sh\n([\s\S]*?)```/.exec(docs)?.[1];
  if (block === undefined) throw new Error("docs/deploy.md no longer shows the environment file");
  const env: Record<string, string> = {};
  for (const line of block.split("\n")) {
    const setting = /^([A-Z_]+)=(.*)$/.exec(line);
    if (setting !== null) env[setting[1] as string] = setting[2] as string;
  }
  return { ...env, FORMGATE_STATE_KEY: key, FORMGATE_ALLOWED_HOSTS: allowedHosts };
}

/** A number the configuration sets, found by a pattern with one group. */
function setting(config: string, pattern: RegExp): number {
  const found = pattern.exec(config)?.[1];
  if (found === undefined) throw new Error(`docs/deploy.md's HAProxy configuration has no ${pattern}`);
  return Number(found);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const question = (id: string) => ({
  message: `Question ${id}`,
  questions: [{ id, type: "text", title: `Question ${id}`, required: true }],
});
const answer = (text: string) => ({ action: "accept", content: { q: text } });

describe(
  `HAProxy in front of two instances, ` + `with docs/deploy.md's configuration (${serveCommand().label})`,
  function () {
    this.timeout(60_000);
    let instances: HttpChild[] = [];
    let haproxy: ChildProcess | undefined;
    let directory = "";
    let url: URL;
    let haproxyLog = "";
    let configText = "";
    let instanceEnv: Record<string, string> = {};

    before(async () => {
      if (!existsSync(HAPROXY)) throw new Error(`${HAPROXY} is missing: apt-get install haproxy (.ci/run does)`);
      // A port found free may be taken by another suite before HAProxy binds it: a few candidates,
      // all of them names the instances accept, tried in turn.
      const candidates = await Promise.all([0, 1, 2, 3, 4].map(() => freePort()));
      // docs/deploy.md's environment file: one key, and the names clients use (the balancer forwards their Host).
      instanceEnv = {
        ...deployedEnv(KEY, candidates.map((port) => `127.0.0.1:${port}`).join(",")),
        FORMGATE_SHUTDOWN_MS: "3000",
      };
      instances = await Promise.all([0, 1].map(() => startHttpChild(undefined, [], instanceEnv)));
      directory = mkdtempSync(join(tmpdir(), "formgate-haproxy-"));
      for (const frontend of candidates) {
        const config = join(directory, "haproxy.cfg");
        configText = deployedConfig(frontend, [Number(instances[0]?.url.port), Number(instances[1]?.url.port)]);
        writeFileSync(config, configText);
        haproxyLog = "";
        const started = spawn(HAPROXY, ["-db", "-f", config], { stdio: ["ignore", "pipe", "pipe"] });
        haproxy = started;
        started.stdout?.on("data", (chunk: Buffer) => (haproxyLog += chunk.toString("utf8")));
        started.stderr?.on("data", (chunk: Buffer) => (haproxyLog += chunk.toString("utf8")));
        url = new URL(`http://127.0.0.1:${frontend}/mcp`);
        // Ready once the balancer answers the health path of an instance.
        const until = Date.now() + 10_000;
        for (;;) {
          const health = await rawHttp(new URL(`http://127.0.0.1:${frontend}/health`), { method: "GET" }).catch(
            () => undefined,
          );
          if (health?.status === 200) return;
          if (started.exitCode !== null || Date.now() > until) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        started.kill("SIGTERM");
        if (!/Address already in use/.test(haproxyLog)) break;
      }
      throw new Error(`haproxy did not start:\n${haproxyLog}`);
    });

    after(async () => {
      haproxy?.kill("SIGTERM");
      await Promise.all(instances.map((instance) => instance.stop()));
      if (directory !== "") rmSync(directory, { recursive: true, force: true });
    });

    it(
      "2026-07-28 clients round-robin, 2025-era clients sticky; " +
        "one instance stops mid-run: the modern clients carry on, the sessions on it get what the docs say",
      async () => {
        const [first, second] = instances as [HttpChild, HttpChild];
        // The sessions of this test only (in logs that start-up wrote to).
        const [firstFrom, secondFrom] = [first.log().length, second.log().length];
        // 2025-era sessions: each on one instance (the stick table), whichever it is.
        // Their people answer once the stop is over: the sessions on the instance left then get their answers.
        let release = () => {};
        const gate = new Promise<void>((resolve) => (release = resolve));
        const sessions = await Promise.all(
          Array.from({ length: 4 }, () =>
            connectHttpSession(url, async () => {
              await gate;
              return answer("kept");
            }),
          ),
        );
        const pending = sessions.map((session) =>
          session.call(question("q")).then((result) => (result as CallToolResult).structuredContent),
        );
        await eventually(() => sessions.every((session) => session.received.length === 1), "every session's form");
        const onFirst = (log: string, from: number) => (log.slice(from).match(/session #\w+ opened/g) ?? []).length;
        expect(onFirst(first.log(), firstFrom) + onFirst(second.log(), secondFrom)).to.equal(4);
        expect(onFirst(first.log(), firstFrom), "sessions spread over both instances").to.be.greaterThan(0);
        expect(onFirst(second.log(), secondFrom)).to.be.greaterThan(0);

        // 2026-07-28 calls, each two rounds, through the balancer: rounds land on both instances.
        const modern = await connectModernHttp(url, {
          capabilities: modernNativeForms,
          answer: async () => answer("m"),
        });
        const call = async () =>
          (await modern.client.callTool({ name: FORM_TOOL_NAME, arguments: question("q") })).structuredContent;
        for (let i = 0; i < 4; i++) expect(await call()).to.deep.equal(answer("m"));
        // Round robin: each instance served some of the rounds (strictly alternating, the first rounds
        // on one, the retries on the other).
        expect(first.log().slice(firstFrom)).to.include(`${FORM_TOOL_NAME}: `);
        expect(second.log().slice(secondFrom)).to.include(`${FORM_TOOL_NAME}: `);

        // The first instance stops (SIGTERM, as systemd stops it) while its sessions' forms are pending.
        const firstLogLength = first.log().length;
        await first.stop();
        release();
        const results = await Promise.all(pending);
        const stoppedSessions = results.filter(
          (result) => (result as { error?: { code: string } } | undefined)?.error?.code === "transport_error",
        );
        expect(stoppedSessions.length, "each session on the stopped instance got its transport_error result").to.equal(
          onFirst(first.log(), firstFrom),
        );
        expect(first.log().slice(firstLogLength)).to.include("The server is stopping");
        expect(results.filter((result) => JSON.stringify(result) === JSON.stringify(answer("kept"))).length).to.equal(
          4 - stoppedSessions.length,
        );
        // The modern client carries on through the other instance, first round and retry.
        for (let i = 0; i < 4; i++) expect(await call()).to.deep.equal(answer("m"));
        // A session of the stopped instance: its next request reaches the other one, which answers 404.
        const index = results.findIndex((result) => (result as { error?: unknown })?.error !== undefined);
        const orphan = sessions[index];
        const next = await rawHttp(url, {
          sessionId: orphan?.sessionId(),
          body: JSON.stringify({ jsonrpc: "2.0", id: 99, method: "tools/list" }),
        });
        expect(next.status).to.equal(404);
        // A new session works, on the instance left.
        const fresh = await connectHttpSession(url, async () => answer("fresh"));
        expect((await fresh.call(question("q"))).structuredContent).to.deep.equal(answer("fresh"));
        await modern.close();
      },
    );

    it(
      "a slowloris from one address is cut off (its connections past the per-source bound refused at once, " +
        "the rest closed at the http-request timeout) while real SDK clients of both eras are served, " +
        "and more 2025-era sessions than formgate's default per-address bound open through the balancer",
      async function () {
        const requestTimeoutMs = setting(configText, /^\s*timeout http-request (\d+)s$/m) * 1000;
        const perSource = setting(configText, /sc_conn_cur\(0\) gt (\d+)/);
        const requestRate = setting(configText, /sc_http_req_rate\(0\) gt (\d+)/);
        this.timeout(requestTimeoutMs + 60_000);

        // The attacker, on another loopback address: more sockets than the per-source bound, each
        // sending a request's headers one byte every 2 s and never finishing them.
        const attackers = await Promise.all(
          Array.from({ length: perSource + 100 }, () => slowSocket(url, "127.0.0.2")),
        );
        const trickle = setInterval(() => {
          for (const socket of attackers) if (!socket.socket.destroyed) socket.socket.write("a");
        }, 2000);
        try {
          // Those past the bound are closed at once (allowing for the rate bound closing some sooner).
          await eventually(
            () => attackers.filter((socket) => socket.closedAt !== undefined).length >= 100,
            "the connections past the per-source bound closed",
          );
          const held = attackers.filter((socket) => socket.closedAt === undefined);
          expect(held.length, "sockets one address holds").to.be.at.most(perSource);
          expect(held.length, "the attack holds sockets (else it tests nothing)").to.be.greaterThan(perSource / 4);

          // Meanwhile a real client of each era is served, through the balancer, from 127.0.0.1 (by the
          // instance left after the test above).
          const session = await connectHttpSession(url, async () => answer("served"));
          expect((await session.call(question("q"))).structuredContent).to.deep.equal(answer("served"));
          const modern = await connectModernHttp(url, {
            capabilities: modernNativeForms,
            answer: async () => answer("served too"),
          });
          const call = await modern.client.callTool({ name: FORM_TOOL_NAME, arguments: question("q") });
          expect(call.structuredContent).to.deep.equal(answer("served too"));
          await Promise.all([session.endSession(), modern.close()]);

          // Every held socket is closed by the http-request timeout, counted from its opening,
          // however it trickles; what it got is at most a 408.
          await eventually(
            () => held.every((socket) => socket.closedAt !== undefined),
            "the slow sockets closed",
            requestTimeoutMs + 15_000,
          );
          for (const socket of held) {
            expect((socket.closedAt as number) - socket.openedAt).to.be.below(requestTimeoutMs + 5000);
            expect(socket.received).to.match(/^(HTTP\/1\.[01] 408 [\s\S]*)?$/);
          }
        } finally {
          clearInterval(trickle);
          for (const socket of attackers) socket.socket.destroy();
        }

        // Requests past the per-source rate get 429: pipelined on one socket from a third address.
        const statuses = await pipelined(url, "127.0.0.3", requestRate + 50);
        expect(statuses.slice(0, requestRate).every((status) => status === 200)).to.equal(true);
        expect(statuses).to.include(429);

        // formgate's per-address session bound, raised by the environment file: behind HAProxy
        // every client's address is the balancer's.
        const sessions = defaultServerConfig().limits.maxSessionsPerClient + 10;
        const opened = await Promise.all(
          Array.from({ length: sessions }, () => connectHttpSession(url, async () => answer("one of many"))),
        );
        const last = opened[opened.length - 1] as Awaited<ReturnType<typeof connectHttpSession>>;
        expect((await last.call(question("q"))).structuredContent).to.deep.equal(answer("one of many"));
        await Promise.all(opened.map((host) => host.endSession()));
      },
    );

    it(
      "SIGKILL of one instance: its 2025-era call ends only at the client's own request timeout " +
        "(RequestTimeout), the session's next request gets 404, 2026-07-28 clients carry on",
      async function () {
        this.timeout(60_000);
        // The instance stopped by the first test comes back on its port, as systemd restarts it.
        const [stopped, left] = instances as [HttpChild, HttpChild];
        const restarted = await startHttpChild(undefined, ["--port", stopped.url.port], instanceEnv);
        instances = [restarted, left];
        const from = restarted.log().length;
        const opened = (log: string) => (log.slice(from).match(/session #\w+ opened/g) ?? []).length;
        // New 2025-era sessions until one lands on it (once HAProxy's health check has it up again).
        const never = () => new Promise<Record<string, unknown>>(() => {});
        let victim: Awaited<ReturnType<typeof connectHttpSession>> | undefined;
        const others: Awaited<ReturnType<typeof connectHttpSession>>[] = [];
        for (let tries = 0; victim === undefined && tries < 100; tries++) {
          const before = opened(restarted.log());
          const session = await connectHttpSession(url, never);
          if (opened(restarted.log()) > before) victim = session;
          else {
            others.push(session);
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        }
        if (victim === undefined) throw new Error("no session reached the restarted instance");
        const requestTimeout = 4000;
        const started = { at: 0 };
        const call = victim.call(question("q"), { timeout: requestTimeout }).then(
          () => ({ code: 0, ms: Date.now() - started.at }),
          (error: { code?: number }) => ({ code: error.code ?? 0, ms: Date.now() - started.at }),
        );
        await eventually(() => victim?.received.length === 1, "the form on the instance to be killed");
        started.at = Date.now();
        restarted.process.kill("SIGKILL");
        const ended = await call;
        expect(ended.code, "the SDK's RequestTimeout").to.equal(-32001);
        // The form arrived just before the kill: the call lasted (almost) the whole request timeout.
        expect(ended.ms, "the call ended at the client's own timeout, not at the kill").to.be.above(
          requestTimeout - 1500,
        );
        // No other instance knows the session.
        const next = await rawHttp(url, {
          sessionId: victim.sessionId(),
          body: JSON.stringify({ jsonrpc: "2.0", id: 99, method: "tools/list" }),
        });
        expect(next.status).to.equal(404);
        const modern = await connectModernHttp(url, {
          capabilities: modernNativeForms,
          answer: async () => answer("m"),
        });
        const modernCall = await modern.client.callTool({ name: FORM_TOOL_NAME, arguments: question("q") });
        expect(modernCall.structuredContent).to.deep.equal(answer("m"));
        await Promise.all([modern.close(), ...others.map((session) => session.endSession())]);
      },
    );
  },
);

interface SlowSocket {
  socket: Socket;
  openedAt: number;
  closedAt?: number;
  received: string;
}

/** A socket from `from` that starts a request and sends the rest of its headers as the test trickles them. */
function slowSocket(url: URL, from: string): Promise<SlowSocket> {
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port), localAddress: from });
    const slow: SlowSocket = { socket, openedAt: Date.now(), received: "" };
    socket.on("data", (chunk: Buffer) => (slow.received += chunk.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => (slow.closedAt = Date.now()));
    socket.once("connect", () => {
      socket.write(`POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nX-Slow: `);
      resolve(slow);
    });
    // A connection refused before it is made counts as closed at once.
    socket.once("close", () => resolve(slow));
  });
}

/** `count` health requests pipelined on one keep-alive socket from `from`; the statuses, in order. */
function pipelined(url: URL, from: string, count: number): Promise<number[]> {
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port), localAddress: from });
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.on("error", () => {});
    socket.once("connect", () => socket.write(`GET /health HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`.repeat(count)));
    socket.on("close", () => resolve([...received.matchAll(/^HTTP\/1\.1 (\d{3}) /gm)].map((m) => Number(m[1]))));
  });
}
