import { expect } from "chai";
import { detectProtocol } from "../../src/gateway/translate.js";
import { type ProtocolName, protocolNames, protocols } from "../../src/protocols/index.js";
import { NONE } from "../../src/protocols/protocol.js";
import { gatewayForms } from "../gateway/shared-fixtures.js";
import { loadFixtures } from "../support/fixtures.js";

/**
 * Detection of langgraph both ways: it claims nothing of every other protocol's fixtures (their
 * read fixtures and the gateway forms, each still its owner's), and no other protocol claims
 * any of its fixtures, accepted or rejected: an interrupt, a chunk, a task, a thread and a
 * snapshot are langgraph's alone.
 */

type Case = { name: string; input: unknown; owner?: ProtocolName };

const requests = (folder: string, owner?: ProtocolName): Case[] =>
  loadFixtures<{ request?: unknown; input?: unknown }>(folder).map(({ name, fixture }) => ({
    name: `${folder}/${name}`,
    input: fixture.request ?? fixture.input,
    owner,
  }));

const others: Case[] = [
  ...gatewayForms()
    .filter((form) => form.protocol !== "langgraph")
    .map((form) => ({ name: `gateway/${form.name}`, input: form.input, owner: form.protocol })),
  ...requests("mcp/read", "mcp"),
  // Native reads plain standard forms too, and acp's fixtures without a scope are mcp's: their owner is not checked.
  ...requests("native/read"),
  ...requests("acp/read"),
  ...requests("data/valid", "data"),
  ...requests("ag-ui/read", "ag-ui"),
  ...requests("ask-user-question/read", "ask-user-question"),
  ...loadFixtures<{ cases: { request: unknown }[] }>("ag-ui/reject").flatMap(({ name, fixture }) =>
    fixture.cases.map((item, i) => ({ name: `ag-ui/reject/${name} ${i + 1}`, input: item.request })),
  ),
];

const mine: Case[] = [
  ...gatewayForms()
    .filter((form) => form.protocol === "langgraph")
    .map((form) => ({ name: `gateway/${form.name}`, input: form.input })),
  ...requests("langgraph/read"),
  ...loadFixtures<{ cases: { request: unknown }[] }>("langgraph/reject").flatMap(({ name, fixture }) =>
    fixture.cases.map((item, i) => ({ name: `langgraph/reject/${name} ${i + 1}`, input: item.request })),
  ),
];

describe("detection: langgraph against every other protocol's fixtures, both ways", () => {
  for (const { name, input, owner } of others) {
    it(`${name}: langgraph does not claim it${owner === undefined ? "" : `, and it is still ${owner}'s`}`, () => {
      expect(protocols.langgraph.detect(input)).to.equal(NONE);
      if (owner !== undefined) expect(detectProtocol(input)).to.deep.equal({ ok: true, value: owner, warnings: [] });
    });
  }

  for (const { name, input } of mine) {
    it(`${name}: no other protocol claims it`, () => {
      const claimed = protocolNames.filter((p) => p !== "langgraph" && protocols[p].detect(input) !== NONE);
      expect(claimed).to.deep.equal([]);
      expect(detectProtocol(input)).to.deep.equal({ ok: true, value: "langgraph", warnings: [] });
    });
  }
});
