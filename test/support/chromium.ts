/**
 * Which chromium the browser tests run in, found in this order (README, Development):
 * 1. an explicit path: `FORMGATE_CHROMIUM`, else the browser Playwright installed (`PLAYWRIGHT_BROWSERS_PATH`);
 * 2. the system's chromium or Chrome (`/usr/bin/chromium`, …);
 *    `FORMGATE_IGNORE_INSTALLED_CHROMIUM=1` skips Playwright's and the system's, as on a machine with none;
 * 3. the build inside the `@sparticuz/chromium` dev dependency (linux x64), extracted once per machine into
 *    the temporary folder, with the libraries and fonts it ships, so a machine with nothing installed runs them.
 * Where none can be had the finder throws one line saying so: a browser test fails, it is never skipped.
 */
import { execFileSync } from "node:child_process";
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { chromium as playwright } from "playwright-core";

export interface Chromium {
  executablePath: string;
  /** Where it was found, said in the test titles. */
  source: "FORMGATE_CHROMIUM" | "playwright" | "system" | "@sparticuz/chromium";
  /** Variables the executable needs beside the test process's own (the npm build's libraries and fonts). */
  env: Record<string, string>;
}

export interface FindChromiumOptions {
  /** The environment read for `FORMGATE_CHROMIUM` and `FORMGATE_IGNORE_INSTALLED_CHROMIUM`. */
  env?: NodeJS.ProcessEnv;
  /** The system paths tried, in order. */
  systemPaths?: readonly string[];
  platform?: NodeJS.Platform;
  arch?: string;
  /** Where the npm build is extracted (a folder per version inside it). */
  cacheDir?: string;
}

export const SYSTEM_CHROMIUM_PATHS: readonly string[] = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
];

const require = createRequire(import.meta.url);

export class NoChromiumError extends Error {
  override name = "NoChromiumError";
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Playwright's own browser for this playwright-core version, if `playwright-core install chromium` put one there. */
function playwrightChromium(): string | undefined {
  try {
    const path = playwright.executablePath(); // PLAYWRIGHT_BROWSERS_PATH, read when playwright-core loads
    return path && isExecutable(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

const NPM_PACKAGE = "@sparticuz/chromium";

/** The package's folder: the nearest package.json of that name above its entry (builds differ in depth). */
function npmPackageDir(): string | undefined {
  let dir: string;
  try {
    dir = dirname(require.resolve(NPM_PACKAGE));
  } catch {
    return undefined;
  }
  for (; dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && (require(manifest) as { name?: string }).name === NPM_PACKAGE) return dir;
  }
  return undefined;
}

/**
 * The npm build, extracted by the package's own `executablePath()` in a child process whose
 * temporary folder is a fresh folder (the package extracts there), told it runs on Amazon Linux
 * so it extracts the NSS libraries too; the folder is renamed into place when complete, so
 * suites running at once never see half an extraction.
 */
function npmChromium(packageDir: string, cacheDir: string): Chromium {
  const { version } = require(join(packageDir, "package.json")) as { version: string };
  const home = join(cacheDir, `chromium-${version}`);
  if (!existsSync(home)) {
    mkdirSync(cacheDir, { recursive: true });
    const staging = mkdtempSync(join(cacheDir, ".extracting-"));
    try {
      const script = `const { default: Chromium } = await import(${JSON.stringify(NPM_PACKAGE)});
        await Chromium.executablePath(${JSON.stringify(join(packageDir, "bin"))});`;
      execFileSync(process.execPath, ["--input-type=module", "-e", script], {
        cwd: join(packageDir, "..", "..", ".."),
        env: { ...process.env, TMPDIR: staging, AWS_EXECUTION_ENV: "AWS_Lambda_nodejs20.x" },
        stdio: ["ignore", "ignore", "pipe"],
      });
      // The package's fonts.conf names Lambda's folders; this one names the fonts where they are.
      mkdirSync(join(staging, "fontconfig"));
      writeFileSync(
        join(staging, "fontconfig", "fonts.conf"),
        `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  ` +
          `<dir>${join(home, "fonts")}</dir>\n  <dir>/usr/share/fonts</dir>\n  ` +
          `<cachedir>${join(home, "fontconfig", "cache")}</cachedir>\n</fontconfig>\n`,
      );
      try {
        renameSync(staging, home);
      } catch (error) {
        if (!existsSync(home)) throw error; // another suite finished first: its copy is as good
      }
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  return {
    executablePath: join(home, "chromium"),
    source: NPM_PACKAGE,
    // NSS and expat as the package ships them for Amazon Linux: a bare machine has neither.
    env: { LD_LIBRARY_PATH: join(home, "al2023", "lib"), FONTCONFIG_PATH: join(home, "fontconfig") },
  };
}

/** The chromium the browser tests use; throws a NoChromiumError (one line) where none can be had. */
export function findChromium(options: FindChromiumOptions = {}): Chromium {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const arch = options.arch ?? process.arch;

  const explicit = env.FORMGATE_CHROMIUM;
  if (explicit !== undefined && explicit !== "") {
    if (!isExecutable(explicit))
      throw new NoChromiumError(`FORMGATE_CHROMIUM is ${explicit}, which is not an executable file`);
    return { executablePath: explicit, source: "FORMGATE_CHROMIUM", env: {} };
  }
  if (env.FORMGATE_IGNORE_INSTALLED_CHROMIUM !== "1") {
    const installed = playwrightChromium();
    if (installed) return { executablePath: installed, source: "playwright", env: {} };
    const system = (options.systemPaths ?? SYSTEM_CHROMIUM_PATHS).find(isExecutable);
    if (system) return { executablePath: system, source: "system", env: {} };
  }

  const packageDir = npmPackageDir();
  // The package ships one build, for linux x64.
  if (packageDir && platform === "linux" && arch === "x64")
    return npmChromium(
      packageDir,
      options.cacheDir ?? join(tmpdir(), `formgate-chromium-${process.getuid?.() ?? "user"}`),
    );

  throw new NoChromiumError(
    `no chromium for the browser tests on ${platform} ${arch}: none at FORMGATE_CHROMIUM, in Playwright's folder ` +
      `or the system's, and ${NPM_PACKAGE} has no build for this platform; set FORMGATE_CHROMIUM to a Chromium or ` +
      `Chrome executable`,
  );
}
