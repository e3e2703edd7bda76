import type { ClientCapabilities } from "@modelcontextprotocol/server";
import { choosePath } from "../form-paths.js";

/**
 * The MCP Apps extension's wire names (SEP-1865), as `@modelcontextprotocol/ext-apps` exports them
 * (`EXTENSION_ID`, `RESOURCE_MIME_TYPE`, `RESOURCE_URI_META_KEY`); written here so that the server
 * does not need that optional peer at run time, and checked against it by test/server/app.test.ts.
 */
export const UI_EXTENSION = "io.modelcontextprotocol/ui";
export const APP_MIME_TYPE = "text/html;profile=mcp-app";
export const LEGACY_RESOURCE_URI_KEY = "ui/resourceUri";

/** formgate's app: the form of one Data tool call. */
export const FORM_APP_URI = "ui://formgate/form";

/**
 * True when the client shows MCP Apps: `capabilities.extensions["io.modelcontextprotocol/ui"]`
 * whose `mimeTypes` include `text/html;profile=mcp-app`.
 */
export function supportsMcpApps(capabilities: ClientCapabilities | undefined): boolean {
  const extensions: unknown = capabilities?.extensions;
  if (typeof extensions !== "object" || extensions === null || !Object.hasOwn(extensions, UI_EXTENSION)) return false;
  const ui: unknown = (extensions as Record<string, unknown>)[UI_EXTENSION];
  if (typeof ui !== "object" || ui === null) return false;
  const mimeTypes: unknown = (ui as { mimeTypes?: unknown }).mimeTypes;
  return Array.isArray(mimeTypes) && mimeTypes.includes(APP_MIME_TYPE);
}

/**
 * True when the client gets formgate's form as an app: it shows MCP Apps and no form elicitation
 * formgate could send it in its era (native forms, or standard ones when the fallback is on).
 */
export function showsFormsOnlyAsApp(
  capabilities: ClientCapabilities | undefined,
  modern: boolean,
  standardFallback: boolean,
): boolean {
  return supportsMcpApps(capabilities) && choosePath(capabilities, modern, standardFallback) === undefined;
}
