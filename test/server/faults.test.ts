import { expect } from "chai";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ProtocolError, SdkError, SdkErrorCode } from "@modelcontextprotocol/server";
import { elicitationFailure } from "../../src/server/adapter.js";
import { FORM_TOOL_NAME, serveHttp } from "../../src/server/index.js";
import { sessionLabel } from "../../src/server/log.js";
import {
  ARGUMENTS_LIMIT,
  STACK_TRACE,
  abortedWithin,
  argumentsOfLength,
  callThenDropConnection,
  connectHttpSession,
  connectStdioChild,
  floodAnswer,
  floodArgs,
  floodExpected,
  floodSeen,
  liveTimers,
  rawHttp,
  runServeChild,
  sleep,
  tally,
  type Answer,
  type FaultHost,
} from "./fault-harness.js";
import {
  connectInMemory,
  eventually,
  nativeForms,
  serveCommand,
  serverEnv,
  startHttpChild,
  type HttpChild,
} from "./harness.js";
import { connectModernHttp, modernNativeForms } from "./modern-peer.js";

/** A scenario: one `it`, counted as tried when it starts and as held when it passes. */
function scenario(title: string, run: () => Promise<void>, timeoutMs?: number): void {
  it(title, async function () {
    if (timeoutMs !== undefined) this.timeout(timeoutMs);
    tally.scenarios++;
    await run();
    tally.held++;
  });
}

after(() => {
  const n = (value: number) => value.toLocaleString("en-US");
  const verdict = tally.held === tally.scenarios ? "all held" : `${n(tally.scenarios - tally.held)} did not hold`;
  console.log(
    `server faults: ${n(tally.scenarios)} scenarios, ${n(tally.calls)} tool calls, ${n(tally.faults)} faults ` +
      `injected, ${n(tally.crossed)} crossed answers, ${verdict}`,
  );
});

const question = (id: string) => ({
  message: `Question ${id}`,
  questions: [{ id, type: "text", title: `Question ${id}`, required: true }],
});
const accepted = (id: string, text: string) => ({ action: "accept", content: { [id]: text } });
const structured = (result: CallToolResult) => result.structuredContent as Record<string, unknown>;
const errorCode = (result: CallToolResult) => (result.structuredContent as { error?: { code: string } }).error?.code;
/** The id of the (first) question of the form a client received. */
const questionIdOf = (elicitation: { request: { params?: unknown } }) =>
  Object.keys(
    (elicitation.request.params as { requestedSchema: { properties: object } }).requestedSchema.properties,
  )[0] as string;
/** Answers each form with the text of its own question id. */
const echo: Answer = async (elicitation) =>
  accepted(questionIdOf(elicitation), `answer to ${questionIdOf(elicitation)}`);
/** Long enough for a prompt answer on a loaded machine, short enough to wait for. */
const SHORT_TIMEOUT_MS = 300;

/** Runs `count` flood calls named `prefix0`… on one host and checks every result is its own. */
async function flood(host: FaultHost, prefix: string, count: number): Promise<void> {
  const tags = Array.from({ length: count }, (_, i) => `${prefix}${i}`);
  const results = await Promise.all(tags.map((tag) => host.call(floodArgs(tag))));
  const crossed = tags.filter(
    (tag, i) => JSON.stringify(floodSeen(results[i] as CallToolResult)) !== JSON.stringify(floodExpected(tag)),
  );
  tally.crossed += crossed.length;
  expect(crossed, "calls whose result is not their own answer").to.deep.equal([]);
  expect(host.received).to.have.length(count);
}

