import { expect } from "chai";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { dataProtocol } from "../../src/protocols/data/index.js";
import { nativeProtocol } from "../../src/protocols/native/index.js";
import { FORM_TOOL_NAME } from "../../src/server/index.js";
import { connectInMemory, connectStdio, eventually, fixtureAnswer, httpConnector, loadFixtures, serveCommand, type Connect, type Fixture, type Host } from "./harness.js";

/** What the native protocol compiles the same arguments to: what the client must have received. */
function compiledRequest(args: unknown): unknown {
  const form = dataProtocol.readForm(args);
  if (!form.ok) throw new Error(`fixture arguments are invalid: ${form.error.message}`);
  const request = nativeProtocol.writeForm(form.value);
  if (!request.ok) throw new Error(`fixture form does not compile: ${request.error.message}`);
  return request.value;
}

function byJson(paths: (string | number)[][]): string[] {
  return paths.map((path) => JSON.stringify(path)).sort();
}

async function runFixture(connect: Connect, fixture: Fixture, hosts: Host[]): Promise<void> {
  const host = await connect({ capabilities: fixture.capabilities, answer: fixtureAnswer(fixture.client), timeoutMs: fixture.timeoutMs });
  hosts.push(host);
  const call = { name: FORM_TOOL_NAME, arguments: fixture.arguments as Record<string, unknown> };
  const expectsRequest = !["invalid_arguments", "unsupported_client"].includes(
    fixture.expected.code ?? ((fixture.expected.result as { error?: { code: string } }).error?.code as string),
  );

  if (fixture.client === "close") {
    // The result cannot reach a client that left; the server's log says what it became.
    void host.client.callTool(call).catch(() => undefined);
    const { code, message } = (fixture.expected.result as { error: { code: string; message: string } }).error;
    await eventually(() => host.serverLog().includes(`${FORM_TOOL_NAME}: ${code}: ${message}`), `"${code}" in the server log:\n${host.serverLog()}`);
  } else {
    const result = (await host.client.callTool(call)) as CallToolResult;
    expect(result.isError ?? false, "isError").to.equal(fixture.expected.isError);
    expect(result.content).to.have.length(1);
    const [text] = result.content;
    expect(text?.type).to.equal("text");
    expect(JSON.parse((text as { text: string }).text), "content[0].text is the structured result").to.deep.equal(result.structuredContent);
    if (fixture.expected.result !== undefined) expect(result.structuredContent).to.deep.equal(fixture.expected.result);
    if (fixture.expected.code !== undefined) {
      const error = (result.structuredContent as { error: { code: string; message: string; issues: { path: (string | number)[] }[] } }).error;
      expect(error.code).to.equal(fixture.expected.code);
      expect(error.message).to.be.a("string").and.not.equal("");
      expect(byJson(error.issues.map((issue) => issue.path))).to.deep.equal(byJson(fixture.expected.issuePaths ?? []));
    }
  }

  if (!expectsRequest) {
    expect(host.received, "no openai/elicitation/create was sent").to.have.length(0);
    return;
  }
  expect(host.received).to.have.length(1);
  const [request] = host.received;
  expect(request?.method).to.equal("openai/elicitation/create");
  expect(request?.params).to.deep.equal(compiledRequest(fixture.arguments));
}

const fixtures = loadFixtures();

function describeTransport(name: string, connect: () => Connect, after?: () => Promise<void>): void {
  describe(`server fixtures over ${name}`, function () {
    const hosts: Host[] = [];
    afterEach(async () => {
      await Promise.all(hosts.splice(0).map((host) => host.client.close().catch(() => undefined)));
    });
    if (after !== undefined) this.afterAll(after);
    for (const fixture of fixtures) {
      it(`${fixture.file}: ${fixture.title}`, () => runFixture(connect(), fixture, hosts));
    }
  });
}

describeTransport("InMemoryTransport", () => connectInMemory);
describeTransport(`stdio (${serveCommand().label})`, () => connectStdio);
const http = httpConnector();
describeTransport(`Streamable HTTP on 127.0.0.1 (${serveCommand().label})`, () => http.connect, () => http.stopAll());
