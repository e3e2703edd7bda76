/**
 * The host bridge for a model that speaks the `<question-form>` text protocol, in a host
 * that shows forms of a JSON protocol (native forms unless the host names another): each form
 * of an assistant message becomes a request of that protocol, and its result becomes the next
 * user message.
 */
import type { DirectionCatalog, FormModel, Issue, Result } from "../model/index.js";
import { fillDirectionCatalog, success } from "../model/index.js";
import { writeAnswers } from "../gateway/translate.js";
import { type JsonProtocolName, type Protocol, type WireForm, protocols } from "../protocols/index.js";
import {
  type MessageReaderOptions,
  type ReaderEvent,
  createMessageReader,
  readMessage,
} from "../protocols/question-form/index.js";
import type { ErrorSegment, FormSegment, PartialFormEvent } from "../protocols/question-form/index.js";

/** A form of the message, ready to show: the host's request and the model behind it. */
export interface BridgedForm<To extends JsonProtocolName = "native"> {
  kind: "form";
  /** The form's id in the message: the id its answers must name. */
  id: string;
  form: FormModel;
  /** The form in the host's protocol: for native, the params of `openai/elicitation/create`. */
  request: WireForm<To>;
  /** What the block's reading and the request's writing dropped or approximated, each located. */
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
export type BridgePart<To extends JsonProtocolName = "native"> =
  | { kind: "prose"; text: string }
  | BridgedForm<To>
  | BrokenForm;

/** What the streaming bridge yields as the message arrives. */
export type BridgeEvent<To extends JsonProtocolName = "native"> =
  | BridgePart<To>
  | { kind: "warning"; issue: Issue }
  | PartialFormEvent;

export interface BridgedMessage<To extends JsonProtocolName = "native"> {
  /** Prose and forms in order; the prose and block sources concatenate to the message. */
  parts: BridgePart<To>[];
  /** Message-level warnings (an unterminated block, an abandoned open tag). */
  warnings: Issue[];
}

/** Options of the bridge from the text protocol to the host's forms. */
export interface BridgeOptions<To extends JsonProtocolName = "native"> {
  /**
   * The protocol of the host's forms, which the requests are written in (a JSON protocol of the registry). Default
   * `native`.
   */
  to?: To;
  /** The host's style catalog: the cards of a direction-cards question that leaves them to the host. */
  directionCatalog?: DirectionCatalog;
}

/**
 * Splits a whole assistant message into its prose and a request per form (native unless `to` names another protocol).
 */
export function bridgeAssistantMessage<To extends JsonProtocolName = "native">(
  message: string,
  options: BridgeOptions<To> = {},
): BridgedMessage<To> {
  const { segments, warnings } = readMessage(message);
  return {
    parts: segments.map((segment) =>
      segment.kind === "prose" ? { kind: "prose", text: segment.source } : bridgeBlock(segment, options),
    ),
    warnings,
  };
}

export interface AssistantMessageBridge<To extends JsonProtocolName = "native"> {
  /** Feeds the next chunk of the streamed message (text, or UTF-8 bytes split anywhere). */
  push(chunk: string | Uint8Array): BridgeEvent<To>[];
  /** Ends the message: flushes what was held back. */
  end(): BridgeEvent<To>[];
}

/**
 * The streaming bridge: prose as soon as it cannot be part of a tag, each form's native
 * request as soon as its closing tag arrives (with `partial: true`, a view of a form still
 * arriving as well).
 */
export function createAssistantMessageBridge<To extends JsonProtocolName = "native">(
  options: MessageReaderOptions & BridgeOptions<To> = {},
): AssistantMessageBridge<To> {
  const reader = createMessageReader(options);
  const toBridgeEvent = (event: ReaderEvent): BridgeEvent<To> => {
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

/** The host's protocol from the registry, typed with its wire shapes. */
function hostProtocol<To extends JsonProtocolName>(to: To | undefined): Protocol<WireForm<To>> {
  return protocols[to ?? "native"] as Protocol as Protocol<WireForm<To>>;
}

function bridgeBlock<To extends JsonProtocolName>(
  segment: FormSegment | ErrorSegment,
  options: BridgeOptions<To>,
): BridgedForm<To> | BrokenForm {
  if (segment.kind === "error") return broken(segment, segment.issues);
  const filled = fillDirectionCatalog(segment.form, options.directionCatalog, `the ${options.to ?? "native"} protocol`);
  if (!filled.ok) return broken(segment, filled.error.issues);
  const form = filled.value;
  const request = hostProtocol(options.to).writeForm(form);
  if (!request.ok) return broken(segment, request.error.issues);
  const { id, source, line, column } = segment;
  // A request without a form id loses nothing: the bridge keeps the id for the reply.
  const lost = request.warnings.filter((warning) => !(warning.path.length === 1 && warning.path[0] === "id"));
  return {
    kind: "form",
    id,
    form,
    request: request.value,
    warnings: [...segment.warnings, ...lost],
    source,
    line,
    column,
  };
}

function broken(segment: FormSegment | ErrorSegment, issues: Issue[]): BrokenForm {
  const { id, source, line, column } = segment;
  return { kind: "error", ...(id !== undefined && { id }), source, issues, line, column };
}

/**
 * What to send the model after the person acted on a form: the answer message, or, for a
 * decline or a cancel, a notice that cannot be mistaken for answers.
 */
export type ModelReply = { kind: "answers"; message: string } | { kind: "declined" | "cancelled"; message: string };

/** What `replyToModel` reads the host's result as. */
export interface ReplyOptions {
  /** The protocol of the host's result (a JSON protocol of the registry). Default `native`. */
  from?: JsonProtocolName;
}

/**
 * Turns the host's result for a bridged form (a native result unless `from` names another
 * protocol) into the next user message. Answers that do not satisfy the form are an error
 * (`invalid_response`), never half-sent.
 */
export function replyToModel(result: unknown, form: FormModel, options: ReplyOptions = {}): Result<ModelReply> {
  const response = hostProtocol(options.from).readAnswers(result, form);
  if (!response.ok) return response;
  const message = writeAnswers(response.value, { form, to: "question-form" });
  if (!message.ok) return message;
  const { action } = response.value;
  const kind = action === "accept" ? "answers" : action === "decline" ? "declined" : "cancelled";
  return success({ kind, message: message.value }, [...response.warnings, ...message.warnings]);
}
