/**
 * formgate/dom in a real browser (Debian's chromium through playwright-core), from the packed
 * package installed into an empty project and bundled by esbuild, driven as a person would:
 * by role and accessible name, with the mouse and with the keyboard alone.
 */
import { expect } from "chai";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build, transform } from "esbuild";
import type { Browser, Locator, Page } from "playwright-core";
import { type PlaygroundServer, servePlayground } from "../../src/cli/commands/playground.js";
import { readForm } from "../../src/gateway/translate.js";
import type { FormModel, FormResponse } from "../../src/model/index.js";
import { launchBrowser } from "../support/browser.js";
import { everyControlAnswers, fillEveryControl } from "../support/every-control.js";
import { type Packed, packAndInstall } from "../support/packed.js";

const examples = (
  JSON.parse(readFileSync("src/playground/examples.json", "utf8")) as { title: string; file: string }[]
).map((example) => ({ ...example, text: readFileSync(example.file, "utf8") }));

function formOf(file: string): FormModel {
  const text = readFileSync(file, "utf8");
  const read = readForm(file.endsWith(".json") ? JSON.parse(text) : text);
  if (!read.ok) throw new Error(read.error.message);
  return read.value.form;
}

/** How a host's framework binds the custom element: the property it sets and the event it listens for. */
interface Binding {
  property: string;
  event: string;
  beforeConnected: boolean;
}

interface Harness {
  show(form: FormModel, withFiles?: boolean, lang?: string, response?: FormResponse): void;
  responses(): FormResponse[];
  stored(): string[];
  response(): unknown;
  settle(response: FormResponse): void;
  elementResponse(response: FormResponse | undefined): void;
  stream(text: string): void;
  feed(count?: number): number;
  left(): number;
  element(form: FormModel, binding?: Binding): boolean;
  clear(): void;
  update(form: FormModel): void;
}
declare const harness: Harness;
declare const axe: {
  run(
    context: Element,
  ): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
};

/**
 * The text of the elements that describe a control (its description, hint and error), as a screen reader reads them.
 */
async function description(control: Locator): Promise<string> {
  return control.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id))
      .filter((node) => node !== null && !node.hidden)
      .map((node) => node?.textContent)
      .join(" "),
  );
}

const isFocused = (control: Locator) => control.evaluate((element) => element === document.activeElement);

