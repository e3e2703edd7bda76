/** formgate server's app-only tool that answers one pending `form_elicitation_v2_request` call (docs/mcp-apps.md). */
export const SUBMIT_TOOL_NAME = "form_elicitation_v2_submit";
