import { expect } from "chai";
import { docBlocks, typeCheckBlocks } from "../support/doc-blocks.js";

describe("ai-sdk: the code of docs/ai-sdk.md", () => {
  it("type-checks against the built package (formgate, its ai-sdk and dom subpaths), ai and @ai-sdk/mcp", function () {
    this.timeout(120_000);
    const blocks = docBlocks("docs/ai-sdk.md", "ts");
    expect([...blocks.keys()]).to.have.members([
      "app/api/chat/route.ts",
      "page/question-forms.ts",
      "app/api/data-chat/route.ts",
      "page/data-tool.ts",
      "app/api/mcp-chat/route.ts",
      "app/api/form-answer/route.ts",
    ]);
    const tsc = typeCheckBlocks(blocks);
    expect(tsc.output).to.equal("");
    expect(tsc.status).to.equal(0);
  });
});
