import { expect } from "chai";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { dataProtocol } from "../../src/protocols/data/index.js";
import { nativeProtocol } from "../../src/protocols/native/index.js";
import { FORM_TOOL_NAME } from "../../src/server/index.js";
import { nativePath } from "../../src/server/form-paths.js";
import { mcpProtocol } from "../../src/protocols/mcp/index.js";
import { supportsNativeForms } from "../../src/server/client-capability.js";
import {
  connectInMemory,
  connectStdio,
  eventually,
  fixtureAnswer,
  httpConnector,
  loadFixtures,
  serveCommand,
  standardForms,
  startHttpChild,
  type Connect,
  type Fixture,
  type Host,
  type HttpChild,
} from "./harness.js";
import {
  connectModernHttp,
  connectModernInMemory,
  connectModernStdio,
  modernFixtureAnswer,
  modernNativeForms,
  type ConnectModern,
  type ModernHost,
  type ModernHostOptions,
} from "./modern-peer.js";

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

function expectsRequest(fixture: Fixture): boolean {
  return !["invalid_arguments", "unsupported_client"].includes(
    fixture.expected.code ?? ((fixture.expected.result as { error?: { code: string } }).error?.code as string),
  );
}

function checkResult(result: CallToolResult, fixture: Fixture): void {
  expect(result.isError ?? false, "isError").to.equal(fixture.expected.isError);
  expect(result.content).to.have.length(1);
  const [text] = result.content;
  expect(text?.type).to.equal("text");
  expect(JSON.parse((text as { text: string }).text), "content[0].text is the structured result").to.deep.equal(
    result.structuredContent,
  );
  if (fixture.expected.result !== undefined) expect(result.structuredContent).to.deep.equal(fixture.expected.result);
  if (fixture.expected.code !== undefined) {
    const error = (
      result.structuredContent as { error: { code: string; message: string; issues: { path: (string | number)[] }[] } }
    ).error;
    expect(error.code).to.equal(fixture.expected.code);
    expect(error.message).to.be.a("string").and.not.equal("");
    expect(byJson(error.issues.map((issue) => issue.path))).to.deep.equal(byJson(fixture.expected.issuePaths ?? []));
  }
}

/**
 * Which form a peer is shown. The standard peer replaces native-form capabilities with
 * `elicitation.form` only, and expects the `mcp` protocol's form, or, for a form that
 * protocol cannot carry (a files question), `unsupported_client` naming the question.
 */
interface Peer {
  name: string;
  capabilities(fixture: Fixture): Fixture["capabilities"];
  method: string;
  /** What the client must have received: the params of the form request, or undefined when none may be sent. */
  params(args: unknown): Record<string, unknown> | undefined;
  expected(fixture: Fixture): Fixture;
}

const advertisesNative = (fixture: Fixture) =>
  supportsNativeForms(fixture.capabilities as Parameters<typeof supportsNativeForms>[0]);

const nativePeer: Peer = {
  name: "with the OpenAI extension",
  capabilities: (fixture) => fixture.capabilities,
  method: "openai/elicitation/create",
  params: (args) => compiledRequest(args) as Record<string, unknown>,
  expected: (fixture) => fixture,
};

const standardPeer: Peer = {
  name: "with standard elicitation only",
  capabilities: (fixture) => (advertisesNative(fixture) ? standardForms : fixture.capabilities),
  method: "elicitation/create",
  params: (args) => standardRequest(args),
  expected(fixture) {
    const uncarried = uncarriedQuestions(fixture.arguments);
    const paths = fixture.expected.standardIssuePaths;
    if (!advertisesNative(fixture) || uncarried.length === 0)
      return paths === undefined ? fixture : { ...fixture, expected: { ...fixture.expected, issuePaths: paths } };
    return {
      ...fixture,
      expected: {
        isError: true,
        code: "unsupported_client",
        issuePaths: uncarried.map((index) => ["questions", index]),
      },
    };
  },
};

/** What the mcp protocol writes for the arguments (valid arguments it can carry). */
function standardRequest(args: unknown): Record<string, unknown> | undefined {
  const form = dataProtocol.readForm(args);
  if (!form.ok) return undefined;
  const request = mcpProtocol.writeForm(form.value);
  return request.ok ? (request.value as unknown as Record<string, unknown>) : undefined;
}

/** The indexes of the questions the mcp protocol cannot carry, for valid arguments. */
function uncarriedQuestions(args: unknown): number[] {
  const form = dataProtocol.readForm(args);
  if (!form.ok) return [];
  const request = mcpProtocol.writeForm(form.value);
  return request.ok ? [] : request.error.issues.map((issue) => issue.path[1] as number);
}

async function runFixture(connect: Connect, original: Fixture, hosts: Host[], peer: Peer): Promise<void> {
  const fixture = peer.expected(original);
  const host = await connect({
    capabilities: peer.capabilities(original),
    method: peer.method,
    answer: fixtureAnswer(fixture.client),
    timeoutMs: fixture.timeoutMs,
  });
  hosts.push(host);
  const call = { name: FORM_TOOL_NAME, arguments: fixture.arguments as Record<string, unknown> };

  if (fixture.client === "close" && expectsRequest(fixture)) {
    // The result cannot reach a client that left; the server's log says what it became.
    void host.client.callTool(call).catch(() => undefined);
    const { code, message } = (fixture.expected.result as { error: { code: string; message: string } }).error;
    await eventually(
      () => host.serverLog().includes(`${FORM_TOOL_NAME}: ${code}: ${message}`),
      `"${code}" in the server log:\n${host.serverLog()}`,
    );
  } else {
    checkResult((await host.client.callTool(call)) as CallToolResult, fixture);
  }

  if (!expectsRequest(fixture)) {
    expect(host.received, "no form request was sent").to.have.length(0);
    return;
  }
  expect(host.received).to.have.length(1);
  const [request] = host.received;
  expect(request?.method).to.equal(peer.method);
  expect(request?.params).to.deep.equal(peer.params(fixture.arguments));
}

