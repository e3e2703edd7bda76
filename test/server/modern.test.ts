import { randomBytes } from "node:crypto";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "chai";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { FORM_TOOL_NAME } from "../../src/server/index.js";
import { eventually, loadArguments, startHttpChild, type HttpChild } from "./harness.js";
import {
  connectModernHttp,
  connectModernInMemory,
  modernNativeForms,
  type ModernHost,
  type ServerSetup,
} from "./modern-peer.js";

/** The first round's `input_required` answer, as a host in manual mode sees it. */
interface InputRequired {
  resultType: "input_required";
  inputRequests: Record<string, { method: string; params: Record<string, unknown> }>;
  requestState: string;
}

const args = loadArguments("choices");
const answer = { action: "accept", content: { audience: ["vc"] } };

/** A host in manual mode: it makes each round itself, so a test can alter what it sends back. */
async function manualHost(server: ServerSetup = {}): Promise<ModernHost> {
  return connectModernInMemory({ capabilities: modernNativeForms, answer: async () => answer, manual: true }, server);
}

async function firstRound(host: ModernHost, callArgs: Record<string, unknown> = args): Promise<InputRequired> {
  const result = (await host.client.callTool({ name: FORM_TOOL_NAME, arguments: callArgs }, {
    allowInputRequired: true,
  } as never)) as unknown as InputRequired;
  expect(result.resultType).to.equal("input_required");
  return result;
}

async function retry(
  host: ModernHost,
  requestState: string | undefined,
  options: { args?: Record<string, unknown>; responses?: Record<string, unknown> } = {},
): Promise<CallToolResult> {
  const params: Record<string, unknown> = {
    name: FORM_TOOL_NAME,
    arguments: options.args ?? args,
    inputResponses: options.responses ?? { form: answer },
  };
  if (requestState !== undefined) params.requestState = requestState;
  return (await host.client.callTool(params as never, { allowInputRequired: true } as never)) as CallToolResult;
}

function errorOf(result: CallToolResult): {
  code: string;
  message: string;
  issues?: { path: (string | number)[]; message: string }[];
} {
  expect(result.isError, "isError").to.equal(true);
  return (result.structuredContent as { error: ReturnType<typeof errorOf> }).error;
}

/** A key in the form FORMGATE_STATE_KEY takes. */
const newKey = () => randomBytes(32).toString("hex");
const keyBytes = (hex: string) => new Uint8Array(Buffer.from(hex, "hex"));

