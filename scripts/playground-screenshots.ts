/**
 * Takes the screenshots of docs/playground.md in Debian's chromium: the whole page on the first
 * bundled example, and the preview of the every-control example answered and submitted.
 * Run: npm run playground:screenshots
 */
import { readFileSync } from "node:fs";
import { startPlayground } from "../test/support/browser.js";

const playground = await startPlayground();
try {
  const { page } = await playground.open();
  // Tall enough for every protocol's region.
  await page.setViewportSize({ width: 1500, height: 1250 });
  // The examples' images are on hosts this machine cannot reach: their places stay empty.
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: "docs/playground.png" });

  await page
    .getByRole("textbox", { name: "Form source" })
    .fill(readFileSync("examples/every-control.assistant.md", "utf8"));
  const preview = page.getByRole("form", { name: "Site brief" });
  await preview.getByRole("textbox", { name: "One-paragraph pitch" }).fill("A tea shop for people in a hurry.");
  await preview.getByRole("spinbutton", { name: "How many pages?" }).fill("60");
  await preview.getByRole("slider", { name: "Budget (k€)" }).fill("35");
  await preview.getByRole("textbox", { name: "Launch date" }).fill("2027-03-01");
  await preview.getByRole("textbox", { name: "Brand colour" }).fill("#c8553d");
  await preview.getByRole("switch", { name: "Dark mode" }).check();
  await preview.getByRole("radio", { name: "Calm" }).check();
  await preview.getByRole("checkbox", { name: "About" }).check();
  await preview.getByRole("checkbox", { name: "Blog" }).check();
  await preview.getByRole("radio", { name: "Editorial" }).check();
  await preview.getByRole("button", { name: "Send brief" }).click();
  await page.waitForLoadState("networkidle");
  await preview.screenshot({ path: "docs/playground-preview.png" });
} finally {
  await playground.close();
}
