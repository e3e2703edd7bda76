/**
 * A chat message's text as prose and forms, read incrementally as the text grows between calls:
 * one `createMessageReader` kept from call to call and fed only what is new, so a message read
 * at every render of a stream costs its length once, not once per render.
 */
import type { FormModel, FormResponse, Issue, PartialForm } from "../model/index.js";
import {
  type MessageReader,
  type MessageSegment as ReadSegment,
  type PartialFormEvent,
  type ReaderEvent,
  createMessageReader,
  DEFAULT_FORM_ID,
  readReply,
} from "../protocols/question-form/index.js";

/** Prose of the message, as written (Markdown and all). */
export interface TextSegment {
  kind: "text";
  text: string;
}

/** A `<question-form>` block of the message (docs/ai-sdk.md, "React"). */
export interface FormSegment {
  kind: "form";
  /** The form's id (while its block arrives, the default id until the block's own has arrived). */
  id: string;
  /**
   * `streaming`: arriving (`partial`); `ready`: complete (`form`); `invalid`: a broken block
   * (`issues`); `answered`: complete and answered by the reply given (`form`, `response`).
   */
  state: "streaming" | "ready" | "invalid" | "answered";
  form?: FormModel;
  partial?: PartialForm;
  /** What the reply said: the answers sent, or a decline or cancel. */
  response?: FormResponse;
  /** The errors of an invalid block; what was read leniently in the others. */
  issues: Issue[];
}

export type MessageSegment = TextSegment | FormSegment;

/**
 * Reads one message's text, call after call. `read` returns the same array while nothing
 * changed, a new one otherwise (so a React memo or effect keyed by it runs when it should).
 */
export class MessageSegments {
  private reader: MessageReader = createMessageReader({ partial: true });
  private fed = "";
  /** How far the text has been looked at: the text after `fed` up to here is held back. */
  private seen = 0;
  private ended = false;
  private segments: MessageSegment[] = [];
  /** The index in `segments` of each block by where it starts in the text. */
  private blocks = new Map<number, number>();

  read(text: string, streaming: boolean): MessageSegment[] {
    if (text === this.fed && (streaming || this.ended)) return this.segments;
    // Only a text that extends what was read, while the message still streams, goes on incrementally.
    if (this.ended || !(streaming ? continues(text, this.fed) : text.startsWith(this.fed))) this.restart();
    if (streaming && this.holds(text)) return this.segments;
    this.seen = text.length;
    const events = this.reader.push(text.slice(this.fed.length));
    this.fed = text;
    if (!streaming) {
      this.reader.end();
      this.ended = true;
      // Whole: the reader's result, where a block still open is prose.
      this.segments = this.reader
        .result()
        .segments.map((segment) => fromRead(segment))
        .reduce(joinText, []);
      return this.segments;
    }
    if (events.length > 0) this.apply(events);
    return this.segments;
  }

  /**
   * Whether to hold back what is new, inside a form still arriving: its view changes only once a question (`}`) or
   * the block (`>`) is whole, and the reader's view of it costs a look at every push, so it is fed those pieces
   * (at most 512 characters apart), as questionFormChunkTransform does. Prose is never held.
   */
  private holds(text: string): boolean {
    const last = this.segments[this.segments.length - 1];
    if (last?.kind !== "form" || last.state !== "streaming") return false;
    if (text.length - this.fed.length >= 512 || /[>}]/.test(text.slice(this.seen))) return false;
    this.seen = text.length;
    return true;
  }

  private restart(): void {
    this.reader = createMessageReader({ partial: true });
    this.fed = "";
    this.seen = 0;
    this.ended = false;
    this.segments = [];
    this.blocks = new Map();
  }

  private apply(events: ReaderEvent[]): void {
    const next = this.segments.slice();
    for (const event of events) {
      if (event.kind === "prose") {
        this.abandon(next, event.start);
        joinText(next, { kind: "text", text: event.text });
      } else if (event.kind === "partial") this.place(next, event.start, streamingForm(event));
      else if (event.kind === "form" || event.kind === "error") {
        const open = this.blocks.get(event.segment.start);
        const id = open === undefined ? undefined : (next[open] as FormSegment).id;
        this.place(next, event.segment.start, fromRead(event.segment, id));
      }
    }
    this.segments = next;
  }

  /** A block still arriving whose text turned out to be prose (another open tag came first): its view goes. */
  private abandon(segments: MessageSegment[], start: number): void {
    const at = this.blocks.get(start);
    if (at === undefined) return;
    segments.splice(at, 1);
    this.blocks.delete(start);
  }

  /** A block's segment, in place of its earlier view when it had one. */
  private place(segments: MessageSegment[], start: number, segment: MessageSegment): void {
    const at = this.blocks.get(start);
    if (at !== undefined) segments[at] = segment;
    else {
      this.blocks.set(start, segments.length);
      segments.push(segment);
    }
  }
}

/**
 * Whether a streaming message's `text` continues `fed`, judged by its start and by the characters where `fed` ends:
 * comparing the whole of `fed` at every render would cost the stream its length squared. (A text that keeps both and
 * changes between them is taken as a continuation until the message ends: `streaming: false` compares it whole.)
 */
function continues(text: string, fed: string): boolean {
  if (text.length < fed.length) return false;
  const edge = Math.min(fed.length, 64);
  return text.startsWith(fed.slice(0, edge)) && text.startsWith(fed.slice(fed.length - edge), fed.length - edge);
}

/** A block still arriving: its view, without where it stands in the message. */
function streamingForm({ start, line, column, ...partial }: PartialFormEvent): FormSegment {
  return { kind: "form", id: partial.id, state: "streaming", partial, issues: [] };
}

/** A segment of the reader's result; a broken block without an id of its own keeps the one its view had. */
function fromRead(segment: ReadSegment, openId?: string): MessageSegment {
  if (segment.kind === "prose") return { kind: "text", text: segment.source };
  if (segment.kind === "form")
    return { kind: "form", id: segment.id, state: "ready", form: segment.form, issues: segment.warnings };
  return { kind: "form", id: segment.id ?? openId ?? DEFAULT_FORM_ID, state: "invalid", issues: segment.issues };
}

/** Adds a segment, prose joined to the prose before it. */
function joinText(segments: MessageSegment[], segment: MessageSegment): MessageSegment[] {
  const last = segments[segments.length - 1];
  if (segment.kind === "text" && last?.kind === "text")
    segments[segments.length - 1] = { kind: "text", text: last.text + segment.text };
  else segments.push(segment);
  return segments;
}

/**
 * The segments with the forms `reply` (the next user message's text) answers or dismisses
 * marked `answered`, with its response; the same array when it answers none.
 */
export function withReply(segments: MessageSegment[], reply: string | undefined): MessageSegment[] {
  if (reply === undefined) return segments;
  let answered = false;
  const marked = segments.map((segment): MessageSegment => {
    if (segment.kind !== "form" || segment.state !== "ready" || segment.form === undefined) return segment;
    const response = readReply(reply, segment.form);
    if (response === undefined) return segment;
    answered = true;
    return { ...segment, state: "answered", response };
  });
  return answered ? marked : segments;
}
