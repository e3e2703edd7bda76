import { type Issue, type IssueCode, warning } from "../../../model/index.js";
import { LineIndex } from "../../../model/line-index.js";
import { type Located, sentence } from "../block/findings.js";
import { PartialView } from "../block/partial-view.js";
import { readBlock } from "../block/read-block.js";
import { NextChar, ProseContext, readLineStart } from "./context.js";
import { JsonScan } from "./json-scan.js";
import { ProseBuffer } from "./prose-buffer.js";
import type {
  ErrorSegment,
  FormSegment,
  MessageSegment,
  PartialForm,
  ReadMessageResult,
  ReaderEvent,
} from "./segments.js";
import { CARD_TAG, endsTagName, isTagName, mayBeTagName, mayStartName, readProbe } from "./tags.js";

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
  return new StreamingReader(options.partial === true ? PartialView : undefined);
}

/** Splits a whole assistant message into prose, form and error segments. */
export function readMessage(text: string): ReadMessageResult {
  // Without partial views: a page that only reads whole messages does not bundle them.
  const reader = new StreamingReader(undefined);
  reader.push(text);
  reader.end();
  return reader.result();
}

/**
 * The text held since `start`: a block from its `<`, or a `<` and what follows it while it may be
 * a tag. It is the current text's slice from `from` (sharing its memory), after `head`, what
 * earlier texts held.
 */
class Held {
  start = 0;
  private head = "";
  private text = "";
  private from = -1; // -1: nothing held

  get holding(): boolean {
    return this.from >= 0;
  }

  hold(text: string, from: number, start: number): void {
    this.head = "";
    this.text = text;
    this.from = from;
    this.start = start;
  }

  /** The next text scanned goes on from `from`: what this one held to its end is kept. */
  continueIn(text: string, from: number): void {
    if (!this.holding) return;
    this.head += this.text.slice(this.from);
    this.text = text;
    this.from = from;
  }

  /** The held text up to `to` in the current text (by default its end). */
  source(to = this.text.length): string {
    const tail = this.text.slice(this.from, to);
    return this.head === "" ? tail : this.head + tail;
  }

  /** The held text from `from` to `to` (offsets in it). */
  slice(from: number, to: number): string {
    const head = this.head.length;
    if (from >= head) return this.text.slice(this.from + from - head, this.from + to - head);
    return this.head.slice(from, to) + this.text.slice(this.from, Math.max(this.from, this.from + to - head));
  }

  /** Where the current text's character `i` is in the held text. */
  relative(i: number): number {
    return this.head.length + i - this.from;
  }

  /** The held text up to `to` in the current text, and where it starts; nothing is held after. */
  take(to?: number): { held: string; at: number } {
    const taken = { held: this.source(to), at: this.start };
    this.release();
    return taken;
  }

  release(): void {
    this.head = "";
    this.text = "";
    this.from = -1;
  }
}

type Mode = "prose" | "name" | "attributes" | "body" | "card";

