import type { CallToolResult } from "@modelcontextprotocol/server";
import { ANSWER_BY_MESSAGE_META_KEY } from "../../mcp-app/names.js";
import { FORM_APP_URI } from "./capability.js";

/** What the model reads: the form is on screen, and the answer is not in this result. */
export const APP_SHOWN_TEXT =
  "The form is shown to the person in formgate's app. Their answers come as their next message " +
  "([form answers — …]); nothing was answered yet. Wait for that message instead of calling the tool again.";

/**
 * The 2026-07-28 result for a client that shows MCP Apps and no form elicitation: no input request
 * can reach it, so the call ends at once, naming the app (`_meta.ui.resourceUri`), which shows the
 * form and, told by `_meta["formgate/answerByMessage"]` that no call waits, sends the answer as the
 * person's message. Nothing is held between requests. The text is what the model reads.
 */
export const APP_SHOWN_RESULT: CallToolResult = {
  content: [{ type: "text", text: APP_SHOWN_TEXT }],
  _meta: { ui: { resourceUri: FORM_APP_URI }, [ANSWER_BY_MESSAGE_META_KEY]: true },
};
