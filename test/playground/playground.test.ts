/**
 * The playground in a real browser (chromium through playwright-core, found by test/support/chromium.ts): every bundled
 * example pasted, detected, translated, previewed, answered; problems located; links shared.
 * What the page shows is compared with what the library computes for the same input.
 */
import { expect } from "chai";
import { readFileSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { readForm, translate } from "../../src/gateway/translate.js";
import type { Field, FormModel, FormResponse } from "../../src/model/index.js";
import { type ProtocolName, protocolNames, protocols } from "../../src/protocols/index.js";
import { askUserQuestionHeading } from "../../src/protocols/ask-user-question/index.js";
import { type Playground, startPlayground } from "../support/browser.js";
import { everyControlAnswers, fillEveryControl } from "../support/every-control.js";

/** Why a protocol cannot carry a form's answers: it cannot ask the form, or cannot say an answer. */
const CANNOT_CARRY: string[] = ["unsupported_form", "unsupported_response"];

const examples = (
  JSON.parse(readFileSync("src/playground/examples.json", "utf8")) as { title: string; file: string }[]
).map((example) => ({ ...example, text: readFileSync(example.file, "utf8") }));

/** The input a protocol reads from a source text: JSON when it parses, else the chat text. */
function inputOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function modelOf(text: string): { protocol: ProtocolName; form: FormModel } {
  const read = readForm(inputOf(text));
  if (!read.ok) throw new Error(read.error.message);
  return read.value;
}

function shown(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}

/** The role and name each field's control has in the preview (docs/playground.md). */
function controlOf(field: Field): { role: Parameters<Page["getByRole"]>[0]; name: string } {
  const name = field.label ?? field.id;
  switch (field.kind) {
    case "text":
      return { role: "textbox", name };
    case "number":
      return { role: field.slider ? "slider" : "spinbutton", name };
    case "boolean":
      return { role: "switch", name };
    case "choice":
      return field.display === "select"
        ? { role: field.multiple ? "listbox" : "combobox", name }
        : { role: "group", name };
    case "resource":
      return { role: "group", name };
    case "file":
      return field.options.length === 0 ? { role: "button", name } : { role: "group", name };
  }
}

const TEXT_ANSWERS: Record<string, string> = {
  email: "ana@example.com",
  uri: "https://example.com/page",
  date: "2027-03-01",
  time: "09:30",
  "date-time": "2027-03-01T09:30",
  color: "#336699",
  tel: "+44 20 7946 0000",
};

/** A file name the question's accept list takes. */
function uploadName(accept: readonly string[]): string {
  const extension = accept.find((entry) => entry.startsWith("."));
  return extension !== undefined
    ? `upload${extension}`
    : accept.some((entry) => entry.startsWith("image/"))
      ? "upload.png"
      : "upload.txt";
}

/**
 * Answers every question of the preview through its controls with a valid answer (the first
 * options, the smallest number, a text of the right format), and returns the answers expected.
 */
async function answerEverything(preview: Locator, form: FormModel): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  for (const field of form.fields) {
    const { role, name } = controlOf(field);
    const control = preview.getByRole(role, { name, exact: true });
    switch (field.kind) {
      case "text": {
        const value =
          field.format !== undefined
            ? (TEXT_ANSWERS[field.format] as string)
            : "An answer".padEnd(field.minLength ?? 0, ".");
        await control.fill(value);
        answers[field.id] = value;
        break;
      }
      case "number": {
        const value = field.minimum ?? Math.min(1, field.maximum ?? 1);
        await control.fill(String(value));
        answers[field.id] = value;
        break;
      }
      case "boolean":
        await control.check();
        answers[field.id] = true;
        break;
      case "choice":
      case "resource":
      case "file": {
        const offered =
          field.kind === "choice"
            ? field.options.map((option) => ({ value: option.value, label: option.label ?? option.value }))
            : field.options.map((option) => ({ value: option.uri, label: option.title ?? option.name }));
        if (field.kind === "file" && offered.length === 0) {
          const file = uploadName(field.pick.accept ?? []);
          await control.setInputFiles([
            { name: file, mimeType: "application/octet-stream", buffer: Buffer.from("data") },
          ]);
          answers[field.id] = field.multiple ? [`file:///uploads/${file}`] : `file:///uploads/${file}`;
          break;
        }
        const picked = offered.slice(0, field.multiple ? Math.max(1, field.minItems ?? 1) : 1);
        if (role === "combobox" || role === "listbox") await control.selectOption(picked.map((option) => option.value));
        else
          for (const option of picked)
            await control.getByRole(field.multiple ? "checkbox" : "radio", { name: option.label, exact: true }).check();
        answers[field.id] = field.multiple ? picked.map((option) => option.value) : picked[0]?.value;
        break;
      }
    }
  }
  return answers;
}

