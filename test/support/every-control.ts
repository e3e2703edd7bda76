import type { Locator } from "playwright-core";
import type { Answers } from "../../src/model/index.js";

/**
 * examples/every-control.assistant.md ("Site brief"), filled as a person fills it, by role and
 * accessible name: every question set, the checkboxes out of display order, `files` picked for
 * the upload. The formgate/dom and playground tests fill it so, and check the same answers.
 */
export async function fillEveryControl(
  form: Locator,
  files: { name: string; mimeType: string; buffer: Buffer }[],
): Promise<void> {
  await form.getByRole("textbox", { name: "Project name" }).fill("Northwind");
  await form.getByRole("textbox", { name: "One-paragraph pitch" }).fill("A tea shop.\nFor people in a hurry.");
  await form.getByRole("spinbutton", { name: "How many pages?" }).fill("12");
  await form.getByRole("slider", { name: "Budget (k€)" }).fill("35");
  await form.getByRole("textbox", { name: "Launch date" }).fill("2027-03-01");
  await form.getByRole("textbox", { name: "Best time for a call" }).fill("09:30");
  await form.getByRole("textbox", { name: "First review" }).fill("2027-02-01T10:00");
  await form.getByRole("textbox", { name: "Brand colour" }).fill("#c8553d");
  await form.getByRole("textbox", { name: "Contact e-mail" }).fill("ana@example.com");
  await form.getByRole("textbox", { name: "Current site" }).fill("https://northwind.example");
  await form.getByRole("textbox", { name: "Phone" }).fill("+44 20 7946 0000");
  await form.getByRole("switch", { name: "Dark mode" }).check();
  await form.getByRole("group", { name: "Tone" }).getByRole("radio", { name: "Calm" }).check();
  // Checked out of display order: the answer lists them in display order.
  await form.getByRole("group", { name: "Sections" }).getByRole("checkbox", { name: "Blog" }).check();
  await form.getByRole("group", { name: "Sections" }).getByRole("checkbox", { name: "About" }).check();
  await form.getByRole("combobox", { name: "Platform" }).selectOption({ label: "CMS" });
  await form.getByRole("button", { name: "Logo and photos" }).setInputFiles(files);
  await form.getByRole("group", { name: "Visual direction" }).getByRole("radio", { name: "Editorial" }).check();
}

/** The answers `fillEveryControl` gives, the upload answered with `assets`. */
export function everyControlAnswers(assets: string[]): Answers {
  return {
    name: "Northwind",
    pitch: "A tea shop.\nFor people in a hurry.",
    pages: 12,
    budget: 35,
    launch: "2027-03-01",
    call: "09:30",
    review: "2027-02-01T10:00",
    brand: "#c8553d",
    email: "ana@example.com",
    site: "https://northwind.example",
    phone: "+44 20 7946 0000",
    dark: true,
    tone: "Calm",
    sections: ["About", "Blog"],
    platform: "cms",
    assets,
    direction: "editorial",
  };
}
