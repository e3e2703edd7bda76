/**
 * The finder the browser tests rely on (test/support/chromium.ts): an explicit path wins and is
 * never silently replaced, the system's browser comes next, the npm build runs where neither is,
 * and where none can be had it says so in one line.
 */
import { expect } from "chai";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { findChromium, NoChromiumError, SYSTEM_CHROMIUM_PATHS } from "../support/chromium.js";

const bare = { FORMGATE_IGNORE_INSTALLED_CHROMIUM: "1" };

describe("the browser tests' chromium finder", function () {
  this.timeout(120_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "formgate-chromium-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("fails in one line naming FORMGATE_CHROMIUM when it points nowhere (no fallback)", () => {
    const nowhere = join(dir, "no-such-chromium");
    expect(() => findChromium({ env: { FORMGATE_CHROMIUM: nowhere } }))
      .to.throw(NoChromiumError, `FORMGATE_CHROMIUM is ${nowhere}, which is not an executable file`)
      .with.property("message")
      .that.does.not.include("\n");
  });

  it("fails when FORMGATE_CHROMIUM names a file that cannot be run", () => {
    const file = join(dir, "not-executable");
    writeFileSync(file, "", { mode: 0o644 });
    expect(() => findChromium({ env: { FORMGATE_CHROMIUM: file } })).to.throw(NoChromiumError, "FORMGATE_CHROMIUM");
  });

  it("takes FORMGATE_CHROMIUM before the system's browser", () => {
    const file = join(dir, "my-chromium");
    writeFileSync(file, "#!/bin/sh\n", { mode: 0o755 });
    expect(findChromium({ env: { FORMGATE_CHROMIUM: file }, systemPaths: SYSTEM_CHROMIUM_PATHS })).to.deep.equal({
      executablePath: file,
      source: "FORMGATE_CHROMIUM",
      env: {},
    });
  });

  it("takes the first system path that can be run", () => {
    const file = join(dir, "system-chromium");
    writeFileSync(file, "#!/bin/sh\n", { mode: 0o755 });
    const found = findChromium({ env: {}, systemPaths: [join(dir, "absent"), file] });
    // Playwright's own browser, when one is installed here, comes first (it is an explicit install).
    if (found.source !== "playwright") expect(found).to.deep.equal({ executablePath: file, source: "system", env: {} });
  });

  it("says in one line that there is none on a platform the npm build does not cover", () => {
    for (const [platform, arch] of [
      ["darwin", "arm64"],
      ["linux", "arm64"],
      ["win32", "x64"],
    ] as const) {
      expect(() => findChromium({ env: bare, platform, arch }))
        .to.throw(NoChromiumError, `no chromium for the browser tests on ${platform} ${arch}`)
        .with.property("message")
        .that.does.not.include("\n");
    }
  });

  it("with no installed browser, extracts the npm build (@sparticuz/chromium) and runs a page in it", async () => {
    // The machine's extraction (made here on the first run, reused after).
    const found = findChromium({ env: bare });
    expect(found.source).to.equal("@sparticuz/chromium");
    expect(findChromium({ env: bare })).to.deep.equal(found);
    const browser = await chromium.launch({
      executablePath: found.executablePath,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu"],
      env: { ...process.env, ...found.env },
    });
    try {
      const page = await browser.newPage();
      await page.setContent(
        `<button>Send answers</button><script type="module">document.title = String(6 * 7)</script>`,
      );
      expect(await page.getByRole("button", { name: "Send answers" }).count()).to.equal(1);
      await page.waitForFunction("document.title === '42'");
      // Text is laid out in the fonts the package ships (a bare machine has none of its own).
      const width = await page.getByRole("button").evaluate((button) => button.getBoundingClientRect().width);
      expect(width).to.be.greaterThan(40);
    } finally {
      await browser.close();
    }
  });
});