async function paste(page: Page, text: string): Promise<void> {
  await page.getByRole("textbox", { name: "Form source" }).fill(text);
}

async function preText(region: Locator): Promise<string> {
  return (await region.locator("pre").first().textContent()) ?? "";
}

/** The text of the elements that describe a control (its description, hint and error). */
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

describe("the playground, in chromium", function () {
  this.timeout(60_000);
  let playground: Playground;
  let page: Page;
  let errors: string[];

  before(async () => {
    playground = await startPlayground();
    ({ page, errors } = await playground.open());
  });
  after(async () => playground?.close());
  afterEach(() => {
    // The examples' images are on hosts this machine cannot reach; anything else is a fault of the page.
    expect(errors.filter((error) => !error.includes("net::ERR_"))).to.deep.equal([]);
  });

  it("opens on the first bundled example, with a region per protocol of the registry", async () => {
    expect(await page.getByRole("textbox", { name: "Form source" }).inputValue()).to.equal(examples[0]?.text);
    for (const name of protocolNames)
      expect(await page.getByRole("region", { name: protocols[name].title, exact: true }).count(), name).to.equal(1);
    expect(await page.getByRole("list", { name: "Problems" }).isVisible()).to.equal(true);
    expect(await page.getByRole("region", { name: "Answers" }).isVisible()).to.equal(true);
  });

  for (const example of examples) {
    describe(example.title, () => {
      const { protocol, form } = modelOf(example.text);

      before(async () => paste(page, example.text));

      it("is detected, and has no problems", async () => {
        expect(await page.getByRole("status", { name: "Detected protocol" }).textContent()).to.equal(
          protocols[protocol].title,
        );
        expect(await page.getByRole("list", { name: "Problems" }).innerText()).to.equal("No problems.");
      });

      it("is shown in every protocol, as translate writes it, with its warnings", async () => {
        for (const name of protocolNames) {
          const region = page.getByRole("region", { name: protocols[name].title, exact: true });
          const written = translate(inputOf(example.text), { to: name });
          // A form a protocol cannot hold (the every-control example has more questions than a Data tool input may)
          // shows why.
          expect(await preText(region), name).to.equal(
            written.ok ? shown(written.value) : `${written.error.code}: ${written.error.message}`,
          );
          expect(await region.getByRole("list").locator("li").count(), name).to.equal(
            written.ok ? written.warnings.length : written.error.issues.length,
          );
        }
      });

      it("is previewed as a form named by its title, with a control per question, named by its label", async () => {
        const preview = page.getByRole("form", {
          name: form.title || askUserQuestionHeading(form) || form.id || "Form",
        });
        expect(await preview.count()).to.equal(1);
        for (const field of form.fields) {
          const { role, name } = controlOf(field);
          expect(
            await preview.getByRole(role, { name, exact: true }).count(),
            `${field.id}: ${role} "${name}"`,
          ).to.equal(1);
        }
      });

      it("is answered through its controls, and the answers are shown in every protocol", async () => {
        const answers = await answerEverything(
          page.getByRole("form", { name: form.title || askUserQuestionHeading(form) || form.id || "Form" }),
          form,
        );
        await page.getByRole("button", { name: form.submitLabel || "Submit" }).click();
        const results = page.getByRole("region", { name: "Answers" });
        for (const name of protocolNames) {
          const written = protocols[name].writeAnswers({ action: "accept", answers } as FormResponse, form);
          // A protocol that cannot ask the form (AskUserQuestion asks choices only) shows why it cannot carry the
          // answers.
          expect(
            written.ok || CANNOT_CARRY.includes(written.error.code),
            `${name}: ${written.ok || written.error.message}`,
          ).to.equal(true);
          expect(
            await preText(results.getByRole("region", { name: `${protocols[name].title} answers` })),
            name,
          ).to.equal(written.ok ? shown(written.value) : `${written.error.code}: ${written.error.message}`);
        }
      });
    });
  }

  it("shows resources with their titles, thumbnails and icons", async () => {
    // A data URI image loads without a network.
    const pixel =
      "data:image/png;base64," +
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAEhAIAxw3U1QAAAABJRU5ErkJggg==";
    const text = (examples[0]?.text ?? "").replace(
      /https:\/\/example\.com\/verified-(slide-preview|presentation-logo)\.png/g,
      pixel,
    );
    await paste(page, text);
    const group = page
      .getByRole("form", { name: "Choose a report template" })
      .getByRole("group", { name: "Relevant report templates" });
    const option = group.getByRole("radio", { name: "Presentation · Business review", exact: true });
    expect(await option.count()).to.equal(1);
    const images = group.locator("label.fg-option img");
    await page.waitForFunction(() =>
      [...document.querySelectorAll("label.fg-option img")].every((img) => (img as HTMLImageElement).complete),
    );
    expect(
      await images.evaluateAll((all) => all.map((img) => [img.className, (img as HTMLImageElement).naturalWidth])),
    ).to.deep.equal([
      ["fg-thumbnail", 1],
      ["fg-icon", 1],
    ]);
    expect(
      await group.getByText("application/vnd.openxmlformats-officedocument.presentationml.presentation").count(),
    ).to.equal(1);
  });

  it("takes a typed answer beside a choice's options", async () => {
    const example = examples.find((candidate) => candidate.file.includes("discovery")) as (typeof examples)[number];
    await paste(page, example.text);
    const audience = page
      .getByRole("form", { name: "Quick brief — 30 seconds" })
      .getByRole("group", { name: "Who's the primary audience?" });
    await audience.getByRole("checkbox", { name: "VC" }).check();
    await audience.getByRole("textbox", { name: "Other answer" }).fill("Board");
    await page.getByRole("button", { name: "Submit" }).click();
    const written = protocols["question-form"].writeAnswers(
      { action: "accept", answers: { audience: ["VC", "Board"] } },
      modelOf(example.text).form,
    );
    expect(written.ok && written.value).to.equal(
      '[form answers — discovery]\n- Who\'s the primary audience?: VC, "Board"\n- Tone: (skipped)',
    );
    expect(await preText(page.getByRole("region", { name: "<question-form> answers" }))).to.equal(
      written.ok ? written.value : "",
    );
  });

  describe("answering the every-control example", () => {
    const example = examples.find((candidate) => candidate.file.includes("every-control")) as (typeof examples)[number];
    const { form } = modelOf(example.text);
    let preview: Locator;

    beforeEach(async () => {
      await paste(page, "");
      await paste(page, example.text);
      preview = page.getByRole("form", { name: "Site brief" });
    });

    it("gives each control its input type, limits and accept list", async () => {
      const types = {
        Launch_date: "date",
        Best_time_for_a_call: "time",
        First_review: "datetime-local",
        Brand_colour: "color",
        Contact_e_mail: "email",
        Current_site: "url",
        Phone: "tel",
      };
      for (const [label, type] of Object.entries(types)) {
        expect(
          await preview
            .getByRole("textbox", { name: label.replaceAll("_", " ").replace("e mail", "e-mail") })
            .getAttribute("type"),
        ).to.equal(type);
      }
      expect(
        await preview.getByRole("textbox", { name: "One-paragraph pitch" }).evaluate((element) => element.tagName),
      ).to.equal("TEXTAREA");
      const pages = preview.getByRole("spinbutton", { name: "How many pages?" });
      expect([await pages.getAttribute("min"), await pages.getAttribute("max")]).to.deep.equal(["1", "40"]);
      expect(await description(pages)).to.equal("From 1, up to 40.");
      const budget = preview.getByRole("slider", { name: "Budget (k€)" });
      expect([
        await budget.getAttribute("min"),
        await budget.getAttribute("max"),
        await budget.getAttribute("step"),
      ]).to.deep.equal(["5", "100", "5"]);
      expect(await preview.getByRole("button", { name: "Logo and photos" }).getAttribute("accept")).to.equal(
        "image/*,.svg",
      );
      expect(await description(preview.getByRole("group", { name: "Sections" }))).to.equal("At most 3 choices.");
      const direction = preview.getByRole("group", { name: "Visual direction" });
      expect(await direction.getByRole("radio", { name: "Editorial" }).count()).to.equal(1);
      expect(await direction.getByRole("img", { name: "Palette: #1d1d1b, #f4f1ea, #c8553d" }).count()).to.equal(1);
      expect(await direction.getByText("Quiet, confident, lots of white space").count()).to.equal(1);
      expect(
        await direction
          .getByText("Display: Georgia, serif")
          .evaluate((element) => getComputedStyle(element).fontFamily),
      ).to.equal("Georgia, serif");
      expect(await preview.getByRole("textbox", { name: "Project name" }).getAttribute("aria-required")).to.equal(
        "true",
      );
    });

    it("submits the answers in every protocol, as formgate writes them", async () => {
      await fillEveryControl(preview, [{ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg/>") }]);
      await preview.getByRole("button", { name: "Send brief" }).click();

      const answers = everyControlAnswers(["file:///uploads/logo.svg"]);
      const results = page.getByRole("region", { name: "Answers" });
      expect(await results.getByRole("paragraph").first().textContent()).to.equal("Submitted: 17 answers.");
      for (const name of protocolNames) {
        const written = protocols[name].writeAnswers({ action: "accept", answers }, form);
        expect(written.ok || CANNOT_CARRY.includes(written.error.code), name).to.equal(true);
        expect(await preText(results.getByRole("region", { name: `${protocols[name].title} answers` })), name).to.equal(
          written.ok ? shown(written.value) : `${written.error.code}: ${written.error.message}`,
        );
      }
      const message = await preText(results.getByRole("region", { name: "<question-form> answers" }));
      expect(message).to.contain("[form answers — site-brief]\n- Project name: Northwind\n");
      expect(message).to.contain("- Logo and photos: file:///uploads/logo.svg\n");
    });

    it("leaves untouched questions unanswered (a slider, a colour and a switch answer only once set)", async () => {
      await preview.getByRole("textbox", { name: "Project name" }).fill("Northwind");
      await preview.getByRole("button", { name: "Send brief" }).click();
      const native = await preText(page.getByRole("region", { name: "OpenAI native answers" }));
      expect(JSON.parse(native)).to.deep.equal({ action: "accept", content: { name: "Northwind" } });
    });

    it("shows formgate's answer problems next to the controls, and sends nothing", async () => {
      await preview.getByRole("spinbutton", { name: "How many pages?" }).fill("99");
      await preview.getByRole("textbox", { name: "Contact e-mail" }).fill("not an address");
      await preview.getByRole("group", { name: "Sections" }).getByRole("checkbox", { name: "About" }).check();
      for (const section of ["Pricing", "Blog", "Careers"])
        await preview.getByRole("checkbox", { name: section }).check();
      await preview.getByRole("button", { name: "Send brief" }).click();

      const name = preview.getByRole("textbox", { name: "Project name" });
      expect(await name.getAttribute("aria-invalid")).to.equal("true");
      expect(await description(name)).to.equal("Error: It is required but was not answered.");
      expect(await description(preview.getByRole("spinbutton", { name: "How many pages?" }))).to.match(
        /must be at most 40, not 99/,
      );
      expect(await description(preview.getByRole("textbox", { name: "Contact e-mail" }))).to.match(
        /^Error: The answer is not /,
      );
      expect(await description(preview.getByRole("group", { name: "Sections" }))).to.match(
        /At most 3 choices\. Error: It allows at most 3/,
      );
      expect(await preview.getByRole("textbox", { name: "Phone" }).getAttribute("aria-invalid")).to.equal(null);
      const results = page.getByRole("region", { name: "Answers" });
      expect(await results.getByRole("paragraph").first().textContent()).to.equal(
        "Not sent: 4 problems (shown next to the questions).",
      );
      for (const name of protocolNames)
        expect(await preText(results.getByRole("region", { name: `${protocols[name].title} answers` })), name).to.match(
          /^invalid_response: /,
        );
    });

    for (const action of ["decline", "cancel"] as const) {
      it(`shows what each protocol carries for ${action}`, async () => {
        await preview.getByRole("textbox", { name: "Project name" }).fill("typed, then dismissed");
        await preview.getByRole("button", { name: action === "decline" ? "Decline" : "Cancel" }).click();
        const results = page.getByRole("region", { name: "Answers" });
        for (const name of protocolNames) {
          const written = protocols[name].writeAnswers({ action } as FormResponse, form);
          const region = results.getByRole("region", { name: `${protocols[name].title} answers` });
          expect(await preText(region), name).to.equal(
            written.ok ? shown(written.value) : `${written.error.code}: ${written.error.message}`,
          );
        }
        const notice = await results
          .getByRole("region", { name: "<question-form> answers" })
          .locator("pre")
          .textContent();
        expect(notice).to.match(
          action === "decline" ? /^\[form declined — site-brief\]\n/ : /^\[form cancelled — site-brief\]\n/,
        );
      });
    }
  });

  describe("problems", () => {
    it("lists a chat message's problems, and a click puts the cursor at the line and column", async () => {
      const message =
        'Pick one:\n<question-form id="q">{"questions": [{"id": "a", "type": "radio", "label": "A", "options": ' +
        "[]}]}</question-form>";
      await paste(page, message);
      const problems = page.getByRole("list", { name: "Problems" });
      const problem = problems.getByRole("button", { name: /\(no_options at line 2, column 38\)/ });
      await problem.click();
      const source = page.getByRole("textbox", { name: "Form source" });
      expect(await source.evaluate((element) => element === document.activeElement)).to.equal(true);
      expect(await source.evaluate((element: HTMLTextAreaElement) => element.selectionStart)).to.equal(
        "Pick one:\n".length + 37,
      );
      expect(await page.getByRole("form").count()).to.equal(0);
    });

    it("lists a JSON form's problems, and a click puts the cursor at the value its path names", async () => {
      const data = JSON.stringify(
        { message: "Pick", questions: [{ id: "a", type: "single_select", title: "A", required: true, options: [] }] },
        null,
        2,
      );
      await paste(page, data);
      const problems = page.getByRole("list", { name: "Problems" }).getByRole("button");
      expect(await problems.count()).to.be.greaterThan(0);
      const first = problems.first();
      expect(await first.textContent()).to.match(/^error .*\(\w+ at questions\[0\]\.options\)$/);
      await first.click();
      const source = page.getByRole("textbox", { name: "Form source" });
      expect(await source.evaluate((element: HTMLTextAreaElement) => element.selectionStart)).to.equal(
        data.indexOf('"options": ') + '"options": '.length,
      );
    });

    it("locates a JSON syntax error", async () => {
      await paste(page, '{\n  "message": "Pick",\n  "questions": [\n}');
      const problem = page.getByRole("list", { name: "Problems" }).getByRole("button");
      expect(await problem.textContent()).to.match(/^error .*\(invalid_json at line 4, column 1\)$/);
      expect(await page.getByRole("status", { name: "Detected protocol" }).textContent()).to.equal("none");
    });

    it("reads the source as a forced protocol, and says so", async () => {
      await paste(page, examples[0]?.text ?? "");
      await page.getByRole("combobox", { name: "Protocol" }).selectOption("native");
      expect(await page.getByRole("status", { name: "Detected protocol" }).textContent()).to.equal(
        "OpenAI native (forced)",
      );
      expect(await page.getByRole("list", { name: "Problems" }).getByRole("button").first().textContent()).to.match(
        /^error /,
      );
      expect(await page.getByRole("form").count()).to.equal(0);
      await page.getByRole("combobox", { name: "Protocol" }).selectOption({ label: "Detect" });
      expect(await page.getByRole("status", { name: "Detected protocol" }).textContent()).to.equal("Data tool");
    });
  });

  it("keeps the source in the URL fragment, so a link reproduces the page", async () => {
    const text = examples.find((example) => example.file.includes("discovery"))?.text ?? "";
    await paste(page, text);
    const link = new URL(page.url());
    expect(new URLSearchParams(link.hash.slice(1)).get("source")).to.equal(text);
    const other = await playground.open(link.hash);
    try {
      expect(await other.page.getByRole("textbox", { name: "Form source" }).inputValue()).to.equal(text);
      expect(await other.page.getByRole("status", { name: "Detected protocol" }).textContent()).to.equal(
        "<question-form>",
      );
      expect(await other.page.getByRole("form", { name: "Quick brief — 30 seconds" }).count()).to.equal(1);
    } finally {
      await other.page.close();
    }
  });

  it("previews the form picked in a message of several, and keeps the pick in the link", async () => {
    await paste(page, readFileSync("test/fixtures/cli/two-forms.assistant.md", "utf8"));
    const picker = page.getByRole("combobox", { name: "Form", exact: true });
    expect(await picker.locator("option").allTextContents()).to.deep.equal(["scope — Scope", "assets — Assets"]);
    expect(await page.getByRole("form", { name: "Scope" }).count()).to.equal(1);
    await picker.selectOption("assets");
    expect(
      await page.getByRole("form", { name: "Assets" }).getByRole("button", { name: "Logo files" }).count(),
    ).to.equal(1);
    expect(await preText(page.getByRole("region", { name: "OpenAI native", exact: true }))).to.contain(
      '"message": "Assets"',
    );
    expect(new URLSearchParams(new URL(page.url()).hash.slice(1)).get("form")).to.equal("assets");
  });

  it("says that host-catalog direction cards need the host's catalog, in the preview and in the outputs", async () => {
    const message =
      '<question-form id="look">{"questions": [{"id": "direction", "label": "Direction", "type": ' +
      '"direction-cards"}]}</question-form>';
    await paste(page, message);
    expect(
      await page
        .getByRole("form", { name: "look" })
        .getByRole("group", { name: "Direction" })
        .getByText("The host shows its own catalog of directions here")
        .count(),
    ).to.equal(1);
    expect(await preText(page.getByRole("region", { name: "OpenAI native", exact: true }))).to.match(
      /^missing_direction_catalog: /,
    );
    expect(await preText(page.getByRole("region", { name: "<question-form>", exact: true }))).to.contain(
      '"type": "direction-cards"',
    );
  });

  it("shows a form's text as text, never as markup", async () => {
    const markup = '<img src=x onerror="document.title=1">';
    await paste(
      page,
      JSON.stringify({
        message: markup,
        questions: [{ id: "a", type: "text", title: markup, description: markup, required: false }],
      }),
    );
    const form = page.getByRole("form", { name: markup });
    expect(await form.getByRole("textbox", { name: markup, exact: true }).count()).to.equal(1);
    expect(await form.locator("img").count()).to.equal(0);
    expect(await page.title()).to.equal("formgate playground");
  });

  it("works opened from its files, without a server (published as files)", async () => {
    const local = await playground.context.newPage();
    try {
      await local.goto(`file://${playground.dir}/index.html`);
      expect(await local.getByRole("status", { name: "Detected protocol" }).textContent()).to.equal("Data tool");
      expect(await local.getByRole("form", { name: "Choose a report template" }).count()).to.equal(1);
    } finally {
      await local.close();
    }
  });

  it("copies a protocol's output", async () => {
    await playground.context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: new URL(playground.url).origin,
    });
    await paste(page, examples[0]?.text ?? "");
    const native = page.getByRole("region", { name: "OpenAI native", exact: true });
    await native.getByRole("button", { name: "Copy" }).click();
    await native.getByText("Copied.").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).to.equal(await preText(native));
  });
});