/** A gate: answers wait on it until the test opens it. */
function gate(): { wait: Promise<void>; open(): void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

/** A host on one transport, with the server's log and a way to leave. */
type RigHost = FaultHost & { log(): string; leave(): Promise<void> };
type Rig = (answer: Answer) => Promise<RigHost>;

function stdioRig(timeoutMs?: number): Rig {
  return async (answer) => {
    const host = await connectStdioChild(answer, timeoutMs);
    return { ...host, log: () => host.transport.log(), leave: () => host.client.close() };
  };
}

function httpRig(child: () => HttpChild): Rig {
  return async (answer) => {
    const host = await connectHttpSession(child().url, answer);
    return { ...host, log: () => child().log(), leave: () => host.endSession() };
  };
}

/** The scenarios every real transport runs. */
function sharedScenarios(name: string, rig: Rig, shortRig: Rig): void {
  scenario(
    `${name}: a client that answers twice: the first answer counts, the others are ignored and not logged`,
    async () => {
      const host = await rig(async (elicitation) => {
        const { id, sendRaw } = elicitation;
        const qid = questionIdOf(elicitation);
        if (qid === "twice") {
          await sendRaw({ jsonrpc: "2.0", id, result: accepted(qid, "the first answer") });
          await sendRaw({ jsonrpc: "2.0", id, error: { code: -32603, message: "an error after the answer" } });
          tally.faults += 2;
          return accepted(qid, "SECRET third answer"); // the SDK sends this one: a third response with the same id
        }
        if (qid === "badfirst") {
          // An invalid first answer is not repaired by a valid second one.
          await sendRaw({ jsonrpc: "2.0", id, result: { action: "accept", content: { [qid]: 7 } } });
          tally.faults++;
          return accepted(qid, "SECRET valid second answer");
        }
        return echo(elicitation);
      });
      try {
        expect(structured(await host.call(question("twice")))).to.deep.equal(accepted("twice", "the first answer"));
        const bad = await host.call(question("badfirst"));
        expect(errorCode(bad)).to.equal("invalid_response");
        expect(bad.structuredContent).to.not.have.property("action");
        await eventually(
          () => (host.log().match(/ignored a response for no pending request/g) ?? []).length >= 3,
          "the ignored duplicates in the log",
        );
        expect(host.log(), "answers are never logged").to.not.include("SECRET");
        expect(structured(await host.call(question("later"))), "the connection still serves").to.deep.equal(
          accepted("later", "answer to later"),
        );
      } finally {
        await host.leave();
      }
    },
  );

  scenario(
    `${name}: a client that answers after the timeout gets timeout, and its late answer is ignored`,
    async () => {
      let cancelled = false;
      const host = await shortRig(async (elicitation) => {
        const qid = questionIdOf(elicitation);
        if (qid !== "late") return echo(elicitation);
        // At the deadline the server cancels the request; the cap only keeps a broken server
        // from hanging the test, and is generous for a loaded machine.
        await abortedWithin(elicitation.signal, 5_000);
        cancelled = elicitation.signal.aborted;
        // The SDK drops answers to cancelled requests, so the late answer goes straight onto the wire.
        await elicitation.sendRaw({ jsonrpc: "2.0", id: elicitation.id, result: accepted(qid, "SECRET late answer") });
        tally.faults++;
        return accepted(qid, "SECRET late answer");
      });
      try {
        // One form first: the SDK client ignores the cancellation of request id 0 (see "A known SDK quirk").
        expect(structured(await host.call(question("first")))).to.deep.equal(accepted("first", "answer to first"));
        const late = await host.call(question("late"));
        expect(structured(late)).to.deep.equal({
          error: {
            code: "timeout",
            message:
              `The form was not submitted within ${SHORT_TIMEOUT_MS} ms (DATA_FORMS_TIMEOUT_MS); no answers ` +
              `were applied.`,
          },
        });
        expect(late.isError).to.equal(true);
        await eventually(
          () => host.log().includes("ignored a response for no pending request"),
          "the late answer to be ignored",
        );
        expect(cancelled, "the server cancelled the form request at the deadline").to.equal(true);
        expect(host.log()).to.not.include("SECRET");
        expect(structured(await host.call(question("prompt"))), "a prompt answer still counts").to.deep.equal(
          accepted("prompt", "answer to prompt"),
        );
      } finally {
        await host.leave();
      }
    },
  );

  scenario(
    `${name}: arguments of exactly 1 MiB are asked; one character more is invalid_arguments and asks nothing`,
    async () => {
      const host = await rig(async ({ request }) => {
        expect(JSON.stringify(request.params).length).to.be.greaterThan(ARGUMENTS_LIMIT - 10_000);
        return { action: "accept", content: { pick: "o23" } };
      });
      try {
        const atLimit = argumentsOfLength(ARGUMENTS_LIMIT);
        expect(structured(await host.call(atLimit))).to.deep.equal({ action: "accept", content: { pick: "o23" } });
        const over = argumentsOfLength(ARGUMENTS_LIMIT + 1);
        const result = await host.call(over);
        expect(result.isError).to.equal(true);
        expect(structured(result)).to.deep.equal({
          error: {
            code: "invalid_arguments",
            message: "The arguments serialize to 1,048,577 characters of JSON; the limit is 1,048,576 (1 MiB).",
            issues: [
              {
                path: [],
                message: "The arguments serialize to 1,048,577 characters of JSON; the limit is 1,048,576 (1 MiB).",
              },
            ],
          },
        });
        expect(host.received, "only the form at the limit was sent").to.have.length(1);
      } finally {
        await host.leave();
      }
    },
  );

  scenario(`${name}: 300 concurrent calls on one connection each get their own answers`, async () => {
    const host = await rig(floodAnswer(name.length));
    try {
      await flood(host, "one", 300);
    } finally {
      await host.leave();
    }
  });
}

describe(`server under faults over stdio (${serveCommand().label})`, () => {
  scenario(
    "stdio: a client that closes mid-elicitation: every pending form ends as transport_error and the server exits 0",
    async () => {
      const host = await connectStdioChild(() => new Promise(() => {}));
      const calls = ["a", "b", "c"].map((id) => host.call(question(id)).catch((error: unknown) => error));
      await eventually(() => host.received.length === 3, "three forms to reach the client");
      tally.faults++;
      await host.client.close();
      expect(await host.transport.exited).to.equal(0);
      await Promise.all(calls);
      const log = host.transport.log();
      expect(
        log.match(/transport_error: The connection to the host closed before the form was submitted/g),
      ).to.have.length(3);
      expect(log).to.not.match(STACK_TRACE);
    },
  );

  for (const broken of [
    ["stdin", "stdout"],
    ["stdin", "stdout", "stderr"],
  ] as const) {
    scenario(`stdio: a client that dies mid-elicitation (${broken.join(", ")} broken): no crash, exit 0`, async () => {
      const host = await connectStdioChild(() => new Promise(() => {}));
      void host.call(question("a")).catch(() => undefined);
      void host.call(question("b")).catch(() => undefined);
      await eventually(() => host.received.length === 2, "two forms to reach the client");
      tally.faults++;
      host.transport.breakPipes([...broken]);
      expect(await host.transport.exited, "exit status").to.equal(0);
      const log = host.transport.log();
      expect(log).to.not.match(STACK_TRACE);
      // Which broken pipe the server notices first is a race (a failed write, or the end of its
      // input); either way both forms end. The EPIPE path has its own scenario below.
      if (!(broken as readonly string[]).includes("stderr")) expect(log.match(/transport_error/g)).to.have.length(2);
    });
  }

  scenario(
    "stdio: a client that stops reading mid-elicitation: the next write fails (EPIPE), the server says so and exits 0",
    async () => {
      const host = await connectStdioChild(() => new Promise(() => {}));
      void host.call(question("a")).catch(() => undefined);
      await eventually(() => host.received.length === 1, "the form to reach the client");
      tally.faults++;
      host.transport.breakPipes(["stdout"]);
      // Standard input stays open, so only a failed write can tell the server its client is gone.
      host.transport.writeRaw(`${JSON.stringify({ jsonrpc: "2.0", id: 9001, method: "tools/list" })}\n`);
      expect(await host.transport.exited, "exit status").to.equal(0);
      const log = host.transport.log();
      expect(log).to.include("formgate: standard output failed (write EPIPE); stopping\n");
      expect(log.match(/transport_error/g)).to.have.length(1);
      expect(log).to.not.match(STACK_TRACE);
    },
  );

  sharedScenarios("stdio", stdioRig(), stdioRig(SHORT_TIMEOUT_MS));

  scenario(
    "stdio: malformed JSON-RPC on standard input is ignored: the pending form and the connection carry on",
    async () => {
      const injected = gate();
      const host = await connectStdioChild(async (elicitation) => {
        await injected.wait;
        return accepted(questionIdOf(elicitation), "the real answer");
      });
      try {
        const call = host.call(question("pending"));
        await eventually(() => host.received.length === 1, "the form to reach the client");
        const id = JSON.stringify(host.received[0]?.id);
        const raw = [
          "{not json\n",
          Buffer.from([0xff, 0xfe, 0x00, 0x80, 0x0a]),
          `{"jsonrpc":"2.0","id":${id},"result":\n`, // truncated
          `{"jsonrpc":"2.0","id":${id}}\n`, // neither result nor error
          `{"jsonrpc":"2.0","id":${id},"result":"accept"}\n`, // result not an object
          `{"jsonrpc":"1.0","id":${id},"result":{"action":"decline"}}\n`,
          `[{"jsonrpc":"2.0","id":${id},"result":{"action":"decline"}}]\n`, // a batch
          'null\n42\n""\n\n   \n',
          `${"[".repeat(10_000)}${"]".repeat(10_000)}\n`,
          '{"jsonrpc":"2.0","id":999,"result":{"action":"decline"}}\n',
          '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":12345}}\n',
        ];
        for (const bytes of raw) host.transport.writeRaw(bytes);
        tally.faults += raw.length;
        await eventually(
          () => host.transport.log().includes("ignored a response for no pending request (id 999)"),
          "the server to read every line",
        );
        injected.open();
        expect(structured(await call)).to.deep.equal(accepted("pending", "the real answer"));
        const { tools } = await host.client.listTools();
        expect(tools.map((tool) => tool.name)).to.deep.equal([FORM_TOOL_NAME]);
        const log = host.transport.log();
        expect(log).to.not.match(STACK_TRACE);
        for (const line of log.trimEnd().split("\n"))
          expect(line, "every log line is one prefixed line").to.match(/^formgate: /);
        expect(host.transport.child.exitCode, "still running").to.equal(null);
      } finally {
        await host.client.close();
      }
    },
  );
});

describe(`server under faults over Streamable HTTP (${serveCommand().label})`, () => {
  let child: HttpChild;
  let shortChild: HttpChild;
  before(async () => {
    [child, shortChild] = await Promise.all([startHttpChild(), startHttpChild(SHORT_TIMEOUT_MS)]);
  });
  after(async () => {
    await Promise.all([child?.stop(), shortChild?.stop()]);
  });

  sharedScenarios(
    "HTTP",
    httpRig(() => child),
    httpRig(() => shortChild),
  );

  scenario(
    "HTTP: a client that ends its session mid-elicitation: its forms end, the other sessions keep their own answers",
    async () => {
      const release = gate();
      const leaving = await connectHttpSession(child.url, () => new Promise(() => {}));
      const staying = await connectHttpSession(child.url, async (elicitation) => {
        await release.wait;
        return echo(elicitation);
      });
      try {
        const abandoned = ["l1", "l2", "l3", "l4", "l5"].map((id) =>
          leaving.call(question(id)).catch((error: unknown) => error),
        );
        const kept = ["s1", "s2", "s3", "s4", "s5"].map((id) => staying.call(question(id)));
        await eventually(
          () => leaving.received.length === 5 && staying.received.length === 5,
          "every form to reach its client",
        );
        const sessionId = leaving.sessionId();
        tally.faults++;
        await leaving.endSession();
        await Promise.all(abandoned);
        await eventually(
          () => child.log().includes(`session ${sessionLabel(sessionId)} closed`),
          "the session to close",
        );
        release.open();
        expect((await Promise.all(kept)).map(structured)).to.deep.equal(
          ["s1", "s2", "s3", "s4", "s5"].map((id) => accepted(id, `answer to ${id}`)),
        );
        const gone = await rawHttp(child.url, {
          sessionId,
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
        });
        expect(gone.status, "the ended session is gone").to.equal(404);
        expect(child.log()).to.include(`session ${sessionLabel(sessionId)} closed`);
      } finally {
        await staying.endSession();
      }
    },
  );

  scenario(
    "HTTP: a client that drops its connection without ending the session: the form times out, the session carries on",
    async () => {
      const host = await connectHttpSession(shortChild.url, echo);
      try {
        const before = (shortChild.log().match(/: timeout: /g) ?? []).length;
        const form = await callThenDropConnection(shortChild.url, host.sessionId(), 9001, question("dropped"));
        tally.calls++;
        tally.faults++;
        expect(form.method).to.equal("openai/elicitation/create");
        await eventually(
          () => (shortChild.log().match(/: timeout: /g) ?? []).length === before + 1,
          "the dropped call to time out",
        );
        expect(structured(await host.call(question("after"))), "the same session still serves").to.deep.equal(
          accepted("after", "answer to after"),
        );
      } finally {
        await host.endSession();
      }
    },
  );

  scenario(
    "HTTP: malformed JSON-RPC bodies are refused with a JSON-RPC error; the pending form and the session carry on",
    async () => {
      const injected = gate();
      const host = await connectHttpSession(child.url, async (elicitation) => {
        await injected.wait;
        return accepted(questionIdOf(elicitation), "the real answer");
      });
      try {
        const call = host.call(question("pending"));
        await eventually(() => host.received.length === 1, "the form to reach the client");
        const id = JSON.stringify(host.received[0]?.id);
        const sessionId = host.sessionId();
        const cases: { body: string | Buffer; headers?: Record<string, string>; status: number; code?: number }[] = [
          { body: "{not json", status: 400, code: -32700 },
          { body: "", status: 400, code: -32700 },
          { body: Buffer.from([0xff, 0xfe, 0x00, 0x80]), status: 400, code: -32700 },
          { body: `{"jsonrpc":"2.0","id":${id},"result":`, status: 400, code: -32700 },
          { body: "{}", status: 400, code: -32700 },
          { body: "null", status: 400, code: -32700 },
          { body: `{"jsonrpc":"2.0","id":${id}}`, status: 400, code: -32700 },
          { body: `{"jsonrpc":"2.0","id":${id},"result":"accept"}`, status: 400, code: -32700 },
          { body: `{"jsonrpc":"1.0","id":${id},"result":{"action":"decline"}}`, status: 400, code: -32700 },
          {
            body: `[{"jsonrpc":"2.0","id":${id},"result":{"action":"decline"}},{"bad":true}]`,
            status: 400,
            code: -32700,
          },
          { body: `${"[".repeat(10_000)}${"]".repeat(10_000)}`, status: 400, code: -32700 },
          {
            body: `{"jsonrpc":"2.0","id":${id},"result":{"action":"decline"}}`,
            headers: { "content-type": "text/plain" },
            status: 415,
            code: -32000,
          },
          {
            body: `{"jsonrpc":"2.0","id":${id},"result":{"action":"decline"}}`,
            headers: { accept: "application/json" },
            status: 406,
            code: -32000,
          },
          {
            body: JSON.stringify({
              jsonrpc: "2.0",
              id: 1,
              method: "initialize",
              params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "again", version: "1" } },
            }),
            status: 400,
            code: -32600,
          },
          {
            body: `{"jsonrpc":"2.0","id":${id},"result":{"action":"decline","pad":"${"x".repeat(4_300_000)}"}}`,
            status: 413,
            code: -32000,
          },
          { body: '{"jsonrpc":"2.0","id":999,"result":{"action":"decline"}}', status: 202 },
        ];
        const logLines = () => child.log().split("\n").length;
        const linesBefore = logLines();
        for (const { body, headers, status, code } of cases) {
          const response = await rawHttp(child.url, { sessionId, body, ...(headers === undefined ? {} : { headers }) });
          tally.faults++;
          expect(response.status, `status for ${String(body).slice(0, 60)}`).to.equal(status);
          if (code !== undefined)
            expect(
              (JSON.parse(response.body) as { error: { code: number } }).error.code,
              `code for ${String(body).slice(0, 60)}`,
            ).to.equal(code);
        }
        // The child's stderr reaches us after its HTTP responses, so wait for the lines before counting them.
        await eventually(() => logLines() - linesBefore >= cases.length, "a log line for every refused body");
        expect(logLines() - linesBefore, "one log line per refused body").to.equal(cases.length);
        expect(child.log()).to.not.match(STACK_TRACE);
        injected.open();
        expect(structured(await call), "no malformed body answered the form").to.deep.equal(
          accepted("pending", "the real answer"),
        );
        const { tools } = await host.client.listTools();
        expect(tools.map((tool) => tool.name)).to.deep.equal([FORM_TOOL_NAME]);
      } finally {
        await host.endSession();
      }
    },
  );

  // The time limit only guards against a hang: the 400 round trips are CPU work (about 1.5 s on a quiet machine)
  // that took 16 to 60 s at a load average of 15 to 20 on two cores.
  scenario(
    "HTTP: 400 concurrent calls across 5 sessions each get their own answers",
    async () => {
      const hosts = await Promise.all([0, 1, 2, 3, 4].map((i) => connectHttpSession(child.url, floodAnswer(i + 1))));
      try {
        await Promise.all(hosts.map((host, i) => flood(host, `s${i}n`, 80)));
      } finally {
        await Promise.all(hosts.map((host) => host.endSession()));
      }
    },
    120_000,
  );

  scenario("HTTP: after all that, both servers are alive, open a fresh session, and stop cleanly", async () => {
    for (const server of [child, shortChild]) {
      expect(server.process.exitCode, "still running").to.equal(null);
      const host = await connectHttpSession(server.url, echo);
      expect(structured(await host.call(question("fresh")))).to.deep.equal(accepted("fresh", "answer to fresh"));
      await host.endSession();
      const opened = (server.log().match(/ opened$/gm) ?? []).length;
      await eventually(() => (server.log().match(/ closed$/gm) ?? []).length === opened, "every session to be closed");
      expect(server.log()).to.not.match(STACK_TRACE);
    }
    const exits = [child, shortChild].map((server) => new Promise((resolve) => server.process.once("exit", resolve)));
    await Promise.all([child.stop(), shortChild.stop()]);
    expect(await Promise.all(exits)).to.deep.equal([0, 0]);
  });
});

