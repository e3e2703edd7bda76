import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** What `npm pack --json` says of the tarball. */
export interface Tarball {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string; size: number }[];
}

/** The package as a new user gets it: packed, and installed into an empty project. */
export interface Packed {
  /** The scratch folder holding the tarball and the project. */
  dir: string;
  /** The empty project (`"type": "module"`) with the package installed. */
  consumer: string;
  tarball: Tarball;
  /** What `npm install` of the tarball printed on standard error (its warnings). */
  installWarnings: string;
  remove(): void;
}

/**
 * `npm pack` (which runs `prepack`, building dist/ from the current source), then `npm install`
 * of the tarball into an empty project, its dependencies from the npm cache that `npm ci` filled.
 */
export function packAndInstall(): Packed {
  const root = process.cwd();
  const dir = mkdtempSync(join(tmpdir(), "formgate-package-"));
  try {
    const [tarball] = JSON.parse(
      execFileSync("npm", ["pack", "--json", "--pack-destination", dir], {
        cwd: root,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }),
    ) as Tarball[];
    if (tarball === undefined) throw new Error("npm pack made no tarball");
    const consumer = join(dir, "consumer");
    mkdirSync(consumer);
    writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    const installed = spawnSync(
      "npm",
      ["install", "--prefer-offline", "--no-audit", "--no-fund", join(dir, tarball.filename)],
      { cwd: consumer, encoding: "utf8" },
    );
    if (installed.status !== 0) throw new Error(`npm install failed: ${installed.stderr}`);
    const installWarnings = installed.stderr;
    return { dir, consumer, tarball, installWarnings, remove: () => rmSync(dir, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
