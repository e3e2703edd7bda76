import { type FormModel, type Result, failure, jsonValueProblem, quoted } from "../../model/index.js";
import { Keywords, isRecord, interruptKeywords, openedSchema, interruptForm } from "../json-schema/index.js";
import { Report } from "../report/index.js";
import type { MastraFormExtension } from "./extensions.js";
import { mastraLayer } from "./layer.js";
import { DEFAULT_TOOL_NAME, FROM_AGENT, TOOL_CALL_APPROVAL, TOOL_CALL_SUSPENDED } from "./wire.js";

/** The members of a Mastra stream chunk (`BaseChunkType` and its `type` and `payload`). */
const CHUNK_KEYS = ["type", "runId", "from", "metadata", "payload"];
/** The members of `ToolCallSuspendedPayload` (`ToolCallApprovalPayload` has all but `suspendPayload`). */
const PAYLOAD_KEYS = ["toolCallId", "toolName", "suspendPayload", "args", "resumeSchema"];

/**
 * Reads a Mastra agent stream chunk into the model (`@mastra/core` 1.71.0): a
 * `tool-call-suspended` chunk `{ type, runId?, from?, payload: { toolCallId, toolName,
 * suspendPayload, args, resumeSchema } }` or a `tool-call-approval` one (no `suspendPayload`).
 * `resumeSchema` is the JSON Schema of the `resumeData`, serialised as a string: it is parsed and
 * read by the shared JSON-Schema codec as AG-UI's `responseSchema` is; every other keyword is an
 * error naming it, and a chunk without one is not a form. The title is `suspendPayload.message`;
 * the tool call's id is the form's id; the rest is kept in `extensions.mastra` (docs/mastra.md).
 */
export function readMastraForm(input: unknown): Result<FormModel> {
  const notJson = jsonValueProblem(input);
  if (notJson !== undefined) return failure("invalid_form", [notJson]);
  const report = Report.start();
  if (!isRecord(input) || (input.type !== TOOL_CALL_SUSPENDED && input.type !== TOOL_CALL_APPROVAL)) {
    (isRecord(input) ? report.at("type") : report).error(
      isRecord(input) ? (Object.hasOwn(input, "type") ? "invalid_value" : "missing_property") : "invalid_type",
      `The input must be a Mastra stream chunk { type: "${TOOL_CALL_SUSPENDED}" or "${TOOL_CALL_APPROVAL}", ` +
        "payload: { toolCallId, toolName, args, resumeSchema } }.",
    );
    return report.fail("invalid_form");
  }
  const chunk = interruptKeywords(input, report, CHUNK_KEYS, "a Mastra chunk");
  const ext: MastraFormExtension = input.type === TOOL_CALL_APPROVAL ? { approval: true } : {};
  readChunk(chunk, ext);
  if (!isRecord(input.payload)) {
    chunk.fail(
      "payload",
      chunk.has("payload") ? "invalid_type" : "missing_property",
      "must be the tool call { toolCallId, toolName, args, resumeSchema }",
    );
    return report.fail("invalid_form");
  }
  const payload = new Keywords(input.payload, report.at("payload"));
  payload.ignoreOthers(
    ext.approval ? PAYLOAD_KEYS.filter((key) => key !== "suspendPayload") : PAYLOAD_KEYS,
    (key) => `The key ${quoted(key)} is not a member of a Mastra ${input.type} payload, so it is ignored.`,
  );
  const id = required(payload, "toolCallId");
  const toolName = required(payload, "toolName");
  // What formgate writes by default (its tool name, no arguments) is no wire detail to keep.
  if (toolName !== undefined && toolName !== DEFAULT_TOOL_NAME) ext.toolName = toolName;
  if (payload.has("args")) {
    const args = input.payload.args;
    if (!isRecord(args)) payload.fail("args", "invalid_type", "must be the tool call's arguments, an object");
    else if (Object.keys(args).length > 0) ext.args = structuredClone(args);
  }
  const message = ext.approval ? undefined : readSuspendPayload(payload, ext);
  const schema = parseSchema(payload, id, ext);
  return interruptForm(id, message, schema, payload.at("resumeSchema"), mastraLayer, ext);
}

/** The chunk's `runId`, `from` and `metadata`, kept so that they are written back. */
function readChunk(chunk: Keywords, ext: MastraFormExtension): void {
  const runId = chunk.string("runId");
  if (runId !== undefined) ext.runId = runId;
  const from = chunk.string("from");
  if (from !== undefined && from !== FROM_AGENT) ext.from = from;
  if (!chunk.has("metadata")) return;
  const metadata = chunk.object.metadata;
  if (isRecord(metadata)) ext.metadata = structuredClone(metadata);
  else chunk.fail("metadata", "invalid_type", "must be an object (a Mastra chunk's metadata holds values by key)");
}

function required(payload: Keywords, key: string): string | undefined {
  if (!payload.has(key)) return payload.fail(key, "missing_property", "is required in a Mastra tool call payload");
  return payload.string(key);
}

/** `suspendPayload.message` (the form's title); its other keys, or a payload that is no object, are kept. */
function readSuspendPayload(payload: Keywords, ext: MastraFormExtension): string | undefined {
  if (!payload.has("suspendPayload")) return undefined;
  const value = payload.object.suspendPayload;
  if (!isRecord(value)) {
    ext.rawSuspendPayload = structuredClone(value);
    return undefined;
  }
  const { message, ...rest } = value;
  const title = payload.at("suspendPayload").text("message", message);
  const kept = title === undefined ? value : rest;
  if (Object.keys(kept).length > 0) ext.suspendPayload = structuredClone(kept);
  if (message === "") ext.emptyMessage = true;
  return title === "" ? undefined : title;
}

/**
 * `resumeSchema` parsed from its string (`additionalProperties: false`, which zod writes, kept
 * rather than read by the codec), or undefined with the problem recorded.
 */
function parseSchema(payload: Keywords, id: string | undefined, ext: MastraFormExtension): unknown {
  const at = payload.at("resumeSchema");
  const text = payload.object.resumeSchema;
  if (text === undefined || text === null)
    return payload.fail(
      "resumeSchema",
      "missing_property",
      `The tool call${id === undefined ? "" : ` "${id}"`} has no resumeSchema, so it does not say what resumeData ` +
        "it takes: formgate reads a suspended tool call as a form only when the tool declares a resumeSchema.",
    );
  if (typeof text !== "string")
    return payload.fail("resumeSchema", "invalid_type", "must be the JSON Schema of the resumeData, serialised");
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch {
    return payload.fail("resumeSchema", "invalid_value", "is not JSON: it must be a JSON Schema serialised");
  }
  const deep = jsonValueProblem(schema);
  if (deep !== undefined) return void at.adopt([deep]);
  return openedSchema(schema, at, ext, "The resumeSchema's");
}