describe("server under faults, in process: forms nobody answers", () => {
  scenario(
    "InMemory: 300 forms that time out one after another all end as timeout, never as another error",
    async () => {
      const host = await connectInMemory({
        capabilities: nativeForms,
        answer: () => new Promise(() => {}),
        timeoutMs: 2,
      });
      try {
        const codes: Record<string, number> = {};
        for (let i = 0; i < 300; i++) {
          tally.calls++;
          tally.faults++;
          const code =
            errorCode(
              (await host.client.callTool({ name: FORM_TOOL_NAME, arguments: question(`q${i}`) })) as CallToolResult,
            ) ?? "none";
          codes[code] = (codes[code] ?? 0) + 1;
        }
        expect(codes).to.deep.equal({ timeout: 300 });
      } finally {
        await host.client.close();
      }
    },
  );

  it(
    "a timer that fires within its 1 ms granularity of the deadline is still the timeout; a client's early -32001 " +
      "is not",
    () => {
      const connected = { signal: new AbortController().signal, isConnected: () => true };
      const sdkTimeout = new SdkError(SdkErrorCode.RequestTimeout, "Request timed out", { timeout: 100 });
      expect(elicitationFailure(sdkTimeout, connected, 99.2, 100).error.code).to.equal("timeout");
      expect(elicitationFailure(sdkTimeout, connected, 100, 100).error.code).to.equal("timeout");
      expect(
        elicitationFailure(new ProtocolError(-32001, "client says timeout"), connected, 40, 100).error.code,
      ).to.equal("transport_error");
      expect(
        elicitationFailure(new SdkError(SdkErrorCode.RequestTimeout, "Request timed out"), connected, 40, 100).error
          .code,
        "an SDK timeout before the deadline",
      ).to.equal("transport_error");
    },
  );
});

