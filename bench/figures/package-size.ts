/**
 * The tarball `npm pack` makes, measured without writing it (`--dry-run`), from dist/ as the
 * bundle-size figure has just built it: what `npm install formgate` downloads and unpacks.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Row } from "../report.js";

const root = fileURLToPath(new URL("../../", import.meta.url));

export interface PackSize {
  packed: number;
  unpacked: number;
  files: number;
}

/** What `npm pack --json` says of the package, built first from the current source. */
export function measurePack(): PackSize {
  execFileSync(process.execPath, ["build.mjs"], { cwd: root, stdio: "ignore" });
  const output = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const [tarball] = JSON.parse(output) as { size: number; unpackedSize: number; entryCount: number }[];
  if (tarball === undefined) throw new Error("npm pack --dry-run described no tarball");
  return { packed: tarball.size, unpacked: tarball.unpackedSize, files: tarball.entryCount };
}

export function packRows(pack: PackSize): Row[] {
  return [
    {
      figure: "npm pack: the tarball (gzip)",
      reference: "its files unpacked",
      formgate: pack.packed,
      referenceValue: pack.unpacked,
      unit: "size",
      ratio: pack.packed / pack.unpacked,
      goal: "reported",
      met: true,
      note: `${pack.files} files`,
    },
  ];
}
