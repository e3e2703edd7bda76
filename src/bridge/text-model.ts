/**
 * The host bridge for a model that speaks the `<question-form>` text protocol, in a host
 * that shows native forms: each form of an assistant message becomes a native request, and
 * the native result becomes the next user message.
 */
import type { DirectionCatalog, FormModel, Issue, Result } from "../model/index.js";
import { fillDirectionCatalog, success } from "../model/index.js";
import { type NativeRequestParams, nativeProtocol } from "../protocols/native/index.js";
import { type MessageReaderOptions, type ReaderEvent, createMessageReader, questionFormProtocol, readMessage, writeDismissal } from "../protocols/question-form/index.js";
import type { ErrorSegment, FormSegment, PartialForm } from "../protocols/question-form/index.js";

/** A form of the message, ready to show: the native request and the model behind it. */
export interface BridgedForm {
  kind: "form";
  /** The form's id in the message: the id its answers must name. */
  id: string;
  form: FormModel;
  /** The params of `openai/elicitation/create` to send to the host. */
  request: NativeRequestParams;
  /** What the block's reading and the native writing dropped or approximated, each located. */
  warnings: Issue[];
  /** The block's text as it is in the message. */
  source: string;
  line: number;
  column: number;
}

/** A block that cannot be shown, kept in place with every problem (the host shows it as text or an error). */
export interface BrokenForm {
  kind: "error";
  id?: string;
  source: string;
  issues: Issue[];
  line: number;
  column: number;
}

/** One piece of a bridged message, in message order. */
export type BridgePart = { kind: "prose"; text: string } | BridgedForm | BrokenForm;

/** What the streaming bridge yields as the message arrives. */
export type BridgeEvent = BridgePart | { kind: "warning"; issue: Issue } | PartialForm;

export interface BridgedMessage {
  /** Prose and forms in order; the prose and block sources concatenate to the message. */
  parts: BridgePart[];
  /** Message-level warnings (an unterminated block, an abandoned open tag). */
  warnings: Issue[];
}

/** Options of the bridge from the text protocol to native forms. */
export interface BridgeOptions {
  /** The host's style catalog: the cards of a direction-cards question that leaves them to the host. */
  directionCatalog?: DirectionCatalog;
}

/** Splits a whole assistant message into its prose and a native request per form. */
export function bridgeAssistantMessage(message: string, options: BridgeOptions = {}): BridgedMessage {
  const { segments, warnings } = readMessage(message);
  return { parts: segments.map((segment) => (segment.kind === "prose" ? { kind: "prose", text: segment.source } : bridgeBlock(segment, options))), warnings };
}

export interface AssistantMessageBridge {
  /** Feeds the next chunk of the streamed message (text, or UTF-8 bytes split anywhere). */
  push(chunk: string | Uint8Array): BridgeEvent[];
  /** Ends the message: flushes what was held back. */
  end(): BridgeEvent[];
}

/**
 * The streaming bridge: prose as soon as it cannot be part of a tag, each form's native
 * request as soon as its closing tag arrives (with `partial: true`, a view of a form still
 * arriving as well).
 */
export function createAssistantMessageBridge(options: MessageReaderOptions & BridgeOptions = {}): AssistantMessageBridge {
  const reader = createMessageReader(options);
  const toBridgeEvent = (event: ReaderEvent): BridgeEvent => {
    switch (event.kind) {
      case "prose":
        return { kind: "prose", text: event.text };
      case "form":
      case "error":
        return bridgeBlock(event.segment, options);
      default:
        return event;
    }
  };
  return {
    push: (chunk) => reader.push(chunk).map(toBridgeEvent),
    end: () => reader.end().map(toBridgeEvent),
  };
}

function bridgeBlock(segment: FormSegment | ErrorSegment, options: BridgeOptions): BridgedForm | BrokenForm {
  if (segment.kind === "error") return broken(segment, segment.issues);
  const filled = fillDirectionCatalog(segment.form, options.directionCatalog, "a native form");
  if (!filled.ok) return broken(segment, filled.error.issues);
  const form = filled.value;
  const request = nativeProtocol.writeForm(form);
  if (!request.ok) return broken(segment, request.error.issues);
  const { id, source, line, column } = segment;
  // The native request has no form id, but nothing is lost: the bridge keeps it for the reply.
  const lost = request.warnings.filter((warning) => !(warning.path.length === 1 && warning.path[0] === "id"));
  return { kind: "form", id, form, request: request.value, warnings: [...segment.warnings, ...lost], source, line, column };
}

function broken(segment: FormSegment | ErrorSegment, issues: Issue[]): BrokenForm {
  const { id, source, line, column } = segment;
  return { kind: "error", ...(id !== undefined && { id }), source, issues, line, column };
}

/**
 * What to send the model after the person acted on a form: the answer message, or, for a
 * decline or a cancel, a notice that cannot be mistaken for answers.
 */
export type ModelReply =
  | { kind: "answers"; message: string }
  | { kind: "declined" | "cancelled"; message: string };

/**
 * Turns the native result for a bridged form into the next user message. Answers that do
 * not satisfy the form are an error (`invalid_response`), never half-sent.
 */
export function replyToModel(result: unknown, form: FormModel): Result<ModelReply> {
  const response = nativeProtocol.readAnswers(result, form);
  if (!response.ok) return response;
  const { action } = response.value;
  if (action !== "accept") return success({ kind: action === "decline" ? "declined" : "cancelled", message: writeDismissal(action, form) }, response.warnings);
  const message = questionFormProtocol.writeAnswers(response.value, form);
  if (!message.ok) return message;
  return success({ kind: "answers", message: message.value }, [...response.warnings, ...message.warnings]);
}
