/**
 * The React code of docs/ai-sdk.md: its blocks that start with `// file: <path>.tsx`, type-checked
 * against the built package (formgate, formgate/ai-sdk, formgate/react) with React 19's types and
 * @ai-sdk/react, as a host's TSX project checks them: no declaration of its own.
 */
import { expect } from "chai";
import { buildIfStale } from "../support/built-cli.js";
import { docBlocks, typeCheckBlocks } from "../support/doc-blocks.js";

describe("react: the TSX of docs/ai-sdk.md", () => {
  it("type-checks against the built package, react and @ai-sdk/react", function () {
    this.timeout(120_000);
    buildIfStale();
    const blocks = docBlocks("docs/ai-sdk.md", "tsx");
    expect([...blocks.keys()]).to.have.members(["page/chat.tsx"]);
    const tsc = typeCheckBlocks(blocks, { jsx: true });
    expect(tsc.output).to.equal("");
    expect(tsc.status).to.equal(0);
  });
});
