import { expect } from "chai";
import { detectProtocol } from "../../src/gateway/translate.js";
import { protocolNames, protocols } from "../../src/protocols/index.js";
import { detectMastra } from "../../src/protocols/mastra/index.js";
import { NONE } from "../../src/protocols/protocol.js";
import { gatewayForms } from "../gateway/shared-fixtures.js";
import { loadFixtures } from "../support/fixtures.js";

/**
 * Detection with mastra, both ways: mastra claims nothing of the other protocols' fixtures (the gateway forms, and
 * every read fixture of mcp, native, acp, ag-ui and Data's valid inputs), which still detect as their own; and no
 * other protocol claims a Mastra chunk, the fixtures' or one written from any gateway form.
 */

const others = [
  ...gatewayForms().map((form) => ({
    name: `gateway/${form.name}`,
    input: form.input,
    owner: form.protocol as string,
  })),
  ...(["mcp", "acp", "ag-ui"] as const).flatMap((owner) =>
    loadFixtures<{ request: unknown }>(`${owner}/read`).map(({ name, fixture }) => ({
      name: `${owner}/${name}`,
      input: fixture.request,
      // ACP params without a scope are a standard MCP form, detected as mcp's.
      owner: owner === "acp" && name === "no-scope" ? undefined : (owner as string | undefined),
    })),
  ),
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

const mastraChunks = [
  ...loadFixtures<{ request: unknown }>("mastra/read").map(({ name, fixture }) => ({ name, chunk: fixture.request })),
  ...gatewayForms().flatMap((form) => {
    const read = protocols[form.protocol].readForm(form.input);
    if (!read.ok) throw new Error(`${form.name}: ${read.error.message}`);
    const written = protocols.mastra.writeForm(read.value);
    return written.ok ? [{ name: `${form.name} written as mastra`, chunk: written.value as unknown }] : [];
  }),
];

describe("detection: mastra against every other protocol's fixtures", () => {
  for (const { name, input, owner } of others) {
    it(`${name}: mastra does not claim it${owner === undefined ? "" : `, and it is still ${owner}'s`}`, () => {
      expect(detectMastra(input)).to.equal(NONE);
      if (owner !== undefined) expect(detectProtocol(input)).to.deep.include({ ok: true, value: owner });
    });
  }

  for (const { name, chunk } of mastraChunks) {
    it(`${name}: no other protocol claims the chunk, and it is detected as mastra`, () => {
      for (const other of protocolNames.filter((p) => p !== "mastra" && !protocols[p].textInput))
        expect(protocols[other].detect(chunk), other).to.equal(NONE);
      expect(detectProtocol(chunk)).to.deep.equal({ ok: true, value: "mastra", warnings: [] });
    });
  }
});