describe("server, 2026-07-28: multi round-trip requests and their state", () => {
  const hosts: ModernHost[] = [];
  afterEach(async () => {
    await Promise.all(hosts.splice(0).map((host) => host.close().catch(() => undefined)));
  });
  const track = (host: ModernHost) => (hosts.push(host), host);

  it("answers server/discover with 2026-07-28 and the tools capability", async () => {
    const host = track(await manualHost());
    const discover = (await host.client.request({ method: "server/discover" } as never)) as {
      supportedVersions: string[];
      capabilities: { tools?: object };
    };
    expect(discover.supportedVersions).to.include("2026-07-28");
    expect(discover.capabilities.tools).to.be.an("object");
  });

  it(
    "answers the first round with the form as an input request and a signed state; the retry with the state " +
      "completes the call",
    async () => {
      const host = track(await manualHost());
      const first = await firstRound(host);
      expect(Object.keys(first.inputRequests)).to.deep.equal(["form"]);
      expect(first.inputRequests.form?.method).to.equal("elicitation/create");
      expect(first.requestState).to.match(/^v1\./);
      const result = await retry(host, first.requestState);
      expect(result.isError ?? false).to.equal(false);
      expect(result.structuredContent).to.deep.equal({ action: "accept", content: { audience: ["vc"] } });
    },
  );

  it("a tampered requestState is an invalid_response result naming requestState, not a JSON-RPC error", async () => {
    const host = track(await manualHost());
    const { requestState } = await firstRound(host);
    const [prefix, body, mac] = requestState.split(".") as [string, string, string];
    // The client can read the payload (signed, not encrypted); rewriting it breaks the signature.
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as { p: { deadline: number } };
    payload.p.deadline += 3_600_000;
    const forged = `${prefix}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${mac}`;
    for (const state of [forged, `${requestState}x`, "v1.garbage", "not a state"]) {
      const error = errorOf(await retry(host, state));
      expect(error.code, state.slice(0, 20)).to.equal("invalid_response");
      expect(error.issues?.map((issue) => issue.path)).to.deep.equal([["requestState"]]);
    }
  });

  it("a requestState from another server (another key) is invalid_response saying the key is not held", async () => {
    const other = track(await manualHost({ options: { stateKeys: { current: keyBytes(newKey()), previous: [] } } }));
    const host = track(await manualHost({ options: { stateKeys: { current: keyBytes(newKey()), previous: [] } } }));
    const { requestState } = await firstRound(other);
    const error = errorOf(await retry(host, requestState));
    expect(error.code).to.equal("invalid_response");
    expect(error.issues?.[0]?.message).to.include("not signed by a key this server holds");
  });

  it("an expired requestState is a timeout: its lifetime is the form timeout", async () => {
    const host = track(await manualHost({ options: { timeoutMs: 50 } }));
    const { requestState } = await firstRound(host);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(errorOf(await retry(host, requestState)).code).to.equal("timeout");
  });

  it("a retry with other arguments is invalid_response: the state is bound to a digest of the arguments", async () => {
    const host = track(await manualHost());
    const { requestState } = await firstRound(host);
    const error = errorOf(await retry(host, requestState, { args: { ...args, message: "Another form" } }));
    expect(error.code).to.equal("invalid_response");
    expect(error.issues?.[0]?.message).to.include("other arguments");
    // The same arguments with their keys in another order are the same arguments.
    const reordered = Object.fromEntries(Object.entries(args).reverse());
    expect((await retry(host, requestState, { args: reordered })).isError ?? false).to.equal(false);
  });

  it("answers without a state, and a state without an answer, are invalid_response", async () => {
    const host = track(await manualHost());
    expect(errorOf(await retry(host, undefined)).issues?.[0]?.path).to.deep.equal(["requestState"]);
    const { requestState } = await firstRound(host);
    expect(errorOf(await retry(host, requestState, { responses: {} })).issues?.[0]?.path).to.deep.equal([
      "inputResponses",
      "form",
    ]);
    // An answer wrapped as { method, result } is set aside by the SDK; the issue says why.
    const wrapped = errorOf(
      await retry(host, requestState, { responses: { form: { method: "elicitation/create", result: answer } } }),
    );
    expect(wrapped.code).to.equal("invalid_response");
    expect(wrapped.issues?.[0]?.message).to.include("not wrapped");
  });

  it("checks the answer against the form: an unknown option is invalid_response and nothing is applied", async () => {
    const host = track(await manualHost());
    const { requestState } = await firstRound(host);
    expect(
      errorOf(
        await retry(host, requestState, {
          responses: { form: { action: "accept", content: { audience: ["nobody"] } } },
        }),
      ).code,
    ).to.equal("invalid_response");
  });

  it("invalid arguments are invalid_arguments at once, with no input request", async () => {
    const host = track(await manualHost());
    const result = (await host.client.callTool({ name: FORM_TOOL_NAME, arguments: { message: "" } }, {
      allowInputRequired: true,
    } as never)) as CallToolResult;
    expect(errorOf(result).code).to.equal("invalid_arguments");
  });

  it(
    "a client with the OpenAI extension but without elicitation.form cannot take the input request: " +
      "unsupported_client",
    async () => {
      const host = track(
        await connectModernInMemory({
          capabilities: { extensions: { "openai/elicitation": { form: {} } } } as never,
          answer: async () => answer,
        }),
      );
      expect(
        errorOf((await host.client.callTool({ name: FORM_TOOL_NAME, arguments: args })) as CallToolResult).code,
      ).to.equal("unsupported_client");
    },
  );

  it(
    "rotates keys: a state signed with the previous key verifies; one signed with a key no longer listed does " + "not",
    async () => {
      const [old, current, retired] = [newKey(), newKey(), newKey()];
      const before = track(await manualHost({ options: { stateKeys: { current: keyBytes(old), previous: [] } } }));
      const retiredHost = track(
        await manualHost({ options: { stateKeys: { current: keyBytes(retired), previous: [] } } }),
      );
      const after = track(
        await manualHost({ options: { stateKeys: { current: keyBytes(current), previous: [keyBytes(old)] } } }),
      );
      expect((await retry(after, (await firstRound(before)).requestState)).structuredContent).to.deep.equal(answer);
      expect(errorOf(await retry(after, (await firstRound(retiredHost)).requestState)).code).to.equal(
        "invalid_response",
      );
    },
  );
});

