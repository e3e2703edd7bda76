import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { FORM_TOOL_NAME } from "../../src/server/index.js";
import { connectHttpSession, rawHttp } from "./fault-harness.js";
import { eventually, root, serveCommand, startHttpChild, type HttpChild } from "./harness.js";
import { connectModernHttp, modernNativeForms } from "./modern-peer.js";

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

    before(async () => {
      if (!existsSync(HAPROXY)) throw new Error(`${HAPROXY} is missing: apt-get install haproxy (.ci/run does)`);
      // A port found free may be taken by another suite before HAProxy binds it: a few candidates,
      // all of them names the instances accept, tried in turn.
      const candidates = await Promise.all([0, 1, 2, 3, 4].map(() => freePort()));
      // As docs/deploy.md's environment file: one key, and the names clients use (the balancer forwards their Host).
      const env = {
        FORMGATE_STATE_KEY: KEY,
        FORMGATE_SHUTDOWN_MS: "3000",
        FORMGATE_ALLOWED_HOSTS: candidates.map((port) => `127.0.0.1:${port}`).join(","),
      };
      instances = await Promise.all([0, 1].map(() => startHttpChild(undefined, [], env)));
      directory = mkdtempSync(join(tmpdir(), "formgate-haproxy-"));
      for (const frontend of candidates) {
        const config = join(directory, "haproxy.cfg");
        writeFileSync(
          config,
          deployedConfig(frontend, [Number(instances[0]?.url.port), Number(instances[1]?.url.port)]),
        );
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
        expect(onFirst(first.log(), 0) + onFirst(second.log(), 0)).to.equal(4);
        expect(onFirst(first.log(), 0), "sessions spread over both instances").to.be.greaterThan(0);
        expect(onFirst(second.log(), 0)).to.be.greaterThan(0);

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
        expect(first.log()).to.include(`${FORM_TOOL_NAME}: `);
        expect(second.log()).to.include(`${FORM_TOOL_NAME}: `);

        // The first instance stops (SIGTERM, as systemd stops it) while its sessions' forms are pending.
        const firstLogLength = first.log().length;
        await first.stop();
        release();
        const results = await Promise.all(pending);
        const stoppedSessions = results.filter(
          (result) => (result as { error?: { code: string } } | undefined)?.error?.code === "transport_error",
        );
        expect(stoppedSessions.length, "each session on the stopped instance got its transport_error result").to.equal(
          onFirst(first.log(), 0),
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
  },
);
