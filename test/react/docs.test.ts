/**
 * The React code of docs/ai-sdk.md: its blocks that start with `// file: <path>.tsx`, type-checked
 * against the built package (formgate, formgate/ai-sdk, formgate/react) with React 19's types and
 * @ai-sdk/react, as a host's TSX project checks them: no declaration of its own.
 */
import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfStale } from "../support/built-cli.js";

const root = fileURLToPath(new URL("../../", import.meta.url));

function tsxBlocks(): Map<string, string> {
  const text = readFileSync(join(root, "docs/ai-sdk.md"), "utf8");
  const blocks = new Map<string, string>();
  for (const [, path, code] of text.matchAll(/```tsx\n\/\/ file: (\S+)\n([\s\S]*?)```/g))
    blocks.set(path as string, code as string);
  return blocks;
}

describe("react: the TSX of docs/ai-sdk.md", () => {
  it("type-checks against the built package, react and @ai-sdk/react", function () {
    this.timeout(120_000);
    buildIfStale();
    const blocks = tsxBlocks();
    expect([...blocks.keys()]).to.have.members(["page/chat.tsx"]);
    // Inside the package, so `formgate` resolves to it by its own name, through its exports map.
    const work = mkdtempSync(join(root, ".docs-react-"));
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
        jsx: "react-jsx",
        lib: ["es2023", "dom", "dom.iterable"],
        types: [],
        noEmit: true,
        skipLibCheck: true,
      };
      writeFileSync(join(work, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["**/*.tsx"] }));
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
