/**
 * formgate/react in Debian's chromium: FormgateForm and useMessageForms in a React 19 root in
 * StrictMode (test/fixtures/react/page.tsx, bundled by esbuild from the sources), driven by role
 * and name as a person would: a form filled and sent, a message streamed in with its form
 * growing under what the person typed, and forms shown answered.
 */
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import type { FormModel, FormResponse } from "../../src/model/index.js";
import { readMessage, writeDismissal } from "../../src/protocols/question-form/index.js";
import { launchBrowser } from "../support/browser.js";

declare const harness: {
  form(form: FormModel, response?: FormResponse): void;
  message(text: string, streaming: boolean, reply?: string): void;
  responses(): FormResponse[];
};

const message =
  "Before I draft the invitation, two details:\n\n" +
  '<question-form id="guests" title="Guest list">\n' +
  '{"questions":[{"id":"host","label":"Who hosts?","type":"text","required":true},' +
  '{"id":"size","label":"How many guests?","type":"radio","options":["Under 20","20 to 50"]},' +
  '{"id":"note","label":"Anything else?","type":"textarea"}]}\n' +
  "</question-form>\n\nI will write it once you answer.";
const block = readMessage(message).segments.find((segment) => segment.kind === "form");
if (block?.kind !== "form") throw new Error("the test's message has a form");
const form = block.form;

const style = readFileSync("src/dom/style.css", "utf8");

async function bundlePage(): Promise<string> {
  const bundled = await build({
    entryPoints: ["test/fixtures/react/page.tsx"],
    bundle: true,
    platform: "browser",
    format: "iife",
    target: "es2022",
    jsx: "automatic",
    alias: { "formgate/react": "./src/react/index.ts", formgate: "./src/index.ts" },
    define: { "process.env.NODE_ENV": '"development"' },
    write: false,
    logLevel: "warning",
  });
  return bundled.outputFiles[0]?.text ?? "";
}