describe("server under faults, in process: what a closed connection held is released", () => {
  scenario("InMemory: a client that closes mid-elicitation leaves no pending request behind", async () => {
    await sleep(1); // mocha arms its own timer for this test once the test first awaits
    const baseline = liveTimers();
    const host = await connectInMemory({ capabilities: nativeForms, answer: () => new Promise(() => {}) });
    const calls = Array.from({ length: 20 }, (_, i) =>
      host.client.callTool({ name: FORM_TOOL_NAME, arguments: question(`q${i}`) }).catch(() => undefined),
    );
    tally.calls += 20;
    await eventually(() => host.received.length === 20, "every form to reach the client");
    expect(liveTimers()).to.be.at.least(baseline + 20);
    tally.faults++;
    await host.client.close();
    await Promise.all(calls);
    // At most: a timer left by an earlier test may expire meanwhile.
    await eventually(() => liveTimers() <= baseline, "the pending requests' timers to be released");
    await eventually(() => (host.serverLog().match(/transport_error/g) ?? []).length === 20, "every call to end");
  });

  scenario(
    "HTTP: 30 sessions ended mid-elicitation release their sessions and pending requests; the server still serves",
    async () => {
      const log: string[] = [];
      const server = await serveHttp({ port: 0, log: (line) => log.push(line) });
      try {
        const url = new URL(server.url);
        const baseline = liveTimers();
        const hosts = await Promise.all(
          Array.from({ length: 30 }, () => connectHttpSession(url, () => new Promise(() => {}))),
        );
        const calls = hosts.flatMap((host, i) =>
          [host.call(question(`a${i}`)), host.call(question(`b${i}`))].map((call) => call.catch(() => undefined)),
        );
        await eventually(() => hosts.every((host) => host.received.length === 2), "every form to reach its client");
        expect(liveTimers()).to.be.at.least(baseline + 60);
        tally.faults += hosts.length;
        await Promise.all(hosts.map((host) => host.endSession()));
        await Promise.all(calls);
        await eventually(() => liveTimers() <= baseline, "the pending requests' timers to be released");
        expect(log.filter((line) => / closed$/.test(line))).to.have.length(30);
        expect(log.filter((line) => line.includes("transport_error"))).to.have.length(60);
        const fresh = await connectHttpSession(url, echo);
        expect(structured(await fresh.call(question("fresh")))).to.deep.equal(accepted("fresh", "answer to fresh"));
        await fresh.endSession();
        expect(log.filter((line) => / opened$/.test(line))).to.have.length(31);
        expect(log.filter((line) => / closed$/.test(line))).to.have.length(31);
      } finally {
        await server.close();
      }
    },
  );
});

