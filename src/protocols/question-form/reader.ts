import type { Issue } from "../../model/index.js";
import { readAttributes } from "./attributes.js";
import { readBlock } from "./block.js";
import { BodyScan } from "./body-scan.js";
import { NextChar, ProseContext } from "./context.js";
import { Findings, LineIndex } from "./located.js";
import { PartialView } from "./partial-view.js";
import { ProseBuffer } from "./prose-buffer.js";
import type {
  ErrorSegment,
  FormSegment,
  MessageSegment,
  PartialForm,
  ReadMessageResult,
  ReaderEvent,
} from "./segments.js";
import { CardScan } from "./card-scan.js";
import { CARD_TAG, endsTagName, isTagName, mayBeTagName } from "./tag-names.js";

/** `q`, `a` or `o` in either case: the only characters a tag name (or `od-card`) can start with. */
const mayStartName = (code: number): boolean =>
  code === 0x71 || code === 0x61 || code === 0x6f || code === 0x51 || code === 0x41 || code === 0x4f;

export interface MessageReaderOptions {
  /** Also yield `partial` events for a form still arriving. */
  partial?: boolean;
}

export interface MessageReader {
  /** Feeds the next piece of the message (text, or UTF-8 bytes split anywhere). */
  push(chunk: string | Uint8Array): ReaderEvent[];
  /** Ends the message: flushes what is held back. */
  end(): ReaderEvent[];
  /** The segments and warnings read so far (complete after `end()`). */
  result(): ReadMessageResult;
}

/**
 * An incremental reader: prose is yielded as soon as it cannot be part of a tag, a form
 * when its closing tag arrives. Every character is examined a bounded number of times,
 * so the total work is linear whatever the chunking, and the result does not depend on
 * where the chunks break. The whole-message reader is this reader fed one chunk.
 */
export function createMessageReader(options: MessageReaderOptions = {}): MessageReader {
  return new StreamingReader(options.partial === true);
}

/** Splits a whole assistant message into prose, form and error segments. */
export function readMessage(text: string): ReadMessageResult {
  const reader = createMessageReader();
  reader.push(text);
  reader.end();
  return reader.result();
}

type Mode = "prose" | "name" | "attributes" | "body" | "card";

/**
 * Finds the tags: prose until a `<` that may open one (outside code, `ProseContext`), the tag
 * name and attributes, then the body (`BodyScan`) up to its closing tag; each closed block is
 * read (`readBlock`) into a form or an error segment.
 */
class StreamingReader implements MessageReader {
  private readonly lines = new LineIndex();
  private readonly context = new ProseContext();
  private readonly find = new NextChar(); // one per reader, not one per chunk
  private decoder: InstanceType<typeof TextDecoder> | undefined;
  private readonly segments: MessageSegment[] = [];
  private readonly warnings: Issue[] = [];
  private readonly formIds = new Set<string>();
  private readonly prose: ProseBuffer;
  private events: ReaderEvent[] = [];
  private ended = false;

  private offset = 0; // offset of the next character
  private mode: Mode = "prose";
  // The text being scanned and the offset of its first character, to take a block that lies
  // in it as a slice of it (sharing its memory) instead of reading the block's concatenation.
  private text = "";
  private textStart = 0;

  // The candidate block: from its `<` to the current character.
  private block = new BodyScan();
  private blockStart = 0;
  private quote = ""; // inside a quoted attribute value
  private afterEquals = false;
  private bodyStart = 0; // offset in the block's text where the body starts
  private card: CardScan | undefined; // inside an <od-card>

  constructor(private readonly partial: boolean) {
    this.prose = new ProseBuffer(this.segments, this.lines, (event) => this.emit(event));
  }

  push(chunk: string | Uint8Array): ReaderEvent[] {
    if (this.ended) throw new Error("push() after end()");
    let text: string;
    if (typeof chunk === "string") text = chunk;
    else {
      this.decoder ??= new TextDecoder("utf-8");
      text = this.decoder.decode(chunk, { stream: true });
    }
    this.lines.append(text);
    this.scan(text);
    if (this.mode === "body") this.block.view?.look(this.block.text);
    this.prose.flush(false);
    return this.take();
  }

  end(): ReaderEvent[] {
    if (this.ended) return [];
    if (this.decoder !== undefined) {
      const rest = this.decoder.decode();
      this.lines.append(rest);
      this.scan(rest);
    }
    this.ended = true;
    if (this.card !== undefined) {
      this.warn({
        code: "unterminated_card",
        path: [],
        severity: "warning",
        message: `an <${CARD_TAG}> is never closed; what follows it was read as its payload (prose)`,
        ...this.lines.at(this.card.start),
      });
      if (this.card.held !== "") this.prose.append(this.card.held, this.card.heldAt);
      this.card = undefined;
      this.mode = "prose";
    }
    if (this.mode !== "prose") {
      const text = this.block.text + this.block.probe;
      const at = this.lines.at(this.blockStart);
      if (this.mode !== "name")
        this.warn({
          code: "unterminated_form",
          path: [],
          severity: "warning",
          message: `a <${this.block.name || "question-form"}> tag is never closed; it is left as prose`,
          ...at,
        });
      this.mode = "prose";
      this.prose.append(text, this.blockStart);
      this.resetBlock();
    }
    this.prose.flush(true);
    return this.take();
  }

