import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { expect } from "chai";
import type { CallToolResult, JSONRPCRequest } from "@modelcontextprotocol/sdk/types.js";
import { FORM_TOOL_NAME, formToolDescriptor, serveHttp } from "../../src/server/index.js";
import { parseServeArgs } from "../../src/cli/commands/serve.js";
import { main } from "../../src/cli/main.js";
import {
  connectInMemory,
  eventually,
  loadArguments,
  nativeForms,
  serveCommand,
  serverEnv,
  startHttpChild,
  type Host,
} from "./harness.js";

describe("server over InMemoryTransport", () => {
  const hosts: Host[] = [];
  afterEach(async () => {
    await Promise.all(hosts.splice(0).map((host) => host.client.close()));
  });
  async function connect(answer: Parameters<typeof connectInMemory>[0]["answer"]): Promise<Host> {
    const host = await connectInMemory({ capabilities: nativeForms, answer });
    hosts.push(host);
    return host;
  }

  it("lists exactly the form tool, as described", async () => {
    const host = await connect(async () => ({ action: "decline" }));
    const { tools } = await host.client.listTools();
    // In memory the SDK's listing keeps keys it left undefined; on the wire they are absent.
    expect(JSON.parse(JSON.stringify(tools))).to.deep.equal([formToolDescriptor]);
  });

  it("answers an unknown tool with a JSON-RPC error, not a tool result", async () => {
    const host = await connect(async () => ({ action: "decline" }));
    let caught: unknown;
    await host.client.callTool({ name: "nope", arguments: {} }).catch((error: unknown) => (caught = error));
    expect(String(caught)).to.include("-32602").and.include("Tool nope not found");
  });

  it("gives several tool calls at once on one connection each their own answers", async () => {
    // Each call asks its own question; the client answers them in reverse order, with
    // the text of the question, so a crossed wire shows up as a wrong answer.
    const pending: { request: JSONRPCRequest; resolve: (result: Record<string, unknown>) => void }[] = [];
    const host = await connect((request) => new Promise((resolve) => pending.push({ request, resolve })));
    const names = ["alpha", "bravo", "charlie", "delta"];
    const calls = names.map((name) =>
      host.client.callTool({
        name: FORM_TOOL_NAME,
        arguments: {
          message: `Question ${name}`,
          questions: [{ id: name, type: "text", title: `Question ${name}`, required: true }],
        },
      }),
    );
    await eventually(() => pending.length === names.length, "every form to reach the client");
    for (const { request, resolve } of [...pending].reverse()) {
      const [id] = Object.keys(
        (request.params as { requestedSchema: { properties: object } }).requestedSchema.properties,
      );
      resolve({ action: "accept", content: { [id as string]: `answer to Question ${id}` } });
      await new Promise((done) => setTimeout(done, 5));
    }
    const results = (await Promise.all(calls)) as CallToolResult[];
    expect(results.map((result) => result.structuredContent)).to.deep.equal(
      names.map((name) => ({ action: "accept", content: { [name]: `answer to Question ${name}` } })),
    );
  });

  it("cancelling the tool call cancels the form request and ends the call with request_cancelled", async () => {
    const signals: AbortSignal[] = [];
    const host = await connect((_request, _host, signal) => {
      signals.push(signal);
      return signals.length === 1 ? Promise.resolve({ action: "decline" }) : new Promise(() => {});
    });
    // A first form, declined, so that the cancelled one does not have JSON-RPC id 0: the SDK's
    // client ignores notifications/cancelled for request id 0 (it tests the id for truthiness).
    await host.client.callTool({ name: FORM_TOOL_NAME, arguments: loadArguments("choices") });
    const controller = new AbortController();
    const call = host.client.callTool({ name: FORM_TOOL_NAME, arguments: loadArguments("choices") }, undefined, {
      signal: controller.signal,
    });
    await eventually(() => signals.length === 2, "the form to reach the client");
    controller.abort("the person moved on");
    await call.catch(() => undefined);
    // The client got notifications/cancelled for the form request (its handler's signal aborted)...
    await eventually(() => signals[1]?.aborted === true, "the form request to be cancelled");
    // ...and the server ended the call as request_cancelled (the SDK sends no result for a cancelled call).
    await eventually(
      () =>
        host
          .serverLog()
          .includes(
            `${FORM_TOOL_NAME}: request_cancelled: The tool call was cancelled before the form was submitted; no ` +
              `answers were applied.`,
          ),
      "request_cancelled in the server log",
    );
  });

  it("refuses arguments over 1 MiB of JSON as invalid_arguments, without asking the host", async () => {
    const host = await connect(async () => ({ action: "decline" }));
    const options = Array.from({ length: 24 }, (_, i) => ({
      id: `o${i}`,
      title: `Option ${i}`,
      thumbnail: { src: `data:image/png;base64,${"A".repeat(50_000)}` },
    }));
    const args = {
      message: "Pick",
      questions: [{ id: "pick", type: "single_select", title: "Pick one", required: false, options }],
    };
    expect(JSON.stringify(args).length).to.be.greaterThan(1_048_576);
    const result = (await host.client.callTool({ name: FORM_TOOL_NAME, arguments: args })) as CallToolResult;
    expect(result.isError).to.equal(true);
    expect((result.structuredContent as { error: { code: string } }).error.code).to.equal("invalid_arguments");
    expect(host.received).to.have.length(0);
  });

  it("does not apply an answer when the client's result is not an object answer", async () => {
    const host = await connect(async () => ({ action: "maybe" }));
    const result = (await host.client.callTool({
      name: FORM_TOOL_NAME,
      arguments: loadArguments("choices"),
    })) as CallToolResult;
    expect(result.isError).to.equal(true);
    expect((result.structuredContent as { error: { code: string } }).error.code).to.equal("invalid_response");
    expect(result.structuredContent).to.not.have.property("action");
  });
});