describe("formgate/dom, from the packed package, in Debian's chromium", function () {
  this.timeout(240_000);
  let packed: Packed;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let server: PlaygroundServer;

  before(async () => {
    packed = packAndInstall();
    const { consumer } = packed;
    copyFileSync("test/fixtures/dom/page.ts", join(consumer, "page.ts"));
    const bundled = await build({
      entryPoints: [join(consumer, "page.ts")],
      absWorkingDir: consumer,
      outfile: join(consumer, "page.js"),
      bundle: true,
      platform: "browser",
      // A classic script: the page is opened from its file.
      format: "iife",
      metafile: true,
      logLevel: "silent",
    });
    const inputs = Object.keys(bundled.metafile.inputs);
    expect(inputs.filter((input) => !input.startsWith("node_modules/formgate/") && input !== "page.ts")).to.deep.equal(
      [],
    );
    // The host's site: its page, its script, the package's stylesheet, and axe-core to check it.
    const site = join(consumer, "site");
    mkdirSync(site);
    copyFileSync(join(consumer, "page.js"), join(site, "page.js"));
    copyFileSync("node_modules/axe-core/axe.min.js", join(site, "axe.min.js"));
    copyFileSync(join(consumer, "node_modules/formgate/dist/dom/style.css"), join(site, "form.css"));
    writeFileSync(
      join(site, "index.html"),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="form.css">
<script src="axe.min.js"></script><script defer src="page.js"></script></head>
<body><main id="host"></main></body></html>`,
    );
    browser = await launchBrowser();
    page = await browser.newPage();
    errors = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
    server = await servePlayground({ dir: site, port: 0, host: "127.0.0.1" });
    await page.goto(server.url);
    await page.waitForFunction(() => "harness" in window);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    packed?.remove();
  });
  afterEach(() => {
    // The examples' images are on hosts this machine cannot reach; anything else is a fault.
    expect(errors.filter((error) => !error.includes("net::ERR_"))).to.deep.equal([]);
  });

  const show = (form: FormModel, withFiles = false) =>
    page.evaluate(([f, w]) => harness.show(f, w), [form, withFiles] as const);
  const responses = () => page.evaluate(() => harness.responses());

  /** The discovery example answered as a person would (VC checked, "Board" typed) and submitted. */
  async function answerDiscovery() {
    await show(formOf("examples/discovery.assistant.md"));
    const brief = page.getByRole("form", { name: "Quick brief — 30 seconds" });
    const who = brief.getByRole("group", { name: "Who's the primary audience?" });
    await who.getByRole("checkbox", { name: "VC" }).check();
    await who.getByRole("textbox", { name: "Other answer" }).fill("Board");
    await brief.getByRole("button", { name: "Submit" }).click();
    return { brief, who };
  }

  it("registers nothing on import", async () => {
    expect(await page.evaluate(() => (window as unknown as { registeredOnLoad: boolean }).registeredOnLoad)).to.equal(
      false,
    );
  });

  it("every field kind, filled and submitted, gives exactly the FormResponse", async () => {
    const form = formOf("examples/every-control.assistant.md");
    await show(form, true);
    const shown = page.getByRole("form", { name: "Site brief" });
    const dark = shown.getByRole("switch", { name: "Dark mode" });
    expect(await dark.getAttribute("aria-checked"), "an untouched switch, neither on nor off").to.equal("mixed");
    expect(await description(dark)).to.equal("Not answered yet");
    expect(await shown.locator("output").textContent(), "an untouched slider shows no value").to.equal("");
    await fillEveryControl(shown, [
      { name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg/>") },
      { name: "shop.png", mimeType: "image/png", buffer: Buffer.from("png") },
    ]);
    expect(await dark.getAttribute("aria-checked")).to.equal("true");
    expect(await description(dark), "set, its state is its own").to.equal("");
    expect(await shown.locator("output").textContent()).to.equal("35");
    await shown.getByRole("button", { name: "Send brief" }).click();
    expect(await page.evaluate(() => harness.response()), "the controls' response").to.have.property("ok", true);
    await page.waitForFunction(() => harness.responses().length > 0);
    expect(await responses()).to.deep.equal([
      {
        action: "accept",
        answers: everyControlAnswers(["file:///srv/uploads/logo.svg", "file:///srv/uploads/shop.png"]),
      },
    ]);
  });

  it("resources with titles, a typed answer beside options, and a question left alone has no key", async () => {
    await show(formOf("examples/report-template.data.json"));
    const report = page.getByRole("form", { name: "Choose a report template" });
    await report
      .getByRole("group", { name: "Relevant report templates" })
      .getByRole("radio", { name: "Presentation · Business review" })
      .check();
    const audience = report.getByRole("group", { name: "Who will read the report?" });
    await audience.getByRole("checkbox", { name: "Customers" }).check();
    await audience.getByRole("checkbox", { name: "Executives" }).check();
    await report.getByRole("button", { name: "Submit" }).click();
    expect(await responses()).to.deep.equal([
      {
        action: "accept",
        answers: { template: "https://example.com/verified-business-review", audience: ["exec", "customers"] },
      },
    ]);

    await answerDiscovery();
    expect(await responses()).to.deep.equal([{ action: "accept", answers: { audience: ["VC", "Board"] } }]);
  });

  it("a required question left empty blocks Submit, with the error beside it and focus on it", async () => {
    await show(formOf("examples/every-control.assistant.md"));
    const shown = page.getByRole("form", { name: "Site brief" });
    await shown.getByRole("textbox", { name: "Phone" }).fill("+44 20 7946 0000");
    await shown.getByRole("spinbutton", { name: "How many pages?" }).fill("99");
    await shown.getByRole("button", { name: "Send brief" }).click();
    expect(await responses()).to.deep.equal([]);
    const name = shown.getByRole("textbox", { name: "Project name" });
    expect(await name.getAttribute("aria-invalid")).to.equal("true");
    expect(await description(name)).to.equal("Error: It is required but was not answered.");
    expect(await isFocused(name), "focus on the first invalid control").to.equal(true);
    expect(await description(shown.getByRole("spinbutton", { name: "How many pages?" }))).to.equal(
      "From 1, up to 40. Error: The answer must be at most 40, not 99.",
    );
    expect(await shown.getByRole("textbox", { name: "Phone" }).getAttribute("aria-invalid")).to.equal(null);
    // GOV.UK's order: label, hint, error, control.
    const pages = shown.getByRole("spinbutton", { name: "How many pages?" });
    expect(
      await pages.evaluate((element) =>
        [...(element.closest("[data-question]")?.children ?? [])].map((child) => child.className || child.tagName),
      ),
    ).to.deep.equal(["fg-label", "fg-hint", "fg-error", "INPUT"]);
    // The summary: an alert at the top, one link per question with a problem, each moving focus to its control.
    const summary = shown.getByRole("alert").filter({ hasText: "There is a problem" });
    expect(await summary.getByRole("heading", { name: "There is a problem" }).isVisible()).to.equal(true);
    const links = summary.getByRole("link");
    expect(await links.allTextContents()).to.deep.equal([
      "Project name: It is required but was not answered.",
      "How many pages? The answer must be at most 40, not 99.",
    ]);
    await links.nth(1).click();
    expect(await isFocused(pages), "a summary link moves focus to its control").to.equal(true);
    // Fixed, the problem goes and the response is sent.
    await name.fill("Northwind");
    await shown.getByRole("spinbutton", { name: "How many pages?" }).fill("12");
    await shown.getByRole("button", { name: "Send brief" }).click();
    expect(await name.getAttribute("aria-invalid")).to.equal(null);
    expect(await responses()).to.deep.equal([
      { action: "accept", answers: { name: "Northwind", pages: 12, phone: "+44 20 7946 0000" } },
    ]);
  });

  it("marks each control of a group invalid and focuses its first", async () => {
    await show(formOf("examples/report-template.data.json"));
    const report = page.getByRole("form", { name: "Choose a report template" });
    await report.getByRole("button", { name: "Submit" }).click();
    const audience = report.getByRole("group", { name: "Who will read the report?" });
    expect(await description(audience)).to.equal(
      "At least 1 choice, at most 2 choices. Error: It is required but was not answered.",
    );
    for (const option of ["Executives", "The project team", "Customers"])
      expect(await audience.getByRole("checkbox", { name: option }).getAttribute("aria-invalid")).to.equal("true");
    expect(await isFocused(audience.getByRole("checkbox", { name: "Executives" }))).to.equal(true);
  });

  it("a required choice's error belongs to its group, not to its typed answer's box", async () => {
    const discovery = formOf("examples/discovery.assistant.md");
    await show({
      ...discovery,
      fields: discovery.fields.map((field) => (field.id === "audience" ? { ...field, required: true } : field)),
    } as FormModel);
    const brief = page.getByRole("form", { name: "Quick brief — 30 seconds" });
    await brief.getByRole("button", { name: "Submit" }).click();
    const who = brief.getByRole("group", { name: "Who's the primary audience?" });
    expect(await description(who)).to.match(/Error: It is required but was not answered\.$/);
    expect(await who.getByRole("checkbox", { name: "VC" }).getAttribute("aria-invalid")).to.equal("true");
    expect(await who.getByRole("textbox", { name: "Other answer" }).getAttribute("aria-invalid")).to.equal(null);
  });

  it("nothing meant for developers on screen, in any bundled example", async () => {
    const developerText = [/not set/i, /matching \//, /\/\\S\//, /^A (date|time|URL|colour|phone number|file|folder)/m];
    for (const example of examples) {
      await show(formOf(example.file), true);
      await page.getByRole("button", { name: formOf(example.file).submitLabel || "Submit" }).click();
      const text = await page.locator("#host").evaluate((host) => (host as HTMLElement).innerText);
      for (const pattern of developerText) expect(text, `${example.title}: ${pattern}`).not.to.match(pattern);
      expect(text, `${example.title}: a count repeats no limit in words`).not.to.match(/at most \d+ characters/i);
      expect(text, `${example.title}: a size in bytes a person must count`).not.to.match(/\d{4,} bytes/);
    }
  });

  it("an AskUserQuestion form is headed by its questions' headers, each shown as a chip", async () => {
    await show(formOf("examples/database.ask-user-question.json"));
    const form = page.getByRole("form", { name: "Database · Features" });
    expect(await form.getByRole("heading", { level: 2 }).textContent()).to.equal("Database · Features");
    expect(await form.locator(".fg-chip").allTextContents()).to.deep.equal(["Database", "Features"]);
    expect(
      await form.getByRole("group", { name: "Which database should we use for the new service?" }).count(),
    ).to.equal(1);
  });

  it("targets at least 44 px tall, and padding inside the form in light and dark", async () => {
    await show(formOf("examples/every-control.assistant.md"), true);
    const shown = page.getByRole("form", { name: "Site brief" });
    const heights = await shown
      .locator(".fg-option, button:not([role=switch]), input:not([type=checkbox], [type=radio], [type=file]), select")
      .evaluateAll((targets) =>
        targets.filter((target) => target.checkVisibility()).map((target) => target.getBoundingClientRect().height),
      );
    expect(heights.length, "the options, fields and buttons measured").to.be.at.least(20);
    expect(Math.min(...heights)).to.be.at.least(44);
    await page.evaluate(() => void (document.documentElement.style.colorScheme = "light dark"));
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const padding = await shown.evaluate((form) => getComputedStyle(form).paddingInlineStart);
      expect(Number.parseFloat(padding), scheme).to.be.at.least(16);
      // The focus ring shows in both schemes, a colour unlike the form's background.
      const ring = await shown.getByRole("textbox", { name: "Project name" }).evaluate((input) => {
        (input as HTMLElement).focus({ focusVisible: true } as FocusOptions);
        return getComputedStyle(input).outlineStyle;
      });
      expect(ring, scheme).to.equal("solid");
    }
    await page.evaluate(() => void (document.documentElement.style.colorScheme = ""));
    await page.emulateMedia({ colorScheme: "light" });
  });

  for (const action of ["Decline", "Cancel"]) {
    it(`${action} responds with no answers, whatever was typed`, async () => {
      await show(formOf("examples/every-control.assistant.md"));
      const shown = page.getByRole("form", { name: "Site brief" });
      await shown.getByRole("textbox", { name: "Project name" }).fill("typed, then dismissed");
      await shown.getByRole("button", { name: action }).click();
      expect(await responses()).to.deep.equal([{ action: action === "Decline" ? "decline" : "cancel" }]);
    });
  }

  it("a streamed form, updated as it arrives, keeps what was typed and where the focus is", async () => {
    const text = readFileSync("examples/every-control.assistant.md", "utf8");
    await page.evaluate((message) => harness.stream(message), text);
    // Until the first question is whole, then type into it while the rest arrives.
    let updates = 0;
    while ((await page.getByRole("textbox", { name: "Project name" }).count()) === 0)
      updates += await page.evaluate(() => harness.feed(40));
    const name = page.getByRole("textbox", { name: "Project name" });
    await name.click();
    await name.pressSequentially("North");
    expect(await page.getByRole("button", { name: "Send brief" }).isDisabled(), "a form still arriving").to.equal(true);
    while ((await page.getByRole("group", { name: "Tone" }).count()) === 0) {
      updates += await page.evaluate(() => harness.feed(60));
      await name.pressSequentially("w");
    }
    await page.getByRole("spinbutton", { name: "How many pages?" }).fill("7");
    await page.getByRole("group", { name: "Tone" }).getByRole("radio", { name: "Bold" }).check();
    await name.focus();
    while ((await page.evaluate(() => harness.left())) > 0) updates += await page.evaluate(() => harness.feed(80));
    expect(updates, "updates").to.be.greaterThan(5);
    expect(await isFocused(name), "focus kept").to.equal(true);
    await name.press("End");
    await name.pressSequentially("ind");
    const typed = await name.inputValue();
    expect(typed).to.match(/^Northw+ind$/);
    await page.getByRole("button", { name: "Send brief" }).click();
    expect(await responses()).to.deep.equal([{ action: "accept", answers: { name: typed, pages: 7, tone: "Bold" } }]);
  });

  it("a question that disappears or changes kind drops its answer; nothing else does", async () => {
    await show({
      title: "Versions",
      fields: [
        { kind: "text", id: "a", label: "A", required: false, multiline: false },
        { kind: "text", id: "b", label: "B", required: false, multiline: false },
        { kind: "text", id: "c", label: "C", required: false, multiline: false },
      ],
    } as FormModel);
    for (const label of ["A", "B", "C"]) await page.getByRole("textbox", { name: label }).fill(`${label} typed`);
    await page.evaluate(() =>
      harness.update({
        title: "Versions",
        fields: [
          { kind: "text", id: "a", label: "A, relabelled", required: false, multiline: true },
          { kind: "number", id: "c", label: "C", required: false, integer: false },
        ],
      } as FormModel),
    );
    expect(await page.getByRole("textbox", { name: "A, relabelled" }).inputValue()).to.equal("A typed");
    expect(await page.getByRole("spinbutton", { name: "C" }).inputValue()).to.equal("");
    await page.getByRole("button", { name: "Submit" }).click();
    expect(await responses()).to.deep.equal([{ action: "accept", answers: { a: "A typed" } }]);
  });

  it("keeps a choice the person cleared cleared when the question is drawn again, its default not back", async () => {
    const tone = (label: string) =>
      ({
        title: "Cleared",
        fields: [
          {
            kind: "choice",
            id: "tone",
            label,
            required: false,
            multiple: false,
            default: "calm",
            options: [
              { value: "calm", label: "Calm" },
              { value: "bold", label: "Bold" },
            ],
          },
        ],
      }) as FormModel;
    await show(tone("Tone"));
    const group = page.getByRole("group", { name: "Tone" });
    expect(await group.getByRole("radio", { name: "Calm" }).isChecked()).to.equal(true);
    await group.getByRole("button", { name: "Clear choice" }).click();
    await page.evaluate((form) => harness.update(form), tone("Tone, relabelled"));
    const again = page.getByRole("group", { name: "Tone, relabelled" });
    expect(await again.getByRole("radio", { name: "Calm" }).isChecked()).to.equal(false);
    await page.getByRole("button", { name: "Submit" }).click();
    expect(await responses()).to.deep.equal([{ action: "accept", answers: {} }]);
  });

  /** What the form shows answered: whether any control or button can still be used, and the line under it. */
  async function answeredState(form: Locator) {
    return {
      enabled: await form
        .locator("input, select, textarea, button")
        .evaluateAll(
          (controls) =>
            controls.filter((control) => !(control as HTMLInputElement).disabled && control.checkVisibility()).length,
        ),
      buttons: await form.getByRole("button", { disabled: false }).count(),
      status: await form.locator(".fg-status").textContent(),
    };
  }

  it("answered from { response }: the answers read-only, no active buttons, a line saying it was sent", async () => {
    const form = formOf("examples/every-control.assistant.md");
    const answers = everyControlAnswers(["file:///srv/uploads/logo.svg", "file:///srv/uploads/shop%20front.png"]);
    await page.evaluate(([f, a]) => harness.show(f, true, undefined, { action: "accept", answers: a }), [
      form,
      answers,
    ] as const);
    const shown = page.getByRole("form", { name: "Site brief" });
    expect(await answeredState(shown)).to.deep.equal({ enabled: 0, buttons: 0, status: "Answers sent." });
    expect(await shown.getByRole("textbox", { name: "Project name" }).inputValue()).to.equal("Northwind");
    expect(await shown.getByRole("textbox", { name: "One-paragraph pitch" }).inputValue()).to.equal(
      "A tea shop.\nFor people in a hurry.",
    );
    expect(await shown.getByRole("spinbutton", { name: "How many pages?" }).inputValue()).to.equal("12");
    expect(await shown.getByRole("slider", { name: "Budget (k€)" }).inputValue()).to.equal("35");
    expect(await shown.getByRole("textbox", { name: "Brand colour" }).inputValue()).to.equal("#c8553d");
    expect(await shown.getByRole("switch", { name: "Dark mode" }).isChecked()).to.equal(true);
    expect(await shown.getByRole("group", { name: "Tone" }).getByRole("radio", { name: "Calm" }).isChecked()).to.equal(
      true,
    );
    const sections = shown.getByRole("group", { name: "Sections" });
    expect(await sections.getByRole("checkbox", { name: "About" }).isChecked()).to.equal(true);
    expect(await sections.getByRole("checkbox", { name: "Pricing" }).isChecked()).to.equal(false);
    expect(await shown.getByRole("combobox", { name: "Platform" }).inputValue()).to.equal("cms");
    expect(await shown.getByText("shop front.png", { exact: true }).isVisible(), "a file by its name").to.equal(true);
    expect(await shown.getByRole("radio", { name: "Editorial" }).isChecked()).to.equal(true);
    // Submitting the answered form (Enter in a field would) sends nothing more.
    await shown.evaluate((element) => (element as HTMLFormElement).requestSubmit());
    expect(await responses()).to.deep.equal([]);
    expect(await page.evaluate(() => harness.response())).to.deep.equal({
      ok: true,
      value: { action: "accept", answers },
      warnings: [],
    });
  });

  it("view.settle on a live view: what was sent stays shown, read-only, with no active buttons", async () => {
    const { brief, who } = await answerDiscovery();
    const [sent] = await responses();
    expect(sent).to.deep.equal({ action: "accept", answers: { audience: ["VC", "Board"] } });
    await page.evaluate(([r]) => harness.settle(r as FormResponse), [sent] as const);
    expect(await answeredState(brief)).to.deep.equal({ enabled: 0, buttons: 0, status: "Answers sent." });
    expect(await who.getByRole("checkbox", { name: "VC" }).isChecked()).to.equal(true);
    expect(await who.getByRole("textbox", { name: "Other answer" }).inputValue()).to.equal("Board");
  });

  it("settled declined or cancelled: nothing shown as answered, not even a default, and a line saying so", async () => {
    const form = formOf("examples/every-control.assistant.md");
    const withDefault = {
      ...form,
      fields: form.fields.map((field) => (field.id === "name" ? { ...field, default: "Northwind" } : field)),
    } as FormModel;
    for (const [action, line] of [
      ["decline", "Declined."],
      ["cancel", "Cancelled."],
    ] as const) {
      await show(withDefault);
      const shown = page.getByRole("form", { name: "Site brief" });
      await shown.getByRole("textbox", { name: "Phone" }).fill("+44 20 7946 0000");
      await page.evaluate(([a]) => harness.settle({ action: a }), [action] as const);
      expect(await answeredState(shown)).to.deep.equal({ enabled: 0, buttons: 0, status: line });
      expect(await shown.getByRole("textbox", { name: "Phone" }).inputValue()).to.equal("");
      expect(await shown.getByRole("textbox", { name: "Project name" }).inputValue(), "no default").to.equal("");
    }
  });

  it("stores each picked file once through the files option, and Submit waits for it", async () => {
    await show(formOf("examples/upload.data.json"), true);
    const form = page.getByRole("form", { name: "Share your data" });
    await form
      .getByRole("button", { name: "Upload your data" })
      .setInputFiles([{ name: "q1.csv", mimeType: "text/csv", buffer: Buffer.from("a,b") }]);
    // Submitted at once: the file is still being stored, and the form says so.
    await form.getByRole("button", { name: "Submit" }).click();
    expect(await responses()).to.deep.equal([]);
    expect(await form.getByRole("status").textContent()).to.equal("Waiting for the files to be stored…");
    await page.waitForFunction(() => harness.responses().length > 0);
    expect(await responses()).to.deep.equal([{ action: "accept", answers: { data: ["file:///srv/uploads/q1.csv"] } }]);
    expect(await page.evaluate(() => harness.stored())).to.deep.equal(["q1.csv"]);
  });

  it("without the files option, a file question says it takes no files", async () => {
    await show(formOf("examples/upload.data.json"));
    const form = page.getByRole("form", { name: "Share your data" });
    expect(await form.getByText("This page cannot take files from your machine.").count()).to.equal(1);
    expect(await form.locator("input[type=file]").count()).to.equal(0);
  });

  it("the custom element: registered when asked, a form property, a response event", async () => {
    const form = formOf("examples/discovery.assistant.md");
    expect(await page.evaluate((f) => harness.element(f), form)).to.equal(false);
    const element = page.locator("formgate-form");
    await element
      .getByRole("group", { name: "Who's the primary audience?" })
      .getByRole("checkbox", { name: "Customer" })
      .check();
    await element.getByRole("button", { name: "Submit" }).click();
    expect(await responses()).to.deep.equal([{ action: "accept", answers: { audience: ["Customer"] } }]);
    await element.getByRole("button", { name: "Decline" }).click();
    expect((await responses())[1]).to.deep.equal({ action: "decline" });
    // Its response property shows it answered; unset, it can be answered again.
    await page.evaluate(() => harness.elementResponse({ action: "accept", answers: { audience: ["Customer"] } }));
    const answered = element.getByRole("form");
    expect(await answeredState(answered)).to.deep.equal({ enabled: 0, buttons: 0, status: "Answers sent." });
    expect(await element.getByRole("checkbox", { name: "Customer" }).isChecked()).to.equal(true);
    await page.evaluate(() => harness.elementResponse(undefined));
    expect(await element.getByRole("button", { name: "Submit" }).isEnabled()).to.equal(true);
  });

  describe("docs/dom.md's React, Vue and Svelte snippets of the custom element", () => {
    const doc = readFileSync("docs/dom.md", "utf8");
    const section = doc.slice(doc.indexOf("### The custom element"), doc.indexOf("## Decisions"));
    const exported = JSON.parse(readFileSync("test/package/exports.json", "utf8")) as Record<
      string,
      { values: string[]; types: string[] }
    >;
    // Each snippet's script, and where it binds the form and hears the response. React sets the
    // property in an effect, once the element is in the page; Vue and Svelte may set it before.
    const snippets = [
      {
        framework: "React",
        fence: "tsx",
        script: (code: string) => code,
        binding: /element\.(\w+) = form;[\s\S]*addEventListener\("(\w+)"/,
        beforeConnected: false,
      },
      {
        framework: "Vue",
        fence: "vue",
        script: (code: string) => /<script setup lang="ts">([\s\S]*?)<\/script>/.exec(code)?.[1],
        binding: /<formgate-form :(\w+)\.prop="form" @(\w+)=/,
        beforeConnected: true,
      },
      {
        framework: "Svelte",
        fence: "svelte",
        script: (code: string) => /<script lang="ts">([\s\S]*?)<\/script>/.exec(code)?.[1],
        binding: /<formgate-form \{(\w+)\} on(\w+)=/,
        beforeConnected: true,
      },
    ];

    for (const { framework, fence, script, binding, beforeConnected } of snippets) {
      it(`${framework}: its script compiles, imports what the package exports, and its binding answers`, async () => {
        const code = new RegExp(`\`\`\`${fence}\n([\\s\\S]*?)\`\`\``).exec(section)?.[1];
        expect(code, `a ${fence} snippet`).to.be.a("string");
        const source = script(code as string);
        expect(source, "its script").to.be.a("string");
        await transform(source as string, { loader: fence === "tsx" ? "tsx" : "ts", logLevel: "silent" });
        const imports = [...(source as string).matchAll(/^\s*import (?:type )?\{([^}]*)\} from "(formgate[^"]*)";$/gm)];
        expect(imports.map(([, , from]) => from)).to.include.members(["formgate", "formgate/dom"]);
        for (const [, names, from] of imports) {
          const entry = exported[from as string];
          for (const name of (names as string).split(",").map((item) => item.trim().replace(/^type /, "")))
            expect([...(entry?.values ?? []), ...(entry?.types ?? [])], from).to.include(name);
        }
        const [, property, event] = binding.exec(code as string) ?? [];
        expect({ property, event }).to.deep.equal({ property: "form", event: "response" });
        // The binding as the framework makes it, in the page: the form shows and its Decline is heard.
        const form = formOf("examples/discovery.assistant.md");
        await page.evaluate(([f, b]) => harness.element(f, b), [
          form,
          { property: property as string, event: event as string, beforeConnected },
        ] as const);
        await page.locator("formgate-form").getByRole("button", { name: "Decline" }).click();
        expect(await responses()).to.deep.equal([{ action: "decline" }]);
      });
    }
  });

  it("is completed with the keyboard alone", async () => {
    await show(formOf("examples/discovery.assistant.md"));
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const form = page.getByRole("form", { name: "Quick brief — 30 seconds" });
    // Tab into the form: the first checkbox; Space checks it.
    await page.keyboard.press("Tab");
    expect(await isFocused(form.getByRole("checkbox", { name: "VC" }))).to.equal(true);
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab"); // Customer
    await page.keyboard.press("Tab"); // Internal team
    await page.keyboard.press("Tab"); // the typed answer
    await page.keyboard.type("Board");
    await page.keyboard.press("Tab");
    expect(await isFocused(form.getByRole("radio", { name: "Bold" }))).to.equal(true);
    await page.keyboard.press("ArrowDown"); // Calm
    await page.keyboard.press("Shift+Tab");
    // Enter in a text field submits.
    await page.keyboard.press("Enter");
    expect(await responses()).to.deep.equal([
      { action: "accept", answers: { audience: ["VC", "Board"], tone: "calm" } },
    ]);
  });

  it("the stylesheet follows the page's colour scheme, and lays the form out mirrored right to left", async () => {
    await show(formOf("examples/discovery.assistant.md"));
    const form = page.getByRole("form", { name: "Quick brief — 30 seconds" });
    const background = () => form.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await background(), "a light page").to.equal("rgb(255, 255, 255)");
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await background(), "a light-only page in dark mode").to.equal("rgb(255, 255, 255)");
    await page.evaluate(() => void (document.documentElement.style.colorScheme = "light dark"));
    expect(await background(), "a page for both, in dark mode").to.equal("rgb(29, 32, 36)");
    await page.evaluate(() => void (document.documentElement.style.colorScheme = ""));
    await page.emulateMedia({ colorScheme: "light" });
    const vc = form.getByRole("checkbox", { name: "VC" });
    const label = form.getByText("VC", { exact: true });
    const left = async () => ((await vc.boundingBox())?.x ?? 0) < ((await label.boundingBox())?.x ?? 0);
    expect(await left(), "left to right: the box before its label").to.equal(true);
    await page.evaluate(() => (document.getElementById("host") as HTMLElement).setAttribute("dir", "rtl"));
    expect(await left(), "right to left: the box after its label").to.equal(false);
    await page.evaluate(() => (document.getElementById("host") as HTMLElement).removeAttribute("dir"));
  });

  it("sets the form's language on the form, and the renderer's own on its words", async () => {
    const form = { ...formOf("examples/discovery.assistant.md"), lang: "de" };
    await show(form);
    const shown = page.getByRole("form", { name: "Quick brief — 30 seconds" });
    expect(await shown.getAttribute("lang")).to.equal("de");
    expect(await shown.getByRole("button", { name: "Decline" }).getAttribute("lang")).to.equal("en");
    expect(await shown.locator(".fg-hint").first().getAttribute("lang"), "a hint").to.equal("en");
    await page.evaluate(([f]) => harness.show(f, false, "de"), [{ ...form, fields: form.fields.slice(1) }] as const);
    expect(
      await page.getByRole("button", { name: "Decline" }).getAttribute("lang"),
      "words in the form's language",
    ).to.equal(null);
  });

  describe("axe-core reports no serious or critical violation", () => {
    for (const example of examples) {
      it(example.title, async () => {
        await show(formOf(example.file), true);
        await page.getByRole("button", { name: formOf(example.file).submitLabel || "Submit" }).click();
        expect(await axeViolations(), "with errors").to.deep.equal([]);
        await page.evaluate(() => harness.settle({ action: "accept", answers: {} }));
        expect(await axeViolations(), "answered").to.deep.equal([]);
      });
    }
    async function axeViolations() {
      const { violations } = await page.evaluate(async () => {
        const result = await axe.run(document.getElementById("host") as Element);
        return {
          violations: result.violations.map(({ id, impact, help, nodes }) => ({
            id,
            impact,
            help,
            nodes: nodes.map((node) => node.target.join(" ")),
          })),
        };
      });
      return violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    }
  });
});