  result(): ReadMessageResult {
    this.prose.join();
    return { segments: this.segments.map((segment) => ({ ...segment })), warnings: this.warnings.slice() };
  }

  private take(): ReaderEvent[] {
    const out = this.events;
    this.events = [];
    return out;
  }

  /**
   * Adds an event for the caller. Most pushes yield one event: an array made with it has room
   * for one, where a push onto an empty array reserves room for seventeen.
   */
  private emit(event: ReaderEvent): void {
    if (this.events.length === 0) this.events = [event];
    else this.events.push(event);
  }

  /**
   * Consumes `text`. Prose up to a `<` that may open a tag, and body text up to the next character
   * that matters to the JSON scan, are taken as slices; everything else goes through
   * `step` one character at a time. Both paths change the state exactly alike.
   */
  private scan(text: string): void {
    this.text = text;
    this.textStart = this.offset;
    const find = this.find;
    find.reset(text);
    let i = 0;
    while (i < text.length) {
      if (this.mode === "prose") i = this.skipProse(text, i, find);
      else if (this.mode === "card") {
        const to = (this.card as CardScan).skip(text, i, this.offset);
        this.offset += to - i;
        i = to;
      } else if (this.mode === "attributes") i = this.skipQuoted(text, i);
      else if (this.mode === "body") {
        const to = this.block.skip(text, i);
        this.offset += to - i;
        i = to;
        if (this.block.closesAt(text, i)) {
          const length = this.block.takeClosingTag();
          this.offset += length;
          i += length;
          this.closeBlock();
          continue;
        }
      }
      if (i < text.length) this.step(text[i++] as string);
    }
  }

  /**
   * Takes prose up to a `<` that may open a tag (or the text's end); returns where it
   * stops. A `<` followed by anything but the first letter of a tag name is prose, as
   * `stepName` would find one character later, so it is taken with the rest.
   */
  private skipProse(text: string, from: number, find: NextChar): number {
    let to = find.next("<", from);
    while (to + 1 < text.length && !mayStartName(text.charCodeAt(to + 1))) to = find.next("<", to + 1);
    if (to > from) {
      this.context.skip(text, from, to, find);
      this.prose.append(text.slice(from, to), this.offset);
      this.offset += to - from;
    }
    return to;
  }

  /** Takes the inside of a quoted attribute value up to its closing quote, as `stepAttributes` reads it. */
  private skipQuoted(text: string, from: number): number {
    if (this.quote === "") return from;
    const close = text.indexOf(this.quote, from);
    const to = close === -1 ? text.length : close;
    this.block.text += text.slice(from, to);
    this.offset += to - from;
    return to;
  }

  private step(c: string): void {
    const at = this.offset++;
    switch (this.mode) {
      case "prose":
        if (this.context.step(c) && c === "<") {
          this.prose.flush(true);
          this.startBlock(at);
        } else this.prose.append(c, at);
        return;
      case "name":
        return this.stepName(c, at);
      case "attributes":
        return this.stepAttributes(c);
      case "card":
        return this.stepCard(c, at);
      case "body": {
        const step = this.block.step(c);
        if (step === "closed") this.closeBlock();
        else if (step === "nested") this.abandonFor(c);
        return;
      }
    }
  }

  private startBlock(at: number): void {
    this.mode = "name";
    this.blockStart = at;
  }

  private stepName(c: string, at: number): void {
    const block = this.block;
    const typed = (block.text.slice(1) + c).toLowerCase();
    if (mayBeTagName(typed) || CARD_TAG.startsWith(typed)) {
      block.text += c;
      return;
    }
    const name = block.text.slice(1).toLowerCase();
    if (isTagName(name) && endsTagName(c)) {
      block.name = name;
      this.mode = "attributes";
      this.stepAttributes(c);
      return;
    }
    const card = name === CARD_TAG && endsTagName(c);
    // Not a block: what was held is prose (no newline or backtick in it).
    const held = block.text;
    this.resetBlock();
    this.mode = card ? "card" : "prose";
    if (card) this.card = new CardScan(at - held.length, (text, from) => this.prose.append(text, from));
    else for (let i = 1; i < held.length; i++) this.context.step(held[i] as string);
    this.prose.append(held, at - held.length);
    this.offset--;
    this.step(c);
  }