describe("server, 2026-07-28: two instances (formgate serve --http on two loopback ports)", function () {
  this.timeout(60_000);
  const key = newKey();
  let first: HttpChild;
  let second: HttpChild;
  let stranger: HttpChild;
  before(async () => {
    [first, second, stranger] = await Promise.all([
      startHttpChild(undefined, [], { FORMGATE_STATE_KEY: key }),
      startHttpChild(undefined, [], { FORMGATE_STATE_KEY: Buffer.from(key, "hex").toString("base64") }),
      startHttpChild(undefined, [], { FORMGATE_STATE_KEY: newKey() }),
    ]);
  });
  after(async () => {
    await Promise.all([first, second, stranger].map((child) => child?.stop()));
  });

  it("says at start when no key is configured, and not when one is", async () => {
    const keyless = await startHttpChild();
    try {
      const notice = "no FORMGATE_STATE_KEY: 2026-07-28 forms are signed with a random key of this process";
      await eventually(() => keyless.log().includes(notice), `the notice in:\n${keyless.log()}`);
      expect(first.log()).to.not.include("no FORMGATE_STATE_KEY");
    } finally {
      await keyless.stop();
    }
  });

  it(
    "the first round on one instance, the retry on the other, with one key (hex on one, base64 on the other): the " +
      "answers arrive",
    async () => {
      expect(first.url.port).to.not.equal(second.url.port);
      const one = await connectModernHttp(first.url, {
        capabilities: modernNativeForms,
        answer: async () => answer,
        manual: true,
      });
      const two = await connectModernHttp(second.url, {
        capabilities: modernNativeForms,
        answer: async () => answer,
        manual: true,
      });
      try {
        const { requestState } = await firstRound(one);
        const result = await retry(two, requestState);
        expect(result.structuredContent).to.deep.equal(answer);
        expect(first.log()).to.include("form sent as an input request");
        expect(second.log()).to.include(`${FORM_TOOL_NAME}: accept`);
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    },
  );

  it(
    "behind a round-robin balancer, a host that knows nothing of instances completes its calls: rounds land on " +
      "both",
    async () => {
      let turn = 0;
      // The smallest balancer: each request to the next instance, bodies and streams piped through.
      const balancer = createServer((req, res) => {
        const target = [first, second][turn++ % 2] as HttpChild;
        const upstream = request(
          {
            host: target.url.hostname,
            port: target.url.port,
            path: req.url,
            method: req.method,
            headers: { ...req.headers, host: target.url.host },
          },
          (reply) => {
            res.writeHead(reply.statusCode ?? 502, reply.headers);
            reply.pipe(res);
          },
        );
        req.pipe(upstream);
      });
      await new Promise<void>((resolve) => balancer.listen(0, "127.0.0.1", resolve));
      const { port } = balancer.address() as AddressInfo;
      const host = await connectModernHttp(new URL(`http://127.0.0.1:${port}/mcp`), {
        capabilities: modernNativeForms,
        answer: async () => answer,
      });
      try {
        const before = { first: first.log().length, second: second.log().length };
        for (let i = 0; i < 4; i++)
          expect(
            (await host.client.callTool({ name: FORM_TOOL_NAME, arguments: args })).structuredContent,
          ).to.deep.equal(answer);
        const count = (child: HttpChild, from: number, what: string) => child.log().slice(from).split(what).length - 1;
        const rounds = () => ({
          firstRounds: [
            count(first, before.first, "form sent as an input request"),
            count(second, before.second, "form sent as an input request"),
          ],
          retries: [
            count(first, before.first, `${FORM_TOOL_NAME}: accept`),
            count(second, before.second, `${FORM_TOOL_NAME}: accept`),
          ],
        });
        await eventually(() => rounds().retries[0]! + rounds().retries[1]! === 4, "four retries in the logs");
        const { firstRounds, retries } = rounds();
        expect(firstRounds[0]! + firstRounds[1]!).to.equal(4);
        // Strict alternation puts every retry on the instance that did not answer its first round.
        expect([retries[0], retries[1]]).to.deep.equal([firstRounds[1], firstRounds[0]]);
        expect([...firstRounds].sort()).to.deep.equal([0, 4]);
      } finally {
        await host.close();
        balancer.closeAllConnections();
        await new Promise((resolve) => balancer.close(resolve));
      }
    },
  );

  it("an instance with another key answers the retry with invalid_response (the documented error)", async () => {
    const one = await connectModernHttp(first.url, {
      capabilities: modernNativeForms,
      answer: async () => answer,
      manual: true,
    });
    const other = await connectModernHttp(stranger.url, {
      capabilities: modernNativeForms,
      answer: async () => answer,
      manual: true,
    });
    try {
      const error = errorOf(await retry(other, (await firstRound(one)).requestState));
      expect(error.code).to.equal("invalid_response");
      expect(error.issues?.[0]?.message).to.include("FORMGATE_STATE_KEY");
    } finally {
      await Promise.all([one.close(), other.close()]);
    }
  });
});