describe("formgate/react in Debian's chromium (React 19, StrictMode)", function () {
  this.timeout(120_000);
  let browser: Browser;
  let page: Page;
  let script: string;
  const errors: string[] = [];

  before(async () => {
    script = await bundlePage();
    browser = await launchBrowser();
  });
  after(async () => browser?.close());
  beforeEach(async () => {
    page = await browser.newPage();
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (entry) => void (entry.type() === "error" && errors.push(entry.text())));
    await page.setContent(`<!doctype html><html lang="en"><style>${style}</style><div id="root"></div></html>`);
    await page.addScriptTag({ content: script });
  });
  afterEach(async () => {
    await page.close();
    expect(errors, "the page's errors").to.deep.equal([]);
  });

  it("FormgateForm: the person fills the form and sends it; onResponse gets the checked answers", async () => {
    await page.evaluate((shown) => harness.form(shown), form);
    const shown = page.getByRole("form", { name: "Guest list" });
    await shown.getByRole("button", { name: "Submit" }).click();
    // Required and empty: marked invalid, nothing sent.
    const host = shown.getByRole("textbox", { name: "Who hosts?" });
    await page.waitForFunction(() => document.querySelector("[aria-invalid=true]") !== null);
    expect(await host.getAttribute("aria-invalid")).to.equal("true");
    expect(await page.evaluate(() => harness.responses())).to.deep.equal([]);
    await host.fill("Ada");
    await shown.getByRole("radio", { name: "20 to 50" }).check();
    await shown.getByRole("button", { name: "Submit" }).click();
    expect(await page.evaluate(() => harness.responses())).to.deep.equal([
      { action: "accept", answers: { host: "Ada", size: "20 to 50" } },
    ]);
  });

  it("FormgateForm: Decline sends a decline", async () => {
    await page.evaluate((shown) => harness.form(shown), form);
    await page.getByRole("form", { name: "Guest list" }).getByRole("button", { name: "Decline" }).click();
    expect(await page.evaluate(() => harness.responses())).to.deep.equal([{ action: "decline" }]);
  });

  it("useMessageForms: the form grows as the message streams, keeping what was typed, then is sent", async () => {
    const upTo = (marker: string) => message.slice(0, message.indexOf(marker));
    await page.evaluate((text) => harness.message(text, true), upTo('{"id":"note"'));
    const assistant = page.getByRole("article", { name: "Assistant" });
    await assistant.getByText("Before I draft the invitation").waitFor();
    const shown = assistant.getByRole("form", { name: "Guest list" });
    await shown.getByRole("textbox", { name: "Who hosts?" }).fill("Grace");
    expect(await shown.getByRole("button", { name: "Submit" }).isDisabled(), "Submit while arriving").to.equal(true);
    expect(await shown.getByRole("textbox", { name: "Anything else?" }).count()).to.equal(0);
    // The rest arrives in pieces; the form is re-rendered with each fuller view, then the final form.
    for (const marker of ['"type":"textarea"', "</question-form>", "I will write"])
      await page.evaluate((text) => harness.message(text, true), upTo(marker));
    await page.evaluate((text) => harness.message(text, false), message);
    await assistant.getByText("I will write it once you answer.").waitFor();
    expect(await shown.getByRole("textbox", { name: "Who hosts?" }).inputValue()).to.equal("Grace");
    await shown.getByRole("textbox", { name: "Anything else?" }).fill("Vegetarian menu");
    await shown.getByRole("button", { name: "Submit" }).click();
    expect(await page.evaluate(() => harness.responses())).to.deep.equal([
      { action: "accept", answers: { host: "Grace", note: "Vegetarian menu" } },
    ]);
  });

  it("useMessageForms with the reply: the form is shown answered, read-only, with what was sent", async () => {
    const reply =
      "[form answers — guests]\n- Who hosts?: Ada\n- How many guests?: Under 20\n- Anything else?: (skipped)";
    await page.evaluate(([text, answer]) => harness.message(text, false, answer), [message, reply] as const);
    const answered = page.getByRole("form", { name: "Guest list" });
    await answered.getByRole("status").filter({ hasText: "Answers sent." }).waitFor();
    expect(await answered.getByRole("textbox", { name: "Who hosts?" }).inputValue()).to.equal("Ada");
    expect(await answered.getByRole("textbox", { name: "Who hosts?" }).isDisabled()).to.equal(true);
    expect(await answered.getByRole("radio", { name: "Under 20" }).isChecked()).to.equal(true);
    expect(await answered.getByRole("textbox", { name: "Anything else?" }).inputValue()).to.equal("");
    expect(await page.getByRole("button").count()).to.equal(0);
  });

  it("FormgateForm given the response once sent: the same form turns answered, keeping its answers", async () => {
    await page.evaluate((shown) => harness.form(shown), form);
    const shown = page.getByRole("form", { name: "Guest list" });
    await shown.getByRole("textbox", { name: "Who hosts?" }).fill("Ada");
    await shown.getByRole("button", { name: "Submit" }).click();
    const [sent] = await page.evaluate(() => harness.responses());
    await page.evaluate(([again, response]) => harness.form(again, response), [form, sent] as const);
    await shown.getByRole("status").filter({ hasText: "Answers sent." }).waitFor();
    expect(await shown.getByRole("textbox", { name: "Who hosts?" }).inputValue()).to.equal("Ada");
    expect(await page.getByRole("button", { name: "Submit" }).count()).to.equal(0);
  });

  it("useMessageForms with a dismissal: the form is shown declined", async () => {
    await page.evaluate(([text, answer]) => harness.message(text, false, answer), [
      message,
      writeDismissal("decline", form),
    ] as const);
    await page.getByRole("form", { name: "Guest list" }).getByRole("status").filter({ hasText: "Declined." }).waitFor();
    expect(await page.getByRole("button").count()).to.equal(0);
  });
});
