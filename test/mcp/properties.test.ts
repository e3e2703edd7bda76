import { expect } from "chai";
import fc from "fast-check";
import { detectProtocol } from "../../src/gateway/translate.js";
import { mcpProtocol } from "../../src/protocols/mcp/index.js";
import { nativeProtocol } from "../../src/protocols/native/index.js";
import { mcpRequest } from "./arbitraries.js";

describe("mcp: properties", () => {
  it("mcp → model → mcp is the identity for random standard forms, which are detected as mcp", () => {
    fc.assert(
      fc.property(mcpRequest, (request) => {
        expect(detectProtocol(request)).to.deep.equal({ ok: true, value: "mcp", warnings: [] });
        const read = mcpProtocol.readForm(request);
        if (!read.ok) throw new Error(JSON.stringify(read.error.issues));
        const written = mcpProtocol.writeForm(read.value);
        if (!written.ok) throw new Error(JSON.stringify(written.error));
        expect(written.value).to.deep.equal(request);
        expect(written.warnings).to.deep.equal([]);
      }),
      { numRuns: 200 },
    );
  });

  it("native reads every standard form into the same fields (it extends MCP's schema)", () => {
    fc.assert(
      fc.property(mcpRequest, (request) => {
        const standard = mcpProtocol.readForm(request);
        const native = nativeProtocol.readForm(request);
        if (!standard.ok || !native.ok) throw new Error("unreadable");
        const plain = (fields: typeof standard.value.fields) => fields.map(({ extensions: _, ...field }) => field);
        expect(plain(native.value.fields)).to.deep.equal(plain(standard.value.fields));
      }),
      { numRuns: 100 },
    );
  });
});