/** The same case through the 2026-07-28 peer: one input request, answered by the client and retried by it. */
async function runModernFixture(
  connect: ConnectModern,
  original: Fixture,
  hosts: ModernHost[],
  peer: Peer,
): Promise<void> {
  const fixture = peer.expected(original);
  const answer = modernFixtureAnswer(fixture.client, fixture.timeoutMs);
  if (answer === undefined) throw new Error("no modern equivalent");
  // On 2026-07-28 native forms need elicitation.form too (the input request is an elicitation/create).
  const capabilities =
    peer === nativePeer && advertisesNative(fixture)
      ? { ...fixture.capabilities, ...modernNativeForms }
      : peer.capabilities(original);
  const host = await connect(
    { capabilities: capabilities as ModernHostOptions["capabilities"], answer },
    { timeoutMs: fixture.timeoutMs },
  );
  hosts.push(host);
  const result = (await host.client.callTool({
    name: FORM_TOOL_NAME,
    arguments: fixture.arguments as Record<string, unknown>,
  })) as CallToolResult;
  checkResult(result, fixture);
  if (!expectsRequest(fixture)) {
    expect(host.received, "no input request was made").to.have.length(0);
    return;
  }
  expect(host.received).to.have.length(1);
  expect(host.received[0]?.method).to.equal("elicitation/create");
  const params = peer.params(fixture.arguments) as Record<string, unknown>;
  expect(host.received[0]?.params).to.deep.equal(peer === nativePeer ? nativePath.inputRequestParams(params) : params);
}

const fixtures = loadFixtures();

function describeTransport(
  name: string,
  connect: () => Connect,
  after?: () => Promise<void>,
  peer: Peer = nativePeer,
): void {
  describe(`server fixtures, 2025-era peer (SDK 1.x Client) ${peer.name}, over ${name}`, function () {
    const hosts: Host[] = [];
    afterEach(async () => {
      await Promise.all(hosts.splice(0).map((host) => host.client.close().catch(() => undefined)));
    });
    if (after !== undefined) this.afterAll(after);
    for (const fixture of fixtures) {
      it(`${fixture.file}: ${fixture.title}`, () => runFixture(connect(), fixture, hosts, peer));
    }
  });
}

describeTransport("InMemoryTransport", () => connectInMemory);
describeTransport(`stdio (${serveCommand().label})`, () => connectStdio);
const http = httpConnector();
describeTransport(
  `Streamable HTTP on 127.0.0.1 (${serveCommand().label})`,
  () => http.connect,
  () => http.stopAll(),
);
describeTransport("InMemoryTransport", () => connectInMemory, undefined, standardPeer);
describeTransport(`stdio (${serveCommand().label})`, () => connectStdio, undefined, standardPeer);
const standardHttp = httpConnector();
describeTransport(
  `Streamable HTTP on 127.0.0.1 (${serveCommand().label})`,
  () => standardHttp.connect,
  () => standardHttp.stopAll(),
  standardPeer,
);

function describeModern(
  name: string,
  connect: () => ConnectModern,
  after?: () => Promise<void>,
  peer: Peer = nativePeer,
): void {
  describe(`server fixtures, 2026-07-28 peer (SDK v2 Client) ${peer.name}, over ${name}`, function () {
    const hosts: ModernHost[] = [];
    afterEach(async () => {
      await Promise.all(hosts.splice(0).map((host) => host.close().catch(() => undefined)));
    });
    if (after !== undefined) this.afterAll(after);
    for (const fixture of fixtures) {
      // A JSON-RPC error or a closed connection mid-form has no 2026-07-28 equivalent: no request is pending between
      // rounds.
      if (modernFixtureAnswer(fixture.client, fixture.timeoutMs) === undefined) continue;
      it(`${fixture.file}: ${fixture.title}`, () => runModernFixture(connect(), fixture, hosts, peer));
    }
  });
}

describeModern("InMemoryTransport", () => connectModernInMemory);
describeModern("InMemoryTransport", () => connectModernInMemory, undefined, standardPeer);
describeModern(`stdio (${serveCommand().label})`, () => connectModernStdio);
const modernHttpChildren = new Map<string, Promise<HttpChild>>();
const connectModernToChild: ConnectModern = async (options, server = {}) => {
  const key = String(server.timeoutMs);
  if (!modernHttpChildren.has(key)) modernHttpChildren.set(key, startHttpChild(server.timeoutMs));
  const child = await (modernHttpChildren.get(key) as Promise<HttpChild>);
  return connectModernHttp(child.url, options, child.log);
};
describeModern(`stdio (${serveCommand().label})`, () => connectModernStdio, undefined, standardPeer);
describeModern(`Streamable HTTP on 127.0.0.1 (${serveCommand().label})`, () => connectModernToChild);
describeModern(
  `Streamable HTTP on 127.0.0.1 (${serveCommand().label})`,
  () => connectModernToChild,
  async () => {
    await Promise.all([...modernHttpChildren.values()].map(async (child) => (await child).stop()));
  },
  standardPeer,
);