  /** Inside an <od-card>: prose to its end; a block's open tag outside its strings means it was never closed. */
  private stepCard(c: string, at: number): void {
    const card = this.card as CardScan;
    const step = card.step(c, at);
    if (step === "more") return;
    this.card = undefined;
    this.mode = "prose";
    if (step === "closed") return;
    this.warn({
      code: "unclosed_card",
      path: [],
      severity: "warning",
      message:
        `an <${CARD_TAG}> is followed by a block's open tag outside its payload's strings before its ` +
        `closing tag; the block is read`,
      ...this.lines.at(card.start),
    });
    // Replay the open tag as if it arrived in prose now.
    this.offset = card.heldAt;
    for (const ch of card.held + c) this.step(ch);
  }

  private stepAttributes(c: string): void {
    this.block.text += c;
    if (this.quote !== "") {
      if (c === this.quote) this.quote = "";
      return;
    }
    if ((c === '"' || c === "'") && this.afterEquals) {
      this.quote = c;
      this.afterEquals = false;
      return;
    }
    if (c === "=") this.afterEquals = true;
    else if (c !== " " && c !== "\n" && c !== "\t" && c !== "\r" && c !== "\f") this.afterEquals = false;
    if (c === ">") {
      this.mode = "body";
      this.bodyStart = this.block.text.length;
      if (this.partial) this.openPartial();
    }
  }

  /** Another open tag inside a body: the earlier candidate was not a form (it stays prose). */
  private abandonFor(c: string): void {
    const abandoned = this.block.text;
    const nestedAt = this.blockStart + abandoned.length;
    const probe = this.block.probe;
    const at = this.lines.at(this.blockStart);
    this.warn({
      code: "unclosed_open_tag",
      path: [],
      severity: "warning",
      message: `a <${this.block.name}> tag is followed by another open tag before its closing tag; it is left as prose`,
      ...at,
    });
    for (let i = 1; i < abandoned.length; i++) this.context.step(abandoned[i] as string);
    this.prose.append(abandoned, this.blockStart);
    this.resetBlock();
    this.mode = "prose";
    // Replay the nested tag as if it arrived in prose now.
    this.offset = nestedAt;
    for (const ch of probe + c) this.step(ch);
  }

  private closeBlock(): void {
    const source = this.blockSource();
    const start = this.blockStart;
    const name = this.block.name;
    const body = source.slice(this.bodyStart, source.length - this.block.probe.length);
    const findings = new Findings();
    const nameEnd = 1 + name.length;
    const attributes = readAttributes(source.slice(nameEnd, this.bodyStart - 1), start + nameEnd, findings);
    const form =
      findings.errors.length === 0
        ? readBlock(attributes, body, start + this.bodyStart, findings, this.block.colons)
        : undefined;
    const span = { start, end: start + source.length, ...this.lines.at(start), source };
    if (form !== undefined && form.id !== undefined && this.formIds.has(form.id)) {
      findings.error(
        "duplicate_form_id",
        ["id"],
        `another form in this message already has the id "${form.id}"`,
        start,
      );
    }
    if (form !== undefined && findings.errors.length === 0) {
      const id = form.id as string;
      this.formIds.add(id);
      const segment: FormSegment = {
        kind: "form",
        ...span,
        id,
        form,
        warnings: findings.warnings.map((w) => this.lines.locate(w)),
      };
      if (form.title !== undefined) segment.title = form.title;
      this.segments.push(segment);
      this.emit({ kind: "form", segment });
    } else {
      const issues = [...findings.errors, ...findings.warnings].map((f) => this.lines.locate(f));
      const segment: ErrorSegment = { kind: "error", ...span, issues };
      if (attributes.id !== undefined) segment.id = attributes.id;
      this.segments.push(segment);
      this.emit({ kind: "error", segment });
    }
    this.resetBlock();
    this.mode = "prose";
  }

  /**
   * The block's text, `text + probe`. A block that began in the text being scanned (always,
   * for a whole message) is that text's slice: it shares the text's memory, where the
   * concatenation would be copied into a new string when read.
   */
  private blockSource(): string {
    if (this.blockStart < this.textStart) return this.block.text + this.block.probe;
    return this.text.slice(this.blockStart - this.textStart, this.offset - this.textStart);
  }

  private resetBlock(): void {
    this.block = new BodyScan();
    this.quote = "";
    this.afterEquals = false;
  }

  private openPartial(): void {
    const nameEnd = 1 + this.block.name.length;
    const view = new PartialView(this.block.text.slice(nameEnd, this.bodyStart - 1), () => this.emitPartial(view));
    this.block.view = view;
  }

  private emitPartial(view: PartialView): void {
    const event: PartialForm = {
      kind: "partial",
      start: this.blockStart,
      ...this.lines.at(this.blockStart),
      id: view.id,
      ...view.head,
      fields: view.fields,
    };
    if (view.arriving !== undefined) event.arriving = view.arriving;
    this.prose.flush(true);
    this.emit(event);
  }

  private warn(issue: Issue): void {
    this.warnings.push(issue);
    this.emit({ kind: "warning", issue });
  }
}