describe(`server under faults: started with invalid configuration (${serveCommand().label})`, () => {
  const timeoutMessage = (value: string) =>
    `formgate serve: DATA_FORMS_TIMEOUT_MS must be a whole number of milliseconds from 1 to 1,500,000 (15 minutes ` +
    `when unset), got ${JSON.stringify(value)}`;
  const usage = (message: string) => `formgate serve: ${message}`;
  /** `firstLine` is the whole first line of standard error. */
  const cases: { args: string[]; timeout?: string; code: number; firstLine: string }[] = [
    ...["0", "1500001", "15m", "1e3", "٣٠٠"].map((value) => ({
      args: [],
      timeout: value,
      code: 2,
      firstLine: timeoutMessage(value),
    })),
    { args: ["--http", "--port", "0"], timeout: "abc", code: 2, firstLine: timeoutMessage("abc") },
    {
      args: ["--http", "--port", "65536"],
      code: 2,
      firstLine: usage('--port must be a whole number from 0 to 65535, got "65536"'),
    },
    {
      args: ["--http", "--port", "-1"],
      code: 2,
      firstLine: usage('--port needs a value (one that begins with "-" is written --port=-1)'),
    },
    {
      args: ["--http", "--port=-1"],
      code: 2,
      firstLine: usage('--port must be a whole number from 0 to 65535, got "-1"'),
    },
    { args: ["--http", "--port="], code: 2, firstLine: usage("--port needs a value") },
    { args: ["--http", "--host"], code: 2, firstLine: usage("--host needs a value") },
    {
      args: ["--host", "127.0.0.1"],
      code: 2,
      firstLine: usage("--port, --host and --allowed-hosts only apply with --http"),
    },
    { args: ["--htp"], code: 2, firstLine: usage("unknown option --htp") },
    // Well-formed, but not an address of this machine: the server could not start (exit 1).
    {
      args: ["--http", "--port", "0", "--host", "203.0.113.7"],
      code: 1,
      firstLine: "formgate: could not start: listen EADDRNOTAVAIL: address not available 203.0.113.7",
    },
  ];

  scenario(
    `${cases.length} invalid configurations each stop the server at start with a clear message and no stack trace`,
    async () => {
      const runs: Awaited<ReturnType<typeof runServeChild>>[] = [];
      // A few at a time: a small machine starting many Node processes at once is slower than this.
      for (let i = 0; i < cases.length; i += 4) {
        runs.push(
          ...(await Promise.all(
            cases.slice(i, i + 4).map(({ args, timeout }) => runServeChild(args, serverEnv(timeout))),
          )),
        );
      }
      tally.faults += cases.length;
      runs.forEach((run, i) => {
        const { args, timeout, code, firstLine } = cases[i] as (typeof cases)[number];
        const what = `serve ${args.join(" ")}${timeout === undefined ? "" : ` with DATA_FORMS_TIMEOUT_MS=${timeout}`}`;
        expect(run.code, `${what}: exit status`).to.equal(code);
        expect(run.stdout, `${what}: standard output`).to.equal("");
        expect(run.stderr.split("\n")[0], `${what}: message`).to.equal(firstLine);
        expect(run.stderr, `${what}: no stack trace`).to.not.match(STACK_TRACE);
      });
    },
    120_000,
  );
});

