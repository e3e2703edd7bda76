import { type FormModel, type Result, quoted } from "../../model/index.js";
import { Report } from "../report/index.js";
import { formIdOf } from "../derived-id.js";
import { requestedSchemaFor, unwrittenRequestKeys } from "../json-schema/index.js";
import { type MastraFormExtension, formExtension } from "./extensions.js";
import { mastraLayer } from "./layer.js";
import {
  DEFAULT_TOOL_NAME,
  FROM_AGENT,
  type MastraSuspendPayload,
  type MastraSuspendedChunk,
  type MastraWriteOptions,
  TOOL_CALL_APPROVAL,
  TOOL_CALL_SUSPENDED,
} from "./wire.js";

/**
 * Writes a model form as a Mastra `tool-call-suspended` chunk: `{ type, runId, from: "AGENT",
 * payload: { toolCallId, toolName, suspendPayload: { message }, args, resumeSchema } }`, the
 * schema serialised as Mastra streams it. The run, the tool call and the tool are the options',
 * else those read from Mastra; a tool call id is derived from the form (`defaulted`), and a chunk
 * without a run id says the host must add it (`missing_property`). A chunk read as a
 * `tool-call-approval` is written back as one. What the schema cannot say is a warning; a
 * question it cannot ask at all (the person's own files) is an error naming it.
 */
export function writeMastraForm(form: FormModel, options: MastraWriteOptions = {}): Result<MastraSuspendedChunk> {
  const ext = formExtension(form);
  const report = Report.start();
  report.adopt(
    unwrittenRequestKeys(form, mastraLayer, {
      keys: ["id"],
      name: "a Mastra suspended tool call",
      has: "a tool call id, a message and questions",
    }),
  );
  const toolCallId = options.toolCallId ?? formIdOf(form);
  if (options.toolCallId === undefined && form.id === undefined)
    report
      .at("id")
      .warn(
        "defaulted",
        `The form has no id, so the tool call's id is derived from the form (${quoted(toolCallId)}); pass ` +
          "toolCallId (--tool-call-id) to name the call the agent suspended.",
      );
  const runId = options.runId ?? ext.runId;
  if (runId === undefined)
    report
      .at("runId")
      .warn(
        "missing_property",
        "The chunk is written without a runId, which agent.resumeStream needs: the host must add the run it " +
          "suspended; pass runId to translate, or --run-id to the CLI.",
      );
  if (ext.approval && form.title !== undefined)
    report
      .at("title")
      .warn("dropped", "A Mastra tool-call-approval chunk carries no message, so the title is not written.");
  const written = requestedSchemaFor(form, mastraLayer, report);
  if (!written.ok) return written;
  // In the order zod writes it: `$schema` first, `additionalProperties` last.
  const { $schema, ...rest } = written.value;
  const schema = {
    ...($schema !== undefined && { $schema }),
    ...rest,
    ...(ext.closed && { additionalProperties: false }),
  };
  const chunk = {
    type: ext.approval ? TOOL_CALL_APPROVAL : TOOL_CALL_SUSPENDED,
    ...(runId !== undefined && { runId }),
    from: ext.from ?? FROM_AGENT,
    ...(ext.metadata !== undefined && { metadata: structuredClone(ext.metadata) }),
    payload: {
      toolCallId,
      toolName: options.toolName ?? ext.toolName ?? DEFAULT_TOOL_NAME,
      ...(!ext.approval && { suspendPayload: suspendPayload(form, ext) }),
      args: structuredClone(ext.args ?? {}),
      resumeSchema: JSON.stringify(schema),
    },
  } as MastraSuspendedChunk;
  return report.result("unsupported_form", chunk);
}

function suspendPayload(form: FormModel, ext: MastraFormExtension): MastraSuspendPayload {
  if (Object.hasOwn(ext, "rawSuspendPayload") && form.title === undefined)
    return structuredClone(ext.rawSuspendPayload) as MastraSuspendPayload;
  const message = form.title ?? (ext.emptyMessage ? "" : undefined);
  return { ...(message !== undefined && { message }), ...structuredClone(ext.suspendPayload) };
}
