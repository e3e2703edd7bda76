import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The blocks of docs/ai-sdk.md that start with `// file: <path>`, by path. */
function docBlocks(): Map<string, string> {
  const text = readFileSync(join(root, "docs/ai-sdk.md"), "utf8");
  const blocks = new Map<string, string>();
  for (const [, path, code] of text.matchAll(/```ts\n\/\/ file: (\S+)\n([\s\S]*?)```/g))
    blocks.set(path as string, code as string);
  return blocks;
}

describe("ai-sdk: the code of docs/ai-sdk.md", () => {
  it("type-checks against the built package (formgate, its ai-sdk and dom subpaths), ai and @ai-sdk/mcp", function () {
    this.timeout(120_000);
    const blocks = docBlocks();
    expect([...blocks.keys()]).to.have.members([
      "app/api/chat/route.ts",
      "page/question-forms.ts",
      "app/api/data-chat/route.ts",
      "page/data-tool.ts",
      "app/api/mcp-chat/route.ts",
      "app/api/form-answer/route.ts",
    ]);
    // Inside the package, so `formgate` resolves to it by its own name, through its exports map.
    const work = mkdtempSync(join(root, ".docs-build-"));
    try {
      for (const [path, code] of blocks) {
        mkdirSync(dirname(join(work, path)), { recursive: true });
        writeFileSync(join(work, path), code);
      }
      const compilerOptions = {
        strict: true,
        module: "nodenext",
        moduleResolution: "nodenext",
        target: "es2022",
        lib: ["es2023", "dom", "dom.iterable"],
        types: [],
        noEmit: true,
        skipLibCheck: true,
      };
      writeFileSync(join(work, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["**/*.ts"] }));
      const tsc = spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", work], {
        encoding: "utf8",
      });
      expect(tsc.stdout + tsc.stderr).to.equal("");
      expect(tsc.status).to.equal(0);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
