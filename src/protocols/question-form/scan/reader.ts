import { type Issue, type IssueCode, warning } from "../../../model/index.js";
import { LineIndex } from "../../../text/line-index.js";
import { type Located, sentence } from "../block/findings.js";
import { PartialView } from "../block/partial-view.js";
import { readBlock } from "../block/read-block.js";
import { NextChar, ProseContext } from "./context.js";
import { JsonScan } from "./json-scan.js";
import type {
  ErrorSegment,
  FormSegment,
  MessageSegment,
  PartialFormEvent,
  ReadMessageResult,
  ReaderEvent,
} from "./segments.js";
import { CARD_TAG, closingTag, isTagSpace, mayStartName, readLineStart, readTag } from "./tags.js";
import { Unsent } from "./unsent.js";

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

/** Prose; a block's open tag, then its body; an `<od-card>`'s open tag, then its payload (prose too). */
type Mode = "prose" | "attributes" | "body" | "card tag" | "card";

/**
 * Finds the tags: prose until a `<` that may open one (outside code, `ProseContext`), the tag
 * name and attributes, then the body (`JsonScan`) up to its closing tag; each closed block is
 * read (`readBlock`) into a form or an error segment. An `<od-card>` is prose to its end. Every
 * `<` that may be a tag, and in a card each line's start, is a probe: held until `readTag`
 * (`readLineStart`) tells what it is, a character more each time.
 */
class StreamingReader implements MessageReader {
  private readonly lines = new LineIndex();
  private readonly context = new ProseContext();
  private readonly find = new NextChar(); // one per reader, not one per chunk
  private decoder: InstanceType<typeof TextDecoder> | undefined;
  private readonly segments: MessageSegment[] = [];
  private readonly warnings: Issue[] = [];
  private readonly formIds = new Set<string>();
  private readonly unsent: Unsent;
  private events: ReaderEvent[] = [];
  private ended = false;

  private mode: Mode = "prose";
  /** Where the block or card starts (-1: in prose); a block is held from there. */
  private start = -1;
  /** Where the probe starts (-1: none), held from there; its text so far (lower case); whether it starts a line. */
  private probe = -1;
  private probed = "";
  private line = false;
  // The element: its tag name (lower case), how its closing tag starts ("" in prose), in its open
  // tag whether the scan is after an `=` or in a quoted value, where a block's body starts in it,
  // the scan of its body or payload, the partial view; whether a card's open tag so far ends `/`.
  private name = "";
  private close = "";
  private quote: "" | "=" | '"' | "'" = "";
  private bodyStart = 0;
  private json: JsonScan | undefined;
  private view: PartialView | undefined;
  private slash = false;

  /** `Views` shows forms still arriving (partial events); passed in only when asked for. */
  constructor(private readonly Views: typeof PartialView | undefined) {
    this.unsent = new Unsent(this.segments, this.lines, (event) => this.emit(event));
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
    this.view?.look((this.probe < 0 ? this.unsent.end : this.probe) - this.start);
    const held = this.holdsBlock() ? this.start : this.probe;
    this.unsent.prose(held >= 0 ? held : this.unsent.end, false);
    return this.take();
  }

  end(): ReaderEvent[] {
    if (this.ended) return [];
    if (this.decoder !== undefined) this.feed(this.decoder.decode());
    this.ended = true;
    if (this.holdsBlock()) {
      this.warn("unterminated_form", `a <${this.name}> tag is never closed, so it is left as prose`, this.start);
    } else if (this.start >= 0) {
      const message = `an <${CARD_TAG}> is never closed, so what follows it is read as its payload (prose)`;
      this.warn("unterminated_card", message, this.start);
    }
    // What a tag or a probe still holds is prose.
    this.toProse();
    this.unsent.prose(this.unsent.end, true);
    return this.take();
  }

