import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { expect } from "chai";
import type { CallToolResult, JSONRPCRequest } from "@modelcontextprotocol/sdk/types.js";
import { FORM_TOOL_NAME, formToolDescriptor, parseServeArgs, runServe, serveHttp } from "../../src/server/index.js";
import { connectInMemory, eventually, loadArguments, nativeForms, serveCommand, serverEnv, startHttpChild, type Host } from "./harness.js";

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
        arguments: { message: `Question ${name}`, questions: [{ id: name, type: "text", title: `Question ${name}`, required: true }] },
      }),
    );
    await eventually(() => pending.length === names.length, "every form to reach the client");
    for (const { request, resolve } of [...pending].reverse()) {
      const [id] = Object.keys((request.params as { requestedSchema: { properties: object } }).requestedSchema.properties);
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
    const call = host.client.callTool({ name: FORM_TOOL_NAME, arguments: loadArguments("choices") }, undefined, { signal: controller.signal });
    await eventually(() => signals.length === 2, "the form to reach the client");
    controller.abort("the person moved on");
    await call.catch(() => undefined);
    // The client got notifications/cancelled for the form request (its handler's signal aborted)...
    await eventually(() => signals[1]?.aborted === true, "the form request to be cancelled");
    // ...and the server ended the call as request_cancelled (the SDK sends no result for a cancelled call).
    await eventually(
      () => host.serverLog().includes(`${FORM_TOOL_NAME}: request_cancelled: The tool call was cancelled before the form was submitted; no answers were applied.`),
      "request_cancelled in the server log",
    );
  });

  it("refuses arguments over 1 MiB of JSON as invalid_arguments, without asking the host", async () => {
    const host = await connect(async () => ({ action: "decline" }));
    const options = Array.from({ length: 24 }, (_, i) => ({ id: `o${i}`, title: `Option ${i}`, thumbnail: { src: `data:image/png;base64,${"A".repeat(50_000)}` } }));
    const args = { message: "Pick", questions: [{ id: "pick", type: "single_select", title: "Pick one", required: false, options }] };
    expect(JSON.stringify(args).length).to.be.greaterThan(1_048_576);
    const result = (await host.client.callTool({ name: FORM_TOOL_NAME, arguments: args })) as CallToolResult;
    expect(result.isError).to.equal(true);
    expect((result.structuredContent as { error: { code: string } }).error.code).to.equal("invalid_arguments");
    expect(host.received).to.have.length(0);
  });

  it("does not apply an answer when the client's result is not an object answer", async () => {
    const host = await connect(async () => ({ action: "maybe" }));
    const result = (await host.client.callTool({ name: FORM_TOOL_NAME, arguments: loadArguments("choices") })) as CallToolResult;
    expect(result.isError).to.equal(true);
    expect((result.structuredContent as { error: { code: string } }).error.code).to.equal("invalid_response");
    expect(result.structuredContent).to.not.have.property("action");
  });
});

