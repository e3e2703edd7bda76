/**
 * The AI SDK chat example (examples/ai-sdk-chat/) end to end in Debian's chromium: `useChat`
 * against the example's `streamText` route on ai/test's mock model, both ways a model asks. The
 * form appears while it streams, the person answers it by role and name, the answer goes back
 * (a `[form answers — id]` user message; the Data tool's output through `addToolOutput`), the
 * model replies, and the form stays on screen answered.
 */
import { expect } from "chai";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../support/browser.js";
import { buildIfStale } from "../support/built-cli.js";
// @ts-expect-error: a JavaScript module without declarations (the example's one command).
import { serveAiSdkChat } from "../../examples/ai-sdk-chat/serve.mjs";

describe("the AI SDK chat example, in Debian's chromium", function () {
  this.timeout(120_000);
  let served: { url: string; close(): Promise<void> };
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  before(async () => {
    buildIfStale();
    served = await serveAiSdkChat({ port: 0, delay: 15 });
    browser = await launchBrowser();
  });
  beforeEach(async () => {
    page = await browser.newPage();
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (entry) => void (entry.type() === "error" && errors.push(entry.text())));
    await page.goto(served.url);
  });
  afterEach(async () => {
    await page.close();
    expect(errors, "the page's errors").to.deep.equal([]);
  });
  after(async () => {
    await browser?.close();
    await served?.close();
  });

  const conversation = () => page.getByRole("log", { name: "Conversation" });
  const idle = () =>
    page.waitForFunction(() => document.querySelector("[role=log]")?.getAttribute("aria-busy") === "false");

  it("a <question-form> in the text: live while it streams, answered by a message, then shown answered", async () => {
    await page.getByRole("button", { name: "Plan a party" }).click();
    const assistant = conversation().getByRole("article", { name: "Assistant" }).first();
    const form = assistant.getByRole("form", { name: "Party details" });
    await form.getByRole("textbox", { name: "Who is hosting?" }).waitFor();
    // The block is not shown as text, and the prose around it is.
    await idle();
    expect(await assistant.getByText("<question-form").count()).to.equal(0);
    await assistant.getByText("Once you answer, I will draft the invitation.").waitFor();
    await form.getByRole("textbox", { name: "Who is hosting?" }).fill("Ada");
    await form.getByRole("radio", { name: "20 to 50" }).check();
    await form.getByRole("button", { name: "Submit" }).click();
    const sent = conversation().getByRole("article", { name: "You" }).nth(1);
    expect(await sent.textContent()).to.match(
      /^\[form answers — party\]\n- Who is hosting\?: Ada\n- How many guests\?: 20 to 50/,
    );
    await conversation().getByText("Thank you, I have what I need").waitFor();
    await form.getByRole("status").filter({ hasText: "Answers sent." }).waitFor();
    expect(await form.getByRole("textbox", { name: "Who is hosting?" }).inputValue()).to.equal("Ada");
    expect(await form.getByRole("textbox", { name: "Who is hosting?" }).isDisabled()).to.equal(true);
    expect(await form.getByRole("button", { name: "Submit" }).count()).to.equal(0);
  });

  it("the Data tool: live while the input streams, answered through addToolOutput, then shown answered", async () => {
    // Every state the page shows is seen: was the form there, its Submit disabled, while the input streamed?
    await page.evaluate(() => {
      const seen = { arriving: false };
      Object.assign(window, { seen });
      new MutationObserver(() => {
        const submit = document.querySelector<HTMLButtonElement>("form.fg-form button[type=submit]");
        if (submit?.disabled && document.querySelector("[role=log]")?.getAttribute("aria-busy") === "true")
          seen.arriving = true;
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByRole("button", { name: "Book a meeting room" }).click();
    const form = conversation().getByRole("form", { name: "Meeting room booking" });
    await form.getByRole("textbox", { name: "What is the meeting about?" }).waitFor();
    await idle();
    expect(await page.evaluate(() => (window as unknown as { seen: { arriving: boolean } }).seen.arriving)).to.equal(
      true,
    );
    await form.getByRole("radio", { name: "Library" }).check();
    await form.getByRole("textbox", { name: "How many people?" }).fill("6");
    await form.getByRole("button", { name: "Submit" }).click();
    // The model read the Data result the answer became (the mock's reply is built from it).
    await conversation().getByText("Booked: the library room for 6 people.").waitFor();
    await form.getByRole("status").filter({ hasText: "Answers sent." }).waitFor();
    expect(await form.getByRole("radio", { name: "Library" }).isChecked()).to.equal(true);
    expect(await form.getByRole("textbox", { name: "How many people?" }).isDisabled()).to.equal(true);
  });
});