  result(): ReadMessageResult {
    this.unsent.join();
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

  private holdsBlock(): boolean {
    return this.mode === "attributes" || this.mode === "body";
  }

  /** Consumes `text`, each mode as far as it goes (a probe's verdict may rewind the text). */
  private feed(text: string): void {
    this.lines.append(text);
    this.unsent.add(text);
    this.find.reset(text);
    for (let i = 0; i < this.unsent.text.length; ) {
      const current = this.unsent.text;
      if (this.probe >= 0) i = this.scanProbe(current, i);
      else if (this.mode === "prose") i = this.scanProse(current, i);
      else if (this.mode === "attributes") i = this.scanAttributes(current, i);
      else if (this.mode === "card tag") i = this.scanCardTag(current, i);
      else i = this.scanJson(current, i);
    }
  }

  /** Prose up to a `<` that may open a tag; a `<` followed by anything but a name's first letter is prose. */
  private scanProse(text: string, i: number): number {
    const find = this.find;
    let to = find.next("<", i);
    while (to + 1 < text.length && !mayStartName(text.charCodeAt(to + 1))) to = find.next("<", to + 1);
    this.context.advance(text, i, to, find);
    if (to === text.length) return to;
    if (this.context.opensTag()) this.openProbe(this.unsent.base + to, "<");
    return to + 1;
  }

  /** The open tag's attributes, up to its `>` outside quoted values; then the body. */
  private scanAttributes(text: string, i: number): number {
    while (i < text.length) {
      if (this.quote === '"' || this.quote === "'") {
        const close = text.indexOf(this.quote, i);
        if (close === -1) return text.length;
        this.quote = "";
        i = close + 1;
        continue;
      }
      const c = text[i++] as string;
      if (c === ">") {
        this.mode = "body";
        this.bodyStart = this.unsent.base + i - this.start;
        if (this.Views !== undefined) this.view = this.openPartial(this.Views);
        this.json = new JsonScan(this.view);
        return i;
      }
      if (c === "=" || ((c === '"' || c === "'") && this.quote === "=")) this.quote = c;
      else if (!isTagSpace(c)) this.quote = "";
    }
    return i;
  }

  /** An `<od-card>`'s open tag, up to its `>`; then its payload, unless it ends `/>`. */
  private scanCardTag(text: string, i: number): number {
    const close = text.indexOf(">", i);
    if (close === -1) {
      this.slash = text[text.length - 1] === "/";
      return text.length;
    }
    if (close > i) this.slash = text[close - 1] === "/";
    this.mode = "card";
    this.json = new JsonScan(undefined, true);
    if (this.slash) this.toProse();
    return close + 1;
  }

  /** A body or a card's payload, up to its next `<` outside strings or a card line's end: a probe starts there. */
  private scanJson(text: string, i: number): number {
    const to = (this.json as JsonScan).scan(text, i, this.unsent.base - this.start);
    if (to === text.length) return to;
    if (text[to] === "\n") this.openProbe(this.unsent.base + to + 1, "");
    else this.openProbe(this.unsent.base + to, "<");
    return to + 1;
  }

  private openProbe(at: number, probed: string): void {
    this.probe = at;
    this.probed = probed;
    this.line = probed === "";
    if (this.mode === "prose") this.unsent.prose(at, true);
  }

  private scanProbe(text: string, i: number): number {
    for (; i < text.length; i++) {
      const probe = (this.probed += (text[i] as string).toLowerCase());
      const verdict = this.line ? readLineStart(probe) : readTag(probe, this.close);
      if (verdict !== "more") return this.decide(verdict, probe, i);
    }
    return i;
  }

  /** What follows a probe whose last character, at `i`, told what it is. */
  private decide(verdict: "closes" | "opens" | "card" | "fresh" | "text", probe: string, i: number): number {
    const at = this.probe;
    this.probe = -1;
    if (verdict === "text") return i;
    if (verdict === "closes") {
      if (this.mode === "body") this.closeBlock(this.unsent.take(this.unsent.base + i + 1), at - this.start);
      this.toProse();
      return i + 1;
    }
    if (this.mode !== "prose") return this.endUnclosed(verdict, at);
    this.start = at;
    this.name = verdict === "card" ? CARD_TAG : probe.slice(1, -1);
    this.close = closingTag(this.name);
    this.mode = verdict === "card" ? "card tag" : "attributes";
    return i;
  }

  /**
   * Another block's open tag at `at` in a body or a card's payload, or fresh Markdown at a card
   * line's start: the element ends unclosed, and what follows is read again as prose.
   */
  private endUnclosed(verdict: "opens" | "card" | "fresh", at: number): number {
    if (this.mode === "body") {
      const message = `a <${this.name}> tag is followed by another open tag before its closing tag`;
      this.warn("unclosed_open_tag", `${message}, so it is left as prose`, this.start);
      const abandoned = this.unsent.slice(this.start, at);
      this.context.advance(abandoned, 1, abandoned.length, new NextChar(abandoned));
    } else {
      const follows =
        verdict === "opens"
          ? "a block's open tag outside its payload's strings before its closing tag, so the block is read"
          : "fresh Markdown (a heading or a list item) before its closing tag, so what follows is read as prose";
      this.warn("unclosed_card", `an <${CARD_TAG}> is followed by ${follows}`, this.start);
      if (verdict === "fresh") this.context.advance("\n", 0, 1, new NextChar("\n"));
    }
    this.toProse();
    this.unsent.rewind(at);
    this.find.reset(this.unsent.text);
    return at - this.unsent.base;
  }

  /** A closed block's `source`, its closing tag at `bodyEnd` in it, read into a form or an error. */
  private closeBlock(source: string, bodyEnd: number): void {
    const start = this.start;
    const read = readBlock({ source, start, nameEnd: 1 + this.name.length, bodyStart: this.bodyStart, bodyEnd });
    const { form, findings } = read;
    if (form?.id !== undefined && this.formIds.has(form.id)) {
      const said = `another form in this message already has the id "${form.id}"`;
      findings.error("duplicate_form_id", ["id"], said, start);
    }
    const span = { start, end: start + source.length, ...this.lines.at(start), source };
    let segment: FormSegment | ErrorSegment;
    if (form !== undefined && findings.errors.length === 0) {
      const id = form.id as string;
      this.formIds.add(id);
      segment = { kind: "form", ...span, id, form, warnings: findings.warnings.map((one) => this.locate(one)) };
      if (form.title !== undefined) segment.title = form.title;
    } else {
      const issues = [...findings.errors, ...findings.warnings].map((one) => this.locate(one));
      segment = { kind: "error", ...span, issues };
      if (read.id !== undefined) segment.id = read.id;
    }
    this.segments.push(segment);
    this.emit(segment.kind === "form" ? { kind: "form", segment } : { kind: "error", segment });
  }

  /** Back to prose: nothing held, no block or card. */
  private toProse(): void {
    this.mode = "prose";
    this.start = -1;
    this.probe = -1;
    this.close = "";
    this.quote = "";
    this.json = undefined;
    this.view = undefined;
    this.slash = false;
  }

  /** The block's partial view: its open tag's attributes, its text (offsets in the block), its events. */
  private openPartial(Views: typeof PartialView): PartialView {
    const start = this.start;
    const view = new Views(
      this.unsent.slice(start + 1 + this.name.length, start + this.bodyStart - 1),
      (from, to) => this.unsent.slice(start + from, start + to),
      () => {
        const event: PartialFormEvent = {
          kind: "partial",
          start,
          ...this.lines.at(start),
          id: view.id,
          ...view.head,
          fields: view.fields,
        };
        if (view.arriving !== undefined) event.arriving = view.arriving;
        this.emit(event);
      },
    );
    return view;
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