describe("formgate serve: command line", () => {
  it("parses stdio, --http, --port and --host", () => {
    expect(parseServeArgs([])).to.deep.equal({ transport: "stdio" });
    expect(parseServeArgs(["--http"])).to.deep.equal({ transport: "http", port: 7801, host: "127.0.0.1" });
    expect(parseServeArgs(["--http", "--port", "0", "--host", "::1"])).to.deep.equal({ transport: "http", port: 0, host: "::1" });
    expect(parseServeArgs(["--port=9000", "--http", "--host=localhost"])).to.deep.equal({ transport: "http", port: 9000, host: "localhost" });
    expect(parseServeArgs(["--help"])).to.deep.equal({ transport: "help" });
  });

  it("parses --no-fallback (both transports) and --max-sessions (HTTP)", () => {
    expect(parseServeArgs(["--no-fallback"])).to.deep.equal({ transport: "stdio", noFallback: true });
    expect(parseServeArgs(["--http", "--no-fallback", "--max-sessions", "50"])).to.deep.equal({ transport: "http", port: 7801, host: "127.0.0.1", noFallback: true, maxSessions: 50 });
    expect(parseServeArgs(["--http", "--max-sessions=1"])).to.deep.equal({ transport: "http", port: 7801, host: "127.0.0.1", maxSessions: 1 });
  });

  const usageErrors: [string[], string][] = [
    [["--port", "9000"], "--port and --host only apply with --http"],
    [["--http", "--port"], "--port needs a value"],
    [["--http", "--port", "--host", "x"], "--port needs a value"],
    [["--http", "--port", "65536"], '--port must be a whole number from 0 to 65535, got "65536"'],
    [["--http", "--port", "80a"], '--port must be a whole number from 0 to 65535, got "80a"'],
    [["--verbose"], "unknown argument: --verbose"],
    [["--http=yes"], "unknown argument: --http=yes"],
    [["--max-sessions", "5"], "--max-sessions only applies with --http"],
    [["--http", "--max-sessions", "0"], '--max-sessions must be a whole number of at least 1, got "0"'],
    [["--http", "--max-sessions", "many"], '--max-sessions must be a whole number of at least 1, got "many"'],
    [["--no-fallback=1"], "unknown argument: --no-fallback=1"],
  ];
  for (const [args, error] of usageErrors) {
    it(`refuses ${args.join(" ")} with exit status 2`, async () => {
      expect(parseServeArgs(args)).to.deep.equal({ error });
      let stderr = "";
      const status = await runServe(args, { stderr: (text) => (stderr += text), env: {} });
      expect(status).to.equal(2);
      expect(stderr).to.include(`formgate serve: ${error}`).and.include("Usage: formgate serve");
    });
  }

  it("refuses an invalid DATA_FORMS_TIMEOUT_MS at start with exit status 2 and a clear message", async () => {
    let stderr = "";
    const status = await runServe(["--http", "--port", "0"], { stderr: (text) => (stderr += text), env: { DATA_FORMS_TIMEOUT_MS: "15m" } });
    expect(status).to.equal(2);
    expect(stderr).to.equal(
      'formgate serve: DATA_FORMS_TIMEOUT_MS must be a whole number of milliseconds from 1 to 1,500,000 (15 minutes when unset), got "15m"\n',
    );
  });

  it("exits 1 when the port is taken, and 0 after a normal stop", async () => {
    const taken = await serveHttp({ port: 0 });
    try {
      let stderr = "";
      const status = await runServe(["--http", "--port", String(taken.address.port)], { stderr: (text) => (stderr += text), env: {} });
      expect(status).to.equal(1);
      expect(stderr).to.match(/could not start: .*EADDRINUSE/);
    } finally {
      await taken.close();
    }
    const controller = new AbortController();
    let stderr = "";
    const running = runServe(["--http", "--port", "0"], { stderr: (text) => (stderr += text), env: {}, signal: controller.signal });
    await eventually(() => stderr.includes("listening on http://127.0.0.1:"), "the server to listen");
    controller.abort();
    expect(await running).to.equal(0);
    expect(stderr).to.include("stopped");
  });

  it(`stops a child process at start on a bad DATA_FORMS_TIMEOUT_MS (${serveCommand().label})`, async () => {
    const { command, args } = serveCommand();
    const child = spawn(command, args, { env: { ...process.env, DATA_FORMS_TIMEOUT_MS: "0" }, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const status = await new Promise<number | null>((resolve) => child.once("close", resolve));
    expect(status).to.equal(2);
    expect(stdout, "nothing but MCP on standard output").to.equal("");
    expect(stderr).to.include('DATA_FORMS_TIMEOUT_MS must be a whole number of milliseconds from 1 to 1,500,000 (15 minutes when unset), got "0"');
  });
});

describe(`formgate serve over stdio: what a malformed line leaves in the log (${serveCommand().label})`, () => {
  it("a line that is not JSON is skipped; JSON that is not JSON-RPC is one short line; an answer to nothing is logged by id, never its content", async () => {
    const { command, args } = serveCommand();
    const child = spawn(command, args, { env: serverEnv(undefined), stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}\n');
    child.stdin.write('{not json\n{"secret answer": 1}\n{"jsonrpc":"2.0","id":99,"result":{"action":"accept","content":{"q":"my secret"}}}\n');
    await eventually(() => stderr.includes("(id 99)"), `the last line to be read:\n${stderr}`);
    child.stdin.end();
    await new Promise((resolve) => child.once("close", resolve));
    const errors = stderr.split("\n").filter((line) => line.startsWith("formgate: mcp error:"));
    expect(errors).to.deep.equal(["formgate: mcp error: ignored a message that is not JSON-RPC 2.0", "formgate: mcp error: ignored a response for no pending request (id 99)"]);
    expect(stderr).to.not.include("secret");
  });
});

/** A raw HTTP request to the loopback server, with headers a browser or an attacker might send. */
function rawPost(url: URL, headers: Record<string, string>, path = url.pathname): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: url.port, path, method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers } },
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

describe("formgate serve --http: the endpoint", function () {
  let child: Awaited<ReturnType<typeof startHttpChild>>;
  before(async () => {
    child = await startHttpChild();
  });
  after(async () => {
    await child.stop();
  });

  it("logs to standard error only, with the URL it listens on", () => {
    expect(child.log()).to.match(
      /^formgate: listening on http:\/\/127\.0\.0\.1:\d+\/mcp \(form timeout 900000 ms, keep-alive 15000 ms, standard forms on; 2025-era sessions at most 1000, idle expiry 1800000 ms\)$/m,
    );
  });

  it("opens a session for initialize on /mcp", async () => {
    const response = await rawPost(child.url, { host: `127.0.0.1:${child.url.port}` });
    expect(response.status).to.equal(200);
    expect(response.body).to.include('"serverInfo":{"name":"formgate"');
  });

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

describe(`formgate serve --http with FORMGATE_ALLOWED_HOSTS (${serveCommand().label})`, function () {
  let child: Awaited<ReturnType<typeof startHttpChild>>;
  before(async () => {
    child = await startHttpChild(undefined, [], { FORMGATE_ALLOWED_HOSTS: "mcp.example.com, mcp.example.com:443" });
  });
  after(async () => {
    await child.stop();
  });

  it("accepts the listed Host names (what a balancer forwards) and only those", async () => {
    expect((await rawPost(child.url, { host: "mcp.example.com" })).status).to.equal(200);
    expect((await rawPost(child.url, { host: "mcp.example.com:443" })).status).to.equal(200);
    expect((await rawPost(child.url, { host: `127.0.0.1:${child.url.port}` })).status, "the list replaces the loopback default").to.equal(403);
    expect((await rawPost(child.url, { host: "evil.example" })).status).to.equal(403);
  });
});