describe(`server under faults, 2026-07-28 over Streamable HTTP (${serveCommand().label})`, function () {
  this.timeout(60_000);
  let child: HttpChild;
  before(async () => {
    child = await startHttpChild();
  });
  after(async () => {
    await child?.stop();
  });

  /** A POST as a 2026-07-28 client sends it, with its envelope (`meta`) and headers changed at will. */
  const modernPost = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    rawHttp(child.url, {
      body: JSON.stringify(body),
      headers: {
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "tools/call",
        "mcp-name": FORM_TOOL_NAME,
        ...headers,
      },
    });
  const envelope = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": modernNativeForms,
  };
  const toolCall = (meta: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    jsonrpc: "2.0",
    id: 7,
    method: "tools/call",
    params: { name: FORM_TOOL_NAME, arguments: question("q"), _meta: meta, ...extra },
  });

  scenario(
    "2026-07-28: malformed envelopes and retries get JSON-RPC or tool errors, never a crash, and the server carries on",
    async () => {
      const cases: {
        body: Record<string, unknown>;
        headers?: Record<string, string>;
        expect: (status: number, body: string) => void;
      }[] = [
        // An unknown revision in the envelope: the SDK names the revisions it serves.
        {
          body: toolCall({ ...envelope, "io.modelcontextprotocol/protocolVersion": "2099-01-01" }),
          headers: { "mcp-protocol-version": "2099-01-01" },
          expect: (_s, body) => expect(body).to.match(/-32602|-32004|2026-07-28/),
        },
        // Capabilities that are not an object.
        {
          body: toolCall({ ...envelope, "io.modelcontextprotocol/clientCapabilities": "all" }),
          expect: (_s, body) => expect(body).to.match(/"error"/),
        },
        // The header says one revision, the body another.
        {
          body: toolCall(envelope),
          headers: { "mcp-protocol-version": "2025-11-25" },
          expect: (status) => expect(status).to.be.at.least(400),
        },
        // A retry whose requestState is not a string: the SDK refuses it as invalid params.
        {
          body: toolCall(envelope, {
            requestState: 42,
            inputResponses: { form: { action: "accept", content: { q: "x" } } },
          }),
          expect: (_s, body) => expect(body).to.include("-32602"),
        },
        // A retry with a forged state: a tool result the model can act on.
        {
          body: toolCall(envelope, {
            requestState: "v1.e30.AAAA",
            inputResponses: { form: { action: "accept", content: { q: "x" } } },
          }),
          expect: (_s, body) => expect(body).to.include("invalid_response").and.include("requestState"),
        },
        // inputResponses that are not an object.
        { body: toolCall(envelope, { inputResponses: "yes" }), expect: (status) => expect(status).to.be.below(500) },
      ];
      for (const { body, headers, expect: check } of cases) {
        const response = await modernPost(body, headers);
        tally.faults++;
        check(response.status, response.body);
      }
      expect(child.log()).to.not.match(STACK_TRACE);
      // The server still serves a well-formed first round.
      const first = await modernPost(toolCall(envelope));
      expect(first.body).to.include("input_required");
    },
  );

  scenario("2026-07-28: 300 concurrent calls through one client each get their own answers (both rounds)", async () => {
    // The host answers each form from the form it received, so a crossed state or answer shows as a wrong result.
    const host = await connectModernHttp(child.url, {
      capabilities: modernNativeForms,
      answer: async (params) => {
        const schema = (params._meta as { "openai/elicitation": { requestedSchema: { properties: object } } })[
          "openai/elicitation"
        ].requestedSchema;
        const id = Object.keys(schema.properties)[0] as string;
        await sleep(Math.floor(Math.random() * 20));
        return accepted(id, `answer to ${id}`);
      },
    });
    try {
      const ids = Array.from({ length: 300 }, (_, i) => `m${i}`);
      const results = await Promise.all(
        ids.map((id) => host.client.callTool({ name: FORM_TOOL_NAME, arguments: question(id) })),
      );
      tally.calls += ids.length;
      results.forEach((result, i) => {
        const id = ids[i] as string;
        const ok = JSON.stringify(result.structuredContent) === JSON.stringify(accepted(id, `answer to ${id}`));
        if (!ok) tally.crossed++;
        expect(result.structuredContent, id).to.deep.equal(accepted(id, `answer to ${id}`));
      });
    } finally {
      await host.close();
    }
  });
});
