import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, type LaunchOptions, type Page, chromium } from "playwright-core";
import { type PlaygroundServer, servePlayground } from "../../src/cli/commands/playground.js";
import { type Chromium, findChromium } from "./chromium.js";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

let found: Chromium | undefined;

/** The chromium of this run (test/support/chromium.ts), found once; throws one line where there is none. */
export function theChromium(): Chromium {
  found ??= findChromium();
  return found;
}

function launchOptions(): LaunchOptions {
  const browser = theChromium();
  return {
    executablePath: browser.executablePath,
    headless: true,
    args: FLAGS,
    env: { ...process.env, ...browser.env },
  };
}

/** A headless browser for a test (close it in an after hook). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(launchOptions());
}

/** A headless browser with a fresh profile in `userDataDir` (Playwright's way to give one). */
export async function launchBrowserContext(
  userDataDir: string,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { ...launchOptions(), ...options });
}

/** The playground built from the sources into a fresh folder and served, and a fresh browser profile to load it in. */
export interface Playground {
  url: string;
  /** The built page's folder, as it would be published. */
  dir: string;
  context: BrowserContext;
  /** A new tab on the playground, with the page's errors collected. */
  open(fragment?: string): Promise<{ page: Page; errors: string[] }>;
  close(): Promise<void>;
}

export async function startPlayground(): Promise<Playground> {
  const work = mkdtempSync(join(tmpdir(), "formgate-playground-"));
  const built = spawnSync(process.execPath, ["scripts/build-playground.mjs", join(work, "page")], { encoding: "utf8" });
  if (built.status !== 0) throw new Error(`the page did not build: ${built.stderr}`);
  let server: PlaygroundServer | undefined;
  let context: BrowserContext | undefined;
  try {
    server = await servePlayground({ dir: join(work, "page"), port: 0, host: "127.0.0.1" });
    // A persistent context is how a fresh --user-data-dir is given to Playwright.
    context = await launchBrowserContext(join(work, "profile"), { viewport: { width: 1500, height: 1000 } });
  } catch (error) {
    await server?.close();
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
  const running = server;
  const browser = context;
  return {
    url: running.url,
    dir: join(work, "page"),
    context: browser,
    async open(fragment = "") {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
      await page.goto(running.url + fragment);
      await page.getByRole("textbox", { name: "Form source" }).waitFor();
      return { page, errors };
    },
    async close() {
      await browser.close();
      await running.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
