/**
 * Takes the screenshots of docs/dom.md in Debian's chromium: every bundled example (src/playground/examples.json)
 * drawn by formgate/dom with its stylesheet, light and dark, after a failed Submit (where one fails), answered, and
 * the every-control example 375 px wide. Run: npm run dom:screenshots (writes docs/dom/*.png).
 */
import { readFileSync } from "node:fs";
import { build } from "esbuild";
import type { Page } from "playwright-core";
import { readForm } from "../src/gateway/translate.js";
import type { Answers, AnswerValue, Field, FormModel, FormResponse } from "../src/model/index.js";
import { everyControlAnswers } from "../test/support/every-control.js";
import { launchBrowser } from "../test/support/browser.js";

const examples = JSON.parse(readFileSync("src/playground/examples.json", "utf8")) as { title: string; file: string }[];

function formOf(file: string): FormModel {
  const text = readFileSync(file, "utf8");
  const read = readForm(file.endsWith(".json") ? JSON.parse(text) : text);
  if (!read.ok) throw new Error(`${file}: ${read.error.message}`);
  return read.value.form;
}

/** The example's name in the screenshots' file names: `examples/discovery.assistant.md` is `discovery`. */
const slug = (file: string) => (file.split("/").pop() ?? file).split(".")[0] as string;

const TEXT: Record<string, string> = {
  email: "ana@example.com",
  uri: "https://northwind.example",
  date: "2027-03-01",
  time: "09:30",
  "date-time": "2027-02-01T10:00",
  color: "#c8553d",
  tel: "+44 20 7946 0000",
};

/** A plausible answer to a question, for the answered screenshots. */
function sampleAnswer(field: Field): AnswerValue | undefined {
  switch (field.kind) {
    case "text":
      return TEXT[field.format ?? ""] ?? (field.multiline ? "A tea shop for people in a hurry." : "Northwind");
    case "number":
      return field.minimum ?? 10;
    case "boolean":
      return true;
    case "choice": {
      const values = field.options.map((option) => option.value);
      return field.multiple ? values.slice(0, 2) : values[0];
    }
    case "resource":
    case "file": {
      const uris = field.kind === "file" && field.options.length === 0 ? ["file:///srv/uploads/logo.svg"] : [];
      const values = [...field.options.map((option) => option.uri), ...uris];
      return field.multiple ? values.slice(0, 2) : values[0];
    }
  }
}

function sampleResponse(form: FormModel, file: string): FormResponse {
  if (slug(file) === "every-control")
    return { action: "accept", answers: everyControlAnswers(["file:///srv/uploads/logo.svg"]) };
  const answers: Answers = {};
  for (const field of form.fields) {
    const answer = sampleAnswer(field);
    if (answer !== undefined) answers[field.id] = answer;
  }
  return { action: "accept", answers };
}

const bundled = await build({
  stdin: {
    // The page's one function: draws a form (answered, given a response), with a file store as a host that takes
    // files passes one, so the file questions show their picker.
    contents: `import { renderForm } from "./src/dom/index.ts";
      const files = async (file) => "file:///srv/uploads/" + encodeURIComponent(file.name);
      window.show = (form, response) => {
        const host = document.getElementById("host");
        host.replaceChildren();
        renderForm(host, form, response === null ? { files } : { files, response });
      };`,
    resolveDir: process.cwd(),
    loader: "js",
  },
  bundle: true,
  format: "iife",
  write: false,
  logLevel: "silent",
});
const script = bundled.outputFiles[0]?.text ?? "";
const style = readFileSync("src/dom/style.css", "utf8");
const html = `<!doctype html><html lang="en" style="color-scheme: light dark"><head><meta charset="utf-8">
<style>${style}
body { margin: 0; padding: 24px; font: 16px/1.5 system-ui, sans-serif; background: light-dark(#f4f5f7, #0f1113); }
main { max-width: 640px; margin: 0 auto; }</style></head><body><main id="host"></main></body></html>`;

async function shoot(page: Page, form: FormModel, path: string, response?: FormResponse, submit = false) {
  await page.evaluate(`show(${JSON.stringify(form)}, ${JSON.stringify(response ?? null)})`);
  if (submit) {
    await page.locator(".fg-submit").click();
    if (await page.locator(".fg-summary").isHidden()) return false;
    await page.evaluate("window.scrollTo(0, 0)");
  }
  await page.locator("#host").screenshot({ path, animations: "disabled" });
  return true;
}

const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 720, height: 900 } });
  // The examples' images are on hosts this machine cannot reach: their places stay empty.
  await page.route(/^https?:/, (route) => route.abort());
  await page.setContent(html);
  await page.addScriptTag({ content: script });
  const written: string[] = [];
  for (const { file } of examples) {
    const form = formOf(file);
    const name = `docs/dom/${slug(file)}`;
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await shoot(page, form, `${name}-${scheme}.png`);
      if (await shoot(page, form, `${name}-errors-${scheme}.png`, undefined, true))
        written.push(`${name}-errors-${scheme}.png`);
      await shoot(page, form, `${name}-answered-${scheme}.png`, sampleResponse(form, file));
      written.push(`${name}-${scheme}.png`, `${name}-answered-${scheme}.png`);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.addStyleTag({ content: "body { padding: 12px; }" });
  await shoot(page, formOf("examples/every-control.assistant.md"), "docs/dom/every-control-375.png");
  written.push("docs/dom/every-control-375.png");
  console.log(written.sort().join("\n"));
} finally {
  await browser.close();
}
