import { expect } from "chai";
import { detectProtocol } from "../../src/gateway/translate.js";
import { detectAcp } from "../../src/protocols/acp/index.js";
import { detectAgUi } from "../../src/protocols/ag-ui/index.js";
import { NONE } from "../../src/protocols/protocol.js";
import { gatewayForms } from "../gateway/shared-fixtures.js";
import { loadFixtures } from "../support/fixtures.js";

/**
 * Detection by specificity with the two newest protocols: acp and ag-ui claim nothing of the
 * other protocols' fixtures (the gateway forms, mcp's and native's read fixtures, Data's valid
 * inputs), and those still detect as their own; ACP params with a scope are acp's, not mcp's,
 * whatever else they carry.
 */

const others = [
  ...gatewayForms()
    .filter((form) => form.protocol !== "acp" && form.protocol !== "ag-ui")
    .map((form) => ({ name: `gateway/${form.name}`, input: form.input, owner: form.protocol as string | undefined })),
  ...loadFixtures<{ request: unknown }>("mcp/read").map(({ name, fixture }) => ({
    name: `mcp/${name}`,
    input: fixture.request,
    owner: "mcp",
  })),
  ...loadFixtures<{ request: unknown }>("native/read").map(({ name, fixture }) => ({
    name: `native/${name}`,
    input: fixture.request,
    // Native reads plain standard forms too: some of its fixtures are mcp's.
    owner: undefined,
  })),
  ...loadFixtures<{ input: unknown }>("data/valid").map(({ name, fixture }) => ({
    name: `data/${name}`,
    input: fixture.input,
    owner: "data",
  })),
];

describe("detection: acp and ag-ui against every other protocol's fixtures", () => {
  for (const { name, input, owner } of others) {
    it(`${name}: neither acp nor ag-ui claims it${owner === undefined ? "" : `, and it is still ${owner}'s`}`, () => {
      expect([detectAcp(input), detectAgUi(input)]).to.deep.equal([NONE, NONE]);
      if (owner !== undefined) expect(detectProtocol(input)).to.deep.equal({ ok: true, value: owner, warnings: [] });
    });
  }

  it("MCP params or requests given a scope become acp's; an interrupt is ag-ui's by its shape", () => {
    for (const { fixture } of loadFixtures<{ request: Record<string, unknown> }>("mcp/read")) {
      const request = fixture.request;
      if (Object.hasOwn(request, "inputRequests")) continue;
      const withScope = Object.hasOwn(request, "method")
        ? { ...request, params: { ...(request.params as object), sessionId: "s", mode: "form" } }
        : { ...request, requestId: 1, mode: "form" };
      expect(detectProtocol(withScope)).to.deep.equal({ ok: true, value: "acp", warnings: [] });
    }
    const interrupt = { id: "i", reason: "input_required", responseSchema: { type: "object", properties: {} } };
    expect(detectProtocol(interrupt)).to.deep.equal({ ok: true, value: "ag-ui", warnings: [] });
  });
});
