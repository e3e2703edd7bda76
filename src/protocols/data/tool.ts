/**
 * The Data tool as a model sees it, said once for every host that offers it: the MCP server
 * (`formgate/server`) and the AI SDK tool (`formgate/ai-sdk`). Browser-safe: no `node:` module,
 * no MCP SDK.
 */
import inputSchema from "../../../schemas/data-tool-input.schema.json" with { type: "json" };
import resultSchema from "../../../schemas/data-tool-result.schema.json" with { type: "json" };
import { MAX_ICONS, MAX_OPTIONS, MAX_QUESTIONS } from "./limits.js";

/** The Data tool's input JSON Schema (schemas/data-tool-input.schema.json), the contract the validator enforces. */
export const DATA_TOOL_INPUT_SCHEMA: Record<string, unknown> = inputSchema;

/** The Data tool's result JSON Schema (schemas/data-tool-result.schema.json). */
export const DATA_TOOL_RESULT_SCHEMA: Record<string, unknown> = resultSchema;

/**
 * What the model reads before calling the tool, in the four parts the spec sets out.
 * Field-level guidance (title placement, skippability, card metadata) lives in the
 * input schema's descriptions, next to the fields it is about.
 */
export const FORM_TOOL_DESCRIPTION =
  `Ask the person to fill in one native form, in order, and wait for them to submit, decline or cancel it.

## When to call
- Only when required source material is missing and prevents meaningful progress, or when the person explicitly ` +
  `asked for an interaction or to wait for their input.
- For any other uncertainty, prefer best-effort delivery and asking in the conversation. Do not call it merely to ` +
  `collect optional preferences for a task that is already specified well enough.
- The call blocks until the form is answered; making every question optional does not make it non-blocking.
- It only collects answers. It does not discover resources, fetch images, inspect files, install plugins, edit ` +
  `artifacts or analyse anything: do that yourself before or after.

## Question types
- \`text\`: free text; the answer is a string (at most \`maxLength\` characters, 4,000 unless set).
- \`single_select\`: one of your own options; the answer is that option's id.
- \`multi_select\`: several of your own options; the answer is an array of distinct option ids.
- \`resource\`: one real resource you offer (use it for templates); the answer is its URI.
- \`resources\`: several real resources you offer; the answer is an array of their URIs.
- \`files\`: resources you offer and/or files the person picks on their computer; the answer is an array of ` +
  `offered URIs or absolute local \`file://\` URIs. \`accept\` filters the picker; it does not prove a file's type, ` +
  `that it was uploaded, or that you can read it.

## Build the form
- \`message\` is the form's header. For a single text or choice question, use the actual question there and ` +
  `repeat it as the question's \`title\`; for a direct action, an action title such as "Upload your data"; for ` +
  `several independent questions, a concise shared heading with self-contained titles.
- Put useful context in a question's \`description\`; omit it when it would only repeat the title.
- Set \`required\` explicitly on every question; intake questions, files included, are normally \`false\`. An ` +
  `optional question can be skipped; nothing is preselected and there are no defaults.
- Resource cards: use only URIs and images from verified discovery results, never invented ones. Prefix each ` +
  `\`title\` with the resource's real type ("Presentation · Business review") and keep it short: it is both the ` +
  `caption and the hover title, and long ones are truncated. Put the provider or format logo in \`icons\` (at most ` +
  `${MAX_ICONS}) and a preview image in \`thumbnail\` (HTTPS URL or base64 image data URI).
- For a template choice: \`type: "resource"\`, \`required: false\`, an action heading such as "Choose a report ` +
  `template" and a distinct collection title such as "Relevant report templates".
- The limits (${MAX_QUESTIONS} questions, ${MAX_OPTIONS} options) are ceilings, not targets: ask only what blocks ` +
  `progress.

## Results and boundaries
- The result is \`{ "action": "accept", "content": { <question id>: answer } }\` (a skipped question has no key), ` +
  `\`{ "action": "decline" }\`, \`{ "action": "cancel" }\`, or \`{ "error": { "code", "message" } }\`.
- Only \`accept\` supplies answers. A decline, a cancellation, a timeout or an error selects nothing and ` +
  `authorizes nothing; never treat it as the person accepting a default.
- Error codes: \`invalid_arguments\` (fix the form and call again), \`unsupported_client\` (this host cannot show ` +
  `the form, or one of its questions, named in \`error.issues\`: ask in the conversation instead, or leave that ` +
  `question out), \`invalid_response\` (the submission failed validation, or the host's retry did not match the ` +
  `form it showed; no answers were applied), \`request_cancelled\`, \`timeout\` (no submission in time), ` +
  `\`transport_error\` (the form could not be shown or answered).`;
