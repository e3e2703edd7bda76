/**
 * AskUserQuestion's limits and wire strings, each said once (`@anthropic-ai/claude-agent-sdk`
 * 0.3.328, `sdk-tools.d.ts`; Claude Code's own input schema for the tool). docs/ask-user-question.md.
 */

/** The protocol's name in formgate's registry. */
export const PROTOCOL = "ask-user-question";

/** The built-in tool's name, as a `tool_use` block and `canUseTool` name it. */
export const TOOL_NAME = "AskUserQuestion";

/** Questions per call (`@minItems 1`, `@maxItems 4`). */
export const MIN_QUESTIONS = 1;
export const MAX_QUESTIONS = 4;

/** Options per question (`@minItems 2`, `@maxItems 4`); the host adds a typed "Other" answer itself. */
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 4;

/** The header chip's documented width ("max 12 chars"): documented, not enforced by the runtime. */
export const HEADER_WIDTH = 12;

/** How `annotations[question].unanswered` says a question went unanswered; any other value is absent. */
export const UNANSWERED = ["skipped", "replied_in_chat", "dismissed"] as const;

/** What a boolean question becomes: a single choice between these two labels. */
export const BOOLEAN_LABELS = { yes: "Yes", no: "No" } as const;

/** The `deny` messages formgate writes for a decline and a cancel (the model reads them). */
export const DENY_MESSAGES = {
  decline: "The user declined to answer the questions.",
  cancel: "The user dismissed the questions without answering.",
} as const;
