/**
 * The chat host example (examples/chat-host/) end to end in Debian's chromium: the recorded
 * stream plays, the prose and then the form appear as they arrive, the person answers, and the
 * answer message is the next user message; the side panel shows the form's native and MCP requests.
 */
import { expect } from "chai";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { questionFormProtocol, readMessage } from "../../src/protocols/question-form/index.js";
import { translate } from "../../src/gateway/translate.js";
import { launchBrowser } from "../support/browser.js";
import { buildIfStale } from "../support/built-cli.js";
// @ts-expect-error: a JavaScript module without declarations (the example's one command).
import { serveChatHost } from "../../examples/chat-host/serve.mjs";

const { deltas } = JSON.parse(readFileSync("examples/chat-host/stream.json", "utf8")) as { deltas: string[] };
const message = deltas.join("");
const block = readMessage(message).segments.find((segment) => segment.kind === "form");

describe("the chat host example, in Debian's chromium", function () {
  this.timeout(120_000);
  let served: { url: string; close(): Promise<void> };
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  before(async () => {
    buildIfStale();
    served = await serveChatHost({ port: 0 });
    browser = await launchBrowser();
    page = await browser.newPage();
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (entry) => void (entry.type() === "error" && errors.push(entry.text())));
  });
  after(async () => {
    await browser?.close();
    await served?.close();
  });

  it("plays the stream: the prose as it streams, the form as it arrives, then the final form", async () => {
    await page.goto(`${served.url}?delay=25`);
    const assistant = page.getByRole("log", { name: "Conversation" }).getByRole("article", { name: "Assistant" });
    // Prose before the whole message has arrived.
    await assistant.getByText("Happy to plan the launch").waitFor();
    expect(await page.getByRole("log").getAttribute("aria-busy")).to.equal("true");
    // The form while its block is still arriving: its first question, Submit not yet enabled.
    const form = assistant.getByRole("form", { name: "Launch details" });
    await form.getByRole("textbox", { name: "Opening day" }).waitFor();
    // Typed once its question is whole (the next one has begun): a fill is several steps, and a
    // question still growing is drawn anew between them, which would race the typing itself.
    await form.getByRole("group", { name: "Who should come first?" }).waitFor();
    const sendWhileArriving = await form.getByRole("button", { name: "Send details" }).isDisabled();
    await form.getByRole("textbox", { name: "Opening day" }).fill("2027-04-01");
    await page.waitForFunction(() => document.getElementById("transcript")?.getAttribute("aria-busy") === "false");
    expect(sendWhileArriving, "Submit while the form arrives").to.equal(true);
    expect(await assistant.getByText("Once you answer, I will write the plan day by day.").count()).to.equal(1);
    // What was typed while the form arrived is still there.
    expect(await form.getByRole("textbox", { name: "Opening day" }).inputValue()).to.equal("2027-04-01");
    expect(await assistant.locator(".text").allTextContents()).to.deep.equal(
      readMessage(message)
        .segments.filter((segment) => segment.kind === "prose")
        .map((segment) => segment.source),
    );
  });

  it("shows the same form as native and standard MCP requests", async () => {
    for (const [to, name] of [
      ["native", "Native request (openai/elicitation/create)"],
      ["mcp", "Standard MCP request (elicitation/create)"],
    ] as const) {
      const written = translate(block?.source, { to });
      expect(written.ok).to.equal(true);
      const shown = await page.getByRole("complementary").getByRole("region", { name }).locator("pre").textContent();
      expect(JSON.parse(shown ?? "")).to.deep.equal(written.ok && written.value);
    }
  });

  it("has no serious or critical axe-core violation, the form shown", async () => {
    await page.addScriptTag({ path: "node_modules/axe-core/axe.min.js" });
    const impacts = await page.evaluate(async () => {
      const { violations } = await (
        window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string }[] }> } }
      ).axe.run();
      return violations.map(({ id, impact }) => `${impact} ${id}`);
    });
    expect(impacts.filter((impact) => /^(serious|critical) /.test(impact))).to.deep.equal([]);
  });

  it("sends the answers as the next user message", async () => {
    const form = page.getByRole("form", { name: "Launch details" });
    const who = form.getByRole("group", { name: "Who should come first?" });
    await who.getByRole("checkbox", { name: "Neighbours" }).check();
    await form.getByRole("group", { name: "First offer" }).getByRole("radio", { name: "Free tasting" }).check();
    await form.getByRole("button", { name: "Send details" }).click();
    const users = page.getByRole("article", { name: "You" });
    await users.nth(1).waitFor();
    if (block?.kind !== "form") throw new Error("the recorded message has no form");
    const expected = questionFormProtocol.writeAnswers(
      { action: "accept", answers: { date: "2027-04-01", audience: ["Neighbours"], offer: "tasting" } },
      block.form,
    );
    if (!expected.ok) throw new Error(expected.error.message);
    expect(await users.nth(1).innerText()).to.equal(expected.value);
    expect(await users.nth(1).innerText()).to.match(/^\[form answers — launch\]\n/);
    // The form stays in the transcript, answered: what was sent shown, nothing left to press.
    expect(await form.getByRole("status").filter({ hasText: "Answers sent." }).count()).to.equal(1);
    expect(await who.getByRole("checkbox", { name: "Neighbours" }).isChecked()).to.equal(true);
    expect(await form.getByRole("button").count()).to.equal(0);
    expect(errors).to.deep.equal([]);
  });
});
