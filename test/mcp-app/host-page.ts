import { build } from "esbuild";
import type { Browser, Frame, Page } from "playwright-core";

/** What a host page calls back: the app's tool calls (to a real MCP client) and its messages. */
export interface HostCallbacks {
  callTool?(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
}

/** What `startHost` takes (test/fixtures/mcp-app/host.mjs). */
export interface HostStart {
  html: string;
  toolCallId: string | number;
  tool: { name: string; inputSchema: Record<string, unknown>; _meta?: Record<string, unknown> };
  toolArguments?: Record<string, unknown>;
  partials?: Record<string, unknown>[];
  serverTools?: boolean;
  theme?: "light" | "dark";
  /** The app resource's `_meta.ui.prefersBorder`: no border around the iframe when false. */
  prefersBorder?: boolean;
  /** The host's style variables and font CSS (SEP-1865's `hostContext.styles`). */
  styles?: { variables?: Record<string, string>; css?: { fonts?: string } };
  toolResult?: unknown;
}

/** A chat page hosting MCP Apps, the requests it made and the messages its apps sent. */
export interface HostPage {
  page: Page;
  requests: string[];
  messages: { role: string; content: { type: string; text: string }[] }[];
  toolCalls: { name: string; arguments?: Record<string, unknown> }[];
  /** Shows one app (a new iframe in the conversation), resolved once it has initialized. */
  start(options: HostStart): Promise<Frame>;
  /** Calls a method of the i-th app's AppBridge, as the host would. */
  bridge(index: number, method: string, params: unknown): Promise<void>;
}

let script: Promise<string> | undefined;

function hostScript(): Promise<string> {
  script ??= build({
    entryPoints: [new URL("../fixtures/mcp-app/host.mjs", import.meta.url).pathname],
    bundle: true,
    format: "esm",
    write: false,
    logLevel: "warning",
  }).then((built) => built.outputFiles[0]?.text as string);
  return script;
}

const CHAT_STYLE = `body { font: 15px/1.45 system-ui, sans-serif; margin: 0; background: #f6f7f9; color: #1b1d21; }
main { max-width: 680px; margin: 0 auto; padding: 16px; display: grid; gap: 12px; }
.user { justify-self: end; background: #2b6cb0; color: #fff; padding: 8px 12px; border-radius: 14px; }
.assistant { display: grid; gap: 8px; }`;

/**
 * Opens a chat page that shows MCP Apps as a host does, logging every request the page (and its
 * apps) make. Without `callbacks.callTool`, the apps' tool calls are only recorded.
 */
export async function openHostPage(browser: Browser, callbacks: HostCallbacks = {}): Promise<HostPage> {
  const page = await browser.newPage({ viewport: { width: 720, height: 760 } });
  const host: HostPage = {
    page,
    requests: [],
    messages: [],
    toolCalls: [],
    async start(options) {
      const before = await page.locator("iframe").count();
      await page.evaluate(
        (start) => (globalThis as unknown as { startHost(o: unknown): Promise<void> }).startHost(start),
        options as unknown as Record<string, unknown>,
      );
      const frame = await page.locator("iframe").nth(before).elementHandle();
      const content = await frame?.contentFrame();
      if (content === null || content === undefined) throw new Error("no app frame");
      return content;
    },
    bridge: (index, method, params) =>
      page.evaluate(
        ([i, name, value]) =>
          (globalThis as unknown as { hostBridges: Record<string, (p: unknown) => Promise<void>>[] }).hostBridges[
            i as number
          ]?.[name as string]?.(value),
        [index, method, params] as const,
      ),
  };
  page.on("request", (request) => host.requests.push(request.url()));
  await page.exposeFunction("hostCallTool", (params: { name: string; arguments?: Record<string, unknown> }) => {
    host.toolCalls.push(params);
    return callbacks.callTool?.(params) ?? { content: [] };
  });
  await page.exposeFunction("hostMessage", (params: HostPage["messages"][number]) => void host.messages.push(params));
  await page.setContent(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Chat</title>` +
      `<style>${CHAT_STYLE}</style></head>` +
      `<body><main id="conversation"><p class="user">Help me write a quick brief for the launch.</p></main>` +
      `<script type="module">${await hostScript()}</script></body></html>`,
  );
  await page.waitForFunction(() => "startHost" in globalThis);
  return host;
}
