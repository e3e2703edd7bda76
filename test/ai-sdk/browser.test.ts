import { expect } from "chai";
import { build } from "esbuild";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { launchBrowser } from "../support/browser.js";

const root = fileURLToPath(new URL("../../", import.meta.url));

/**
 * A page of a chat app: formgate/ai-sdk from the built package (through its exports map) and
 * the AI SDK with its mock model, bundled by esbuild for the browser, run in chromium: the
 * Data tool streams into a live form, a <question-form> block through the transform.
 */
const PAGE = `
import { DATA_TOOL_NAME, dataTool, questionFormChunkTransform, readToolPart } from "formgate/ai-sdk";
import { readUIMessageStream, simulateReadableStream, streamText } from "ai";
import { MockLanguageModelV4 } from "ai/test";
const usage = { inputTokens: { total: 1, noCache: 1 }, outputTokens: { total: 1, text: 1 } };
const question = { id: "city", type: "text", title: "City?", required: true };
const input = JSON.stringify({ message: "Trip", questions: [question] });
const block = '<question-form id="diet">{"questions":[{"id":"d","type":"text","label":"Diet"}]}</question-form>';
const chunks = [
  { type: "stream-start", warnings: [] },
  { type: "text-start", id: "t" },
  ...block.match(/[\\s\\S]{1,9}/g).map((delta) => ({ type: "text-delta", id: "t", delta })),
  { type: "text-end", id: "t" },
  { type: "tool-input-start", id: "c", toolName: DATA_TOOL_NAME },
  ...input.match(/[\\s\\S]{1,5}/g).map((delta) => ({ type: "tool-input-delta", id: "c", delta })),
  { type: "tool-input-end", id: "c" },
  { type: "tool-call", toolCallId: "c", toolName: DATA_TOOL_NAME, input },
  { type: "finish", finishReason: { unified: "tool-calls", raw: undefined }, usage },
];
const stream = simulateReadableStream({ chunks, chunkDelayInMs: null, initialDelayInMs: null });
const model = new MockLanguageModelV4({ doStream: { stream } });
const result = streamText({ model, tools: { [DATA_TOOL_NAME]: dataTool() }, prompt: "Plan" });
const seen = [];
let last;
const ui = result.toUIMessageStream().pipeThrough(questionFormChunkTransform());
for await (last of readUIMessageStream({ stream: ui })) {
  for (const part of last.parts) {
    const view = readToolPart(part);
    if (view) seen.push(view.status + ":" + (view.partial?.fields.length ?? view.form?.fields.length));
  }
}
const form = last.parts.find((part) => part.type === "data-formgate-form");
const shown = { tool: [...new Set(seen)], form: [form.id, form.data.state, form.data.form.fields[0].label] };
document.getElementById("out").textContent = JSON.stringify(shown);
`;

describe("ai-sdk: formgate/ai-sdk bundled for the browser with the AI SDK, run in chromium", () => {
  let work: string;
  let bundle: string;
  before(async () => {
    work = mkdtempSync(join(tmpdir(), "formgate-ai-sdk-"));
    mkdirSync(join(work, "node_modules"));
    symlinkSync(root, join(work, "node_modules/formgate"), "dir");
    const result = await build({
      stdin: { contents: PAGE, resolveDir: work, loader: "js" },
      nodePaths: [join(root, "node_modules")],
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    bundle = result.outputFiles[0]?.text ?? "";
    // The package's modules for bundlers (the symlink resolved to this checkout's dist/).
    expect(
      Object.keys(result.metafile.inputs).filter((input) => input.endsWith("dist/ai-sdk/index.js")),
    ).to.have.length(1);
    expect(
      Object.keys(result.metafile.inputs).filter(
        (input) => input.startsWith("node:") || input.includes("@modelcontextprotocol"),
      ),
    ).to.deep.equal([]);
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it("streams the Data tool's form live and reads the <question-form> block", async () => {
    const page = join(work, "page.html");
    writeFileSync(
      page,
      `<!doctype html><html><body><pre id="out">not run</pre><script type="module">` +
        `${bundle.replaceAll("</script", "<\\/script")}</script></body></html>`,
    );
    const browser = await launchBrowser();
    try {
      const tab = await browser.newPage();
      const errors: string[] = [];
      tab.on("pageerror", (error) => errors.push(error.message));
      await tab.goto(pathToFileURL(page).href);
      const out = tab.locator("#out");
      await out.filter({ hasNotText: "not run" }).waitFor();
      expect(errors).to.deep.equal([]);
      expect(JSON.parse((await out.textContent()) ?? "")).to.deep.equal({
        tool: ["streaming:0", "streaming:1", "ready:1"],
        form: ["diet", "ready", "Diet"],
      });
    } finally {
      await browser.close();
    }
  });
});
