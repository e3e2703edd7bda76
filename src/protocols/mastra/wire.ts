import type { WrittenSchema } from "../json-schema/index.js";

/** The chunk type of a tool that suspended itself, waiting for `resumeData`. */
export const TOOL_CALL_SUSPENDED = "tool-call-suspended";
/** The chunk type of a tool call waiting for approval (`requireApproval`), resumed with `{ approved, reason? }`. */
export const TOOL_CALL_APPROVAL = "tool-call-approval";
/**
 * The tool name written for a form not read from Mastra (not `ask_user`: Mastra's built-in tool of that name
 * resumes with a bare string, not an object).
 */
export const DEFAULT_TOOL_NAME = "formgate_form";
/** Who writes an agent's chunks (`ChunkFrom.AGENT`). */
export const FROM_AGENT = "AGENT";

/**
 * What a tool's `suspend(payload)` carried, as formgate writes it: the form's title as `message`
 * (what Mastra's own tests suspend with), beside the other keys of a payload read from Mastra.
 */
export interface MastraSuspendPayload {
  message?: string;
  [key: string]: unknown;
}

/**
 * The payload of a `tool-call-suspended` chunk (`@mastra/core` 1.71.0 `ToolCallSuspendedPayload`;
 * `test/mastra/sdk-types.test.ts` checks both ways): `resumeSchema` is the JSON Schema of the
 * `resumeData`, serialised as a string.
 */
export interface MastraSuspendedPayload {
  toolCallId: string;
  toolName: string;
  suspendPayload: MastraSuspendPayload;
  args: Record<string, unknown>;
  resumeSchema: string;
}

/** The payload of a `tool-call-approval` chunk (`ToolCallApprovalPayload`): no `suspendPayload`. */
export type MastraApprovalPayload = Omit<MastraSuspendedPayload, "suspendPayload">;

/**
 * A Mastra agent stream chunk asking for `resumeData`, as formgate writes it: a suspended tool
 * call (or, read as one, a tool call waiting for approval). `runId` is the run to resume
 * (`agent.resumeStream(resumeData, { runId, toolCallId })`); a form not read from Mastra has
 * none unless the host names it. `from` is `"AGENT"` unless a chunk read said otherwise.
 */
export type MastraSuspendedChunk = {
  runId?: string;
  from: string;
  metadata?: Record<string, unknown>;
} & (
  | { type: typeof TOOL_CALL_SUSPENDED; payload: MastraSuspendedPayload }
  | { type: typeof TOOL_CALL_APPROVAL; payload: MastraApprovalPayload }
);

/** The `resumeData` answering a suspended tool call: the object its `resumeSchema` describes. */
export type MastraResumeData = Record<string, string | number | boolean | string[]>;

/** The options of `writeMastraForm` (the CLI's `--run-id`, `--tool-call-id`, `--tool-name`). */
export interface MastraWriteOptions {
  runId?: string;
  toolCallId?: string;
  toolName?: string;
}

/** The schema formgate writes, before it is serialised into `resumeSchema`. */
export type MastraResumeSchema = WrittenSchema & { additionalProperties?: false };