/**
 * Finds the tags: prose until a `<` that may open one (outside code, `ProseContext`), the tag
 * name and attributes, then the body (`JsonScan`) up to its closing tag; each closed block is
 * read (`readBlock`) into a form or an error segment. An `<od-card>` is prose to its end.
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
  private length = 0; // of the message so far

  private mode: Mode = "prose";
  private readonly held = new Held();
  /** In a body or card payload: where a `<` that may be a tag is in the held text (-1: none). */
  private probe = -1;
  // The candidate block: its tag name (lower case), the attribute scan, where its body starts.
  private name = "";
  private quote = "";
  private afterEquals = false;
  private bodyStart = 0;
  private body: JsonScan | undefined;
  private view: PartialView | undefined;
  // An <od-card>: its start, its open tag until `>` (and its last character), its payload, and
  // whether the held text is the start of a payload line (which may begin fresh Markdown).
  private card: { start: number; openTag: boolean; last: string; payload: JsonScan; line: boolean } | undefined;

  /** `Views` shows forms still arriving (partial events); passed in only when asked for. */
  constructor(private readonly Views: typeof PartialView | undefined) {
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
    this.feed(text);
    this.view?.look(this.probe < 0 ? this.held.relative(text.length) : this.probe);
    this.prose.flush(false);
    return this.take();
  }

  end(): ReaderEvent[] {
    if (this.ended) return [];
    if (this.decoder !== undefined) this.feed(this.decoder.decode());
    this.ended = true;
    const card = this.card;
    if (card !== undefined) {
      const message = `an <${CARD_TAG}> is never closed, so what follows it is read as its payload (prose)`;
      this.warn("unterminated_card", message, card.start);
    } else if (this.mode !== "prose" && this.mode !== "name") {
      const message = `a <${this.name || "question-form"}> tag is never closed, so it is left as prose`;
      this.warn("unterminated_form", message, this.held.start);
    }
    // What a tag or a card line still holds is prose.
    if (this.held.holding) this.prose.append(this.held.source(), this.held.start);
    this.toProse();
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

  private feed(text: string): void {
    this.lines.append(text);
    this.scan(text, this.length, 0);
    this.length += text.length;
  }

  /** Consumes `text` (the message's from offset `base`) from `from`, each mode as far as it goes. */
  private scan(text: string, base: number, from: number): void {
    this.find.reset(text);
    this.held.continueIn(text, from);
    let i = from;
    while (i < text.length) {
      if (this.mode === "prose") i = this.scanProse(text, base, i);
      else if (this.mode === "name") i = this.scanName(text, i);
      else if (this.mode === "attributes") i = this.scanAttributes(text, i);
      else if (this.mode === "body") i = this.scanBody(text, i);
      else i = this.scanCard(text, base, i);
    }
  }

  /**
   * Reads `text` (at `at` in the message) as if it arrived now, then goes on with the current
   * text at `i`: what a candidate tag held, once it turned out to be something else.
   */
  private rescan(text: string, at: number, current: string, i: number): void {
    this.scan(text, at, 0);
    this.find.reset(current);
    this.held.continueIn(current, i);
  }

  /** Prose up to a `<` that may open a tag; a `<` followed by anything but a name's first letter is prose. */
  private scanProse(text: string, base: number, i: number): number {
    const find = this.find;
    let to = find.next("<", i);
    while (to + 1 < text.length && !mayStartName(text.charCodeAt(to + 1))) to = find.next("<", to + 1);
    if (to > i) {
      this.context.advance(text, i, to, find);
      this.prose.append(text.slice(i, to), base + i);
    }
    if (to === text.length) return to;
    if (this.context.opensTag()) {
      this.prose.flush(true);
      this.held.hold(text, to, base + to);
      this.mode = "name";
    } else this.prose.append("<", base + to);
    return to + 1;
  }

  /** A tag name after `<`: a block's, the card's, or prose after all. */
  private scanName(text: string, i: number): number {
    let name = this.held.slice(1, this.held.relative(i)).toLowerCase();
    for (; i < text.length; i++) {
      const c = text[i] as string;
      const typed = name + c.toLowerCase();
      if (mayBeTagName(typed) || CARD_TAG.startsWith(typed)) {
        name = typed;
        continue;
      }
      if (isTagName(name) && endsTagName(c)) {
        this.name = name;
        this.mode = "attributes";
        return i;
      }
      const { held, at } = this.held.take(i);
      this.prose.append(held, at);
      if (name === CARD_TAG && endsTagName(c)) {
        this.card = { start: at, openTag: true, last: "", payload: new JsonScan(undefined, true), line: false };
        this.mode = "card";
      } else {
        // Not a tag: what was held is prose (no newline or backtick in it).
        this.context.advance(held, 1, held.length, new NextChar(held));
        this.mode = "prose";
      }
      return i;
    }
    return i;
  }

  /** The open tag's attributes, up to its `>` outside quoted values. */
  private scanAttributes(text: string, i: number): number {
    while (i < text.length) {
      if (this.quote !== "") {
        const close = text.indexOf(this.quote, i);
        if (close === -1) return text.length;
        this.quote = "";
        i = close + 1;
        continue;
      }
      const c = text[i++] as string;
      if ((c === '"' || c === "'") && this.afterEquals) {
        this.quote = c;
        this.afterEquals = false;
      } else if (c === "=") this.afterEquals = true;
      else if (c !== " " && c !== "\n" && c !== "\t" && c !== "\r" && c !== "\f") this.afterEquals = false;
      if (c === ">") {
        this.mode = "body";
        this.bodyStart = this.held.relative(i);
        if (this.Views !== undefined) this.openPartial(this.Views);
        this.body = new JsonScan(
          this.view && {
            stringOpened: (at) => this.view?.stringOpened(this.held.relative(at)),
            stringClosed: (at) => this.view?.stringClosed(this.held.relative(at)),
            structure: (c, at) => this.view?.structure(c, this.held.relative(at)),
          },
        );
        return i;
      }
    }
    return i;
  }

  /** The body, up to its closing tag (or another open tag, which abandons it). */
  private scanBody(text: string, i: number): number {
    if (this.probe < 0) {
      const to = (this.body as JsonScan).scan(text, i);
      if (to === text.length) return to;
      this.probe = this.held.relative(to);
      i = to + 1;
    }
    for (; i < text.length; i++) {
      const verdict = readProbe(this.probeText(i + 1), this.name);
      if (verdict === "more") continue;
      if (verdict === "closes") {
        this.closeBlock(this.held.source(i + 1));
        return i + 1;
      }
      if (verdict === "opens") this.abandon(text, i);
      this.probe = -1;
      return i;
    }
    return i;
  }

  /** A `<` and what follows it in a body or payload, up to `to` in the current text, lower case. */
  private probeText(to: number): string {
    return this.held.slice(this.probe, this.held.relative(to)).toLowerCase();
  }

  /**
   * An <od-card>: its open tag, then its payload up to `</od-card>`, all prose. A payload line
   * that starts fresh Markdown, or a block's open tag outside the payload's strings, ends it
   * unclosed: what follows is read as it would be without the card.
   */
  private scanCard(text: string, base: number, i: number): number {
    const card = this.card as NonNullable<StreamingReader["card"]>;
    if (card.openTag) {
      const close = text.indexOf(">", i);
      const to = close === -1 ? text.length : close + 1;
      this.prose.append(text.slice(i, to), base + i);
      const last = close === -1 ? text[to - 1] : close > i ? text[close - 1] : card.last;
      if (close !== -1) {
        card.openTag = false;
        if (last === "/") this.toProse(); // `<od-card …/>`: no payload
      } else card.last = last ?? card.last;
      return to;
    }
    if (card.line) return this.scanCardLine(card, text, i);
    if (this.probe < 0) {
      const to = card.payload.scan(text, i);
      const newline = text.charCodeAt(to) === 0x0a;
      if (to > i || newline) this.prose.append(text.slice(i, newline ? to + 1 : to), base + i);
      if (to === text.length) return to;
      this.held.hold(text, to + (newline ? 1 : 0), base + to + (newline ? 1 : 0));
      if (newline) card.line = true;
      else this.probe = 0;
      return to + 1;
    }
    for (; i < text.length; i++) {
      const verdict = readProbe(this.probeText(i + 1), CARD_TAG);
      if (verdict === "more") continue;
      if (verdict === "closes") i++;
      const { held, at } = this.held.take(i);
      this.probe = -1;
      if (verdict === "opens") {
        this.warn(
          "unclosed_card",
          `an <${CARD_TAG}> is followed by a block's open tag outside its payload's strings before its closing ` +
            `tag, so the block is read`,
          card.start,
        );
        this.toProse();
        this.rescan(held, at, text, i);
        return i;
      }
      this.prose.append(held, at);
      if (verdict === "closes") this.toProse();
      return i;
    }
    return i;
  }

  /** The start of a payload line, held until it shows whether it begins fresh Markdown. */
  private scanCardLine(card: NonNullable<StreamingReader["card"]>, text: string, i: number): number {
    for (; i < text.length; i++) {
      const verdict = readLineStart(this.held.slice(0, this.held.relative(i + 1)));
      if (verdict === "more") continue;
      const { held, at } = this.held.take(i);
      card.line = false;
      if (verdict === "text") {
        this.prose.append(held, at);
        return i;
      }
      this.warn(
        "unclosed_card",
        `an <${CARD_TAG}> is followed by fresh Markdown (a heading or a list item) before its closing tag, so what ` +
          `follows is read as prose`,
        card.start,
      );
      this.toProse();
      this.context.advance("\n", 0, 1, new NextChar("\n"));
      this.rescan(held, at, text, i);
      return i;
    }
    return i;
  }

  /** Another open tag inside a body: the earlier candidate was not a form (it stays prose). */
  private abandon(text: string, i: number): void {
    const source = this.held.source(i);
    const start = this.held.start;
    const nested = this.probe;
    this.warn(
      "unclosed_open_tag",
      `a <${this.name}> tag is followed by another open tag before its closing tag, so it is left as prose`,
      start,
    );
    const abandoned = source.slice(0, nested);
    this.context.advance(abandoned, 1, abandoned.length, new NextChar(abandoned));
    this.prose.append(abandoned, start);
    this.toProse();
    this.rescan(source.slice(nested), start + nested, text, i);
  }

  private closeBlock(source: string): void {
    const start = this.held.start;
    const nameEnd = 1 + this.name.length;
    const read = readBlock({ source, start, nameEnd, bodyStart: this.bodyStart, bodyEnd: this.probe });
    const { form, findings } = read;
    const span = { start, end: start + source.length, ...this.lines.at(start), source };
    if (form?.id !== undefined && this.formIds.has(form.id))
      findings.error(
        "duplicate_form_id",
        ["id"],
        `another form in this message already has the id "${form.id}"`,
        start,
      );
    if (form !== undefined && findings.errors.length === 0) {
      const id = form.id as string;
      this.formIds.add(id);
      const segment: FormSegment = {
        kind: "form",
        ...span,
        id,
        form,
        warnings: findings.warnings.map((found) => this.locate(found)),
      };
      if (form.title !== undefined) segment.title = form.title;
      this.segments.push(segment);
      this.emit({ kind: "form", segment });
    } else {
      const issues = [...findings.errors, ...findings.warnings].map((found) => this.locate(found));
      const segment: ErrorSegment = { kind: "error", ...span, issues };
      if (read.id !== undefined) segment.id = read.id;
      this.segments.push(segment);
      this.emit({ kind: "error", segment });
    }
    this.toProse();
  }

  /** Back to prose: nothing held, no candidate block or card. */
  private toProse(): void {
    this.mode = "prose";
    this.held.release();
    this.probe = -1;
    this.name = "";
    this.quote = "";
    this.afterEquals = false;
    this.body = undefined;
    this.view = undefined;
    this.card = undefined;
  }

  private openPartial(Views: typeof PartialView): void {
    const view = new Views(
      this.held.slice(1 + this.name.length, this.bodyStart - 1),
      (from, to) => this.held.slice(from, to),
      () => this.emitPartial(view),
    );
    this.view = view;
  }

  private emitPartial(view: PartialView): void {
    const event: PartialForm = {
      kind: "partial",
      start: this.held.start,
      ...this.lines.at(this.held.start),
      id: view.id,
      ...view.head,
      fields: view.fields,
    };
    if (view.arriving !== undefined) event.arriving = view.arriving;
    this.prose.flush(true);
    this.emit(event);
  }

  /** An issue found at `offset` in the message, located by line and column. */
  private locate(found: Located): Issue {
    return { ...found.issue, ...this.lines.at(found.offset) };
  }

  private warn(code: IssueCode, message: string, offset: number): void {
    const issue = this.locate({ issue: warning(code, [], sentence(message)), offset });
    this.warnings.push(issue);
    this.emit({ kind: "warning", issue });
  }
}