/**
 * Runs `formgate serve` in process, as the CLI does, until it stops, or is stopped once its log satisfies `stopWhen`.
 */
async function runServe(
  args: string[],
  env: Record<string, string>,
  stopWhen?: (log: string) => boolean,
): Promise<{ status: number; stdout: string; stderr: string }> {
  const controller = new AbortController();
  let stdout = "";
  let stderr = "";
  const io = {
    stdout: (text: string) => void (stdout += text),
    stderr: (text: string) => {
      stderr += text;
      if (stopWhen?.(stderr)) controller.abort();
    },
    readInput: () => Promise.reject(new Error("serve reads no file")),
    env,
    signal: controller.signal,
  };
  const status = await main(["serve", ...args], io);
  return { status, stdout, stderr };
}

describe("formgate serve: command line", () => {
  it("parses stdio, --http, --port, --host, --allowed-hosts, --timeout and the log level", () => {
    expect(parseServeArgs([])).to.deep.equal({ flags: { transport: "stdio" }, logLevel: "info" });
    expect(parseServeArgs(["--timeout", "5000", "--quiet"])).to.deep.equal({
      flags: { transport: "stdio", timeout: "5000" },
      logLevel: "error",
    });
    expect(parseServeArgs(["--http"]).flags).to.deep.equal({
      transport: "http",
      port: 7801,
      host: "127.0.0.1",
      allowedHosts: [],
    });
    expect(parseServeArgs(["--http", "--port", "0", "--host", "::1"]).flags).to.deep.equal({
      transport: "http",
      port: 0,
      host: "::1",
      allowedHosts: [],
    });
    expect(parseServeArgs(["--port=9000", "--http", "--host=localhost", "--log-level=warn"])).to.deep.equal({
      flags: { transport: "http", port: 9000, host: "localhost", allowedHosts: [] },
      logLevel: "warn",
    });
    expect(
      parseServeArgs([
        "--http",
        "--host",
        "0.0.0.0",
        "--allowed-hosts",
        "forms.example.com, 10.0.0.5:7801",
        "--allowed-hosts=[fd00::1]",
      ]).flags,
    ).to.deep.equal({
      transport: "http",
      port: 7801,
      host: "0.0.0.0",
      allowedHosts: ["forms.example.com", "10.0.0.5:7801", "[fd00::1]"],
    });
    expect(parseServeArgs(["--help"]).flags).to.equal("help");
  });

  it("parses --no-fallback (both transports) and --max-sessions (HTTP)", () => {
    expect(parseServeArgs(["--no-fallback"]).flags).to.deep.equal({ transport: "stdio", noFallback: true });
    expect(parseServeArgs(["--http", "--no-fallback", "--max-sessions", "50"]).flags).to.deep.equal({
      transport: "http",
      port: 7801,
      host: "127.0.0.1",
      allowedHosts: [],
      noFallback: true,
      maxSessions: 50,
    });
    expect(parseServeArgs(["--http", "--max-sessions=1"]).flags).to.deep.equal({
      transport: "http",
      port: 7801,
      host: "127.0.0.1",
      allowedHosts: [],
      maxSessions: 1,
    });
  });

  const usageErrors: [string[], string][] = [
    [["--port", "9000"], "--port, --host and --allowed-hosts only apply with --http"],
    [["--allowed-hosts", "a.example"], "--port, --host and --allowed-hosts only apply with --http"],
    [["--http", "--port"], "--port needs a value"],
    [["--http", "--port", "--host", "x"], "--port needs a value"],
    [["--http", "--port", "65536"], '--port must be a whole number from 0 to 65535, got "65536"'],
    [["--http", "--port", "80a"], '--port must be a whole number from 0 to 65535, got "80a"'],
    [
      ["--http", "--allowed-hosts", "evil.example/path"],
      '--allowed-hosts: "evil.example/path" is not a host name, IP address or [IPv6] address, with an optional :port',
    ],
    [["--verbose"], "unknown option --verbose"],
    [["--http=yes"], "--http takes no value"],
    [["--json"], "unknown option --json"],
    [["stdio"], 'serve takes no FILE, got "stdio"'],
    [["--quiet", "--log-level", "info"], "--quiet and --log-level cannot be combined (--quiet is --log-level error)"],
    [["--log-level", "loud"], '--log-level must be one of silent, error, warn, info, got "loud"'],
    [["--max-sessions", "5"], "--max-sessions only applies with --http"],
    [["--http", "--max-sessions", "0"], '--max-sessions must be a whole number of at least 1, got "0"'],
    [["--http", "--max-sessions", "many"], '--max-sessions must be a whole number of at least 1, got "many"'],
    [["--no-fallback=1"], "--no-fallback takes no value"],
  ];
  for (const [args, error] of usageErrors) {
    it(`refuses ${args.join(" ")} with exit status 2`, async () => {
      expect(() => parseServeArgs(args)).to.throw(error);
      const run = await runServe(args, {});
      expect(run.status).to.equal(2);
      expect(run.stdout).to.equal("");
      expect(run.stderr).to.include(`formgate serve: ${error}\n`).and.include("Usage: formgate serve");
    });
  }

  it(
    "refuses an invalid DATA_FORMS_TIMEOUT_MS or --timeout at start with exit status 2, naming what was " + "set",
    async () => {
      const fromEnv = await runServe(["--http", "--port", "0"], { DATA_FORMS_TIMEOUT_MS: "15m" });
      expect(fromEnv.status).to.equal(2);
      expect(fromEnv.stderr).to.equal(
        "formgate serve: DATA_FORMS_TIMEOUT_MS must be a whole number of milliseconds from 1 to 1,500,000 (15 " +
          'minutes when unset), got "15m"\n',
      );
      const fromFlag = await runServe(["--timeout", "0"], { DATA_FORMS_TIMEOUT_MS: "5000" });
      expect(fromFlag.status).to.equal(2);
      expect(fromFlag.stderr).to.equal(
        "formgate serve: --timeout must be a whole number of milliseconds from 1 to 1,500,000 (15 minutes when " +
          'unset), got "0"\n',
      );
    },
  );

  it(
    "FORMGATE_REQUEST_TIMEOUT_MS=15000 alone starts (the header timeout follows it); a header timeout set " +
      "longer is exit status 2 naming it",
    async () => {
      const alone = await runServe(["--http", "--port", "0"], { FORMGATE_REQUEST_TIMEOUT_MS: "15000" }, (log) =>
        log.includes("listening"),
      );
      expect(alone.status, alone.stderr).to.equal(0);
      expect(alone.stderr).to.not.include("headersTimeout");
      const longer = await runServe(["--http", "--port", "0", "--headers-timeout-ms", "20000"], {
        FORMGATE_REQUEST_TIMEOUT_MS: "15000",
      });
      expect(longer.status).to.equal(2);
      expect(longer.stderr).to.equal(
        "formgate serve: --headers-timeout-ms must be at most FORMGATE_REQUEST_TIMEOUT_MS (15000), the time for " +
          "the whole request, got 20000\n",
      );
    },
  );

  it("takes --timeout over DATA_FORMS_TIMEOUT_MS, and says so when it listens", async () => {
    const run = await runServe(
      ["--http", "--port", "0", "--timeout", "1234"],
      { DATA_FORMS_TIMEOUT_MS: "5000" },
      (log) => log.includes("listening"),
    );
    expect(run.status).to.equal(0);
    expect(run.stderr).to.match(/listening on http:\/\/127\.0\.0\.1:\d+\/mcp \(form timeout 1234 ms, /);
  });

  it("exits 1 when the port is taken, and 0 after a normal stop; --quiet keeps only the error", async () => {
    const taken = await serveHttp({ port: 0 });
    try {
      const run = await runServe(["--http", "--port", String(taken.address.port)], {});
      expect(run.status).to.equal(1);
      expect(run.stderr).to.match(/could not start: .*EADDRINUSE/);
      const quiet = await runServe(["--http", "--port", String(taken.address.port), "-q"], {});
      expect(quiet.status).to.equal(1);
      expect(quiet.stderr).to.match(/^formgate: could not start: .*EADDRINUSE.*\n$/);
      const silent = await runServe(["--http", "--port", String(taken.address.port), "--log-level", "silent"], {});
      expect(silent.status).to.equal(1);
      expect(silent.stderr).to.equal("");
    } finally {
      await taken.close();
    }
    const stopped = await runServe(["--http", "--port", "0"], {}, (log) =>
      log.includes("listening on http://127.0.0.1:"),
    );
    expect(stopped.status).to.equal(0);
    expect(stopped.stderr).to.include("stopped");
  });

  it(`stops a child process at start on a bad DATA_FORMS_TIMEOUT_MS (${serveCommand().label})`, async () => {
    const { command, args } = serveCommand();
    const child = spawn(command, args, {
      env: { ...process.env, DATA_FORMS_TIMEOUT_MS: "0" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const status = await new Promise<number | null>((resolve) => child.once("close", resolve));
    expect(status).to.equal(2);
    expect(stdout, "nothing but MCP on standard output").to.equal("");
    expect(stderr).to.include(
      "DATA_FORMS_TIMEOUT_MS must be a whole number of milliseconds from 1 to 1,500,000 (15 minutes when unset), " +
        'got "0"',
    );
  });
});

describe(`formgate serve over stdio: what a malformed line leaves in the log (${serveCommand().label})`, () => {
  it(
    "a line that is not JSON is skipped; JSON that is not JSON-RPC is one short line; an answer to nothing is " +
      "logged by id, never its content",
    async () => {
      const { command, args } = serveCommand();
      const child = spawn(command, args, { env: serverEnv(undefined), stdio: ["pipe", "pipe", "pipe"] });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdin.write(
        `${JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
        })}\n`,
      );
      child.stdin.write(
        '{not json\n{"secret answer": 1}\n{"jsonrpc":"2.0","id":99,"result":{"action":"accept","content":{"q":"my ' +
          'secret"}}}\n',
      );
      const closed = new Promise((resolve) => child.once("close", resolve));
      try {
        // A child's start on a loaded machine can take seconds.
        await eventually(() => stderr.includes("(id 99)"), "the last line to be read", 15_000);
      } catch (error) {
        // Not left running: mocha would wait for it after the failure.
        child.kill();
        throw new Error(`${(error as Error).message}; standard error:\n${stderr}`);
      }
      child.stdin.end();
      await closed;
      const errors = stderr.split("\n").filter((line) => line.startsWith("formgate: mcp error:"));
      expect(errors).to.deep.equal([
        "formgate: mcp error: ignored a message that is not JSON-RPC 2.0",
        "formgate: mcp error: ignored a response for no pending request (id 99)",
      ]);
      expect(stderr).to.not.include("secret");
    },
  );
});

/** A raw HTTP request to the loopback server, with headers a browser or an attacker might send. */
function rawPost(
  url: URL,
  headers: Record<string, string>,
  path = url.pathname,
): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
  });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: url.port,
        path,
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("formgate serve --http: the endpoint", () => {
  let child: Awaited<ReturnType<typeof startHttpChild>>;
  before(async () => {
    child = await startHttpChild();
  });
  after(async () => {
    await child.stop();
  });

  it("logs to standard error only, with the URL it listens on", () => {
    expect(child.log()).to.match(
      new RegExp(
        "^formgate: listening on http://127\\.0\\.0\\.1:\\d+/mcp \\(form timeout 900000 ms, keep-alive 15000 ms, " +
          "standard forms on; 2025-era sessions at most 1000, idle expiry 1800000 ms\\)$",
        "m",
      ),
    );
  });

  it("opens a session for initialize on /mcp", async () => {
    const response = await rawPost(child.url, { host: `127.0.0.1:${child.url.port}` });
    expect(response.status).to.equal(200);
    expect(response.body).to.include('"serverInfo":{"name":"formgate"');
  });

  it(
    "accepts the names given as allowedHosts (--allowed-hosts), bare and at the bound port, besides this " +
      "machine's",
    async () => {
      const server = await serveHttp({ port: 0, allowedHosts: ["forms.example.com", "10.0.0.5:9999"] });
      try {
        const url = new URL(server.url);
        const status = async (host: string) => (await rawPost(url, { host })).status;
        expect(await status("forms.example.com")).to.equal(200);
        expect(await status(`forms.example.com:${url.port}`)).to.equal(200);
        expect(await status("10.0.0.5:9999")).to.equal(200);
        expect(await status(`localhost:${url.port}`)).to.equal(200);
        expect(await status(`10.0.0.5:${url.port}`)).to.equal(403);
        expect(await status("evil.example")).to.equal(403);
      } finally {
        await server.close();
      }
    },
  );

  it("refuses another Host header (DNS rebinding)", async () => {
    const response = await rawPost(child.url, { host: `evil.example:${child.url.port}` });
    expect(response.status).to.equal(403);
    expect(response.body).to.include("Invalid Host header");
  });

  it("refuses a browser page from another origin", async () => {
    const response = await rawPost(child.url, { host: `localhost:${child.url.port}`, origin: "https://evil.example" });
    expect(response.status).to.equal(403);
    expect(response.body).to.include("Forbidden origin");
  });

  it("accepts a browser page on this machine", async () => {
    const response = await rawPost(child.url, { host: `localhost:${child.url.port}`, origin: "http://localhost:6274" });
    expect(response.status).to.equal(200);
  });

  it("answers 404 off /mcp and for an unknown session", async () => {
    expect((await rawPost(child.url, {}, "/")).status).to.equal(404);
    expect((await rawPost(child.url, { "mcp-session-id": "no-such-session" })).status).to.equal(404);
  });
});

describe(`formgate serve --http with FORMGATE_ALLOWED_HOSTS (${serveCommand().label})`, () => {
  let child: Awaited<ReturnType<typeof startHttpChild>>;
  before(async () => {
    child = await startHttpChild(undefined, [], { FORMGATE_ALLOWED_HOSTS: "mcp.example.com, mcp.example.com:443" });
  });
  after(async () => {
    await child.stop();
  });

  it("accepts the listed Host names (what a balancer forwards) besides this machine's, and no others", async () => {
    expect((await rawPost(child.url, { host: "mcp.example.com" })).status).to.equal(200);
    expect((await rawPost(child.url, { host: "mcp.example.com:443" })).status).to.equal(200);
    expect(
      (await rawPost(child.url, { host: `127.0.0.1:${child.url.port}` })).status,
      "besides this machine's names",
    ).to.equal(200);
    expect((await rawPost(child.url, { host: "evil.example" })).status).to.equal(403);
  });
});
