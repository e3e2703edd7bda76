/**
 * The code blocks of a doc that start with `// file: <path>`, and a type check of them as a host's project checks
 * its own code against the built package: strict, `nodenext`, no declaration of its own.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The blocks of `doc` (a path from the repository's root) in `lang` that start with `// file: <path>`, by path. */
export function docBlocks(doc: string, lang: "ts" | "tsx"): Map<string, string> {
  const text = readFileSync(join(root, doc), "utf8");
  const blocks = new Map<string, string>();
  for (const [, path, code] of text.matchAll(new RegExp(`\`\`\`${lang}\\n// file: (\\S+)\\n([\\s\\S]*?)\`\`\``, "g")))
    blocks.set(path as string, code as string);
  return blocks;
}

/** What tsc said of the blocks (`""` when nothing) and its exit status. */
export interface TypeCheck {
  output: string;
  status: number | null;
}

/**
 * Type-checks the blocks, each written at its path in a folder made inside the package (so `formgate` resolves to it
 * by its own name, through its exports map) and removed after; `jsx` for TSX blocks.
 */
export function typeCheckBlocks(blocks: Map<string, string>, options: { jsx?: boolean } = {}): TypeCheck {
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
      ...(options.jsx ? { jsx: "react-jsx" } : {}),
      lib: ["es2023", "dom", "dom.iterable"],
      types: [],
      noEmit: true,
      skipLibCheck: true,
    };
    const include = [options.jsx ? "**/*.tsx" : "**/*.ts"];
    writeFileSync(join(work, "tsconfig.json"), JSON.stringify({ compilerOptions, include }));
    const tsc = spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", work], {
      encoding: "utf8",
    });
    return { output: tsc.stdout + tsc.stderr, status: tsc.status };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
