/**
 * formgate/mcp-app: formgate's form inside an MCP App (`@modelcontextprotocol/ext-apps`'s `App`,
 * which the page brings). docs/mcp-apps.md.
 */
export { mountFormApp } from "./mount-any.js";
export { SUBMIT_TOOL_NAME } from "./names.js";
export type { FormAppOptions, FormApp } from "./mount.js";
