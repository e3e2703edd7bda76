/** formgate server's app-only tool that answers one pending `form_elicitation_v2_request` call (docs/mcp-apps.md). */
export const SUBMIT_TOOL_NAME = "form_elicitation_v2_submit";

/**
 * The `_meta` key of a tool result that names the app while no call waits for it (MCP 2026-07-28):
 * `true` tells the app to send the answer as the person's message (docs/mcp-apps.md).
 */
export const ANSWER_BY_MESSAGE_META_KEY = "formgate/answerByMessage";
