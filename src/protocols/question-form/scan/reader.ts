import { type Issue, type IssueCode, warning } from "../../../model/index.js";
import { LineIndex } from "../../../text/line-index.js";
import { sentence } from "../../report/words.js";
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

/** Where a block or a card starts in the message, its tag name (lower case) and how its closing tag starts. */
interface Element {
  start: number;
  name: string;
  close: string;
}

/**
 * What the reader is in: prose; a block's open tag (after an `=` or in a quoted value: `quote`), then its body from
 * `bodyStart` (scanned by `json`, shown arriving by `view`); an `<od-card>`'s open tag (ending `/` so far: `slash`),
 * then its payload (prose too). Offsets are the message's.
 */
type State =
  | { mode: "prose" }
  | (Element & { mode: "attributes"; quote: "" | "=" | '"' | "'" })
  | (Element & { mode: "body"; bodyStart: number; json: JsonScan; view: PartialView | undefined })
  | (Element & { mode: "card tag"; slash: boolean })
  | (Element & { mode: "card"; json: JsonScan });

/**
 * A `<` that may be a tag (`text` so far, lower case), or in a card a line's start (`line`), held from `at` until
 * `readTag` (`readLineStart`) tells what it is, a character more each time.
 */
interface Probe {
  at: number;
  text: string;
  line: boolean;
}

const PROSE: State = { mode: "prose" };

/**
 * Finds the tags: prose until a `<` that may open one (outside code, `ProseContext`), the tag
 * name and attributes, then the body (`JsonScan`) up to its closing tag; each closed block is
 * read (`readBlock`) into a form or an error segment. An `<od-card>` is prose to its end. Every
 * `<` that may be a tag, and in a card each line's start, is a `Probe`.
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
  private state: State = PROSE;
  private probe: Probe | undefined;

  /** `Views` shows forms still arriving (partial events); passed in only when asked for. */
  constructor(private readonly Views: typeof PartialView | undefined) {
    this.unsent = new Unsent(this.segments, this.lines, (event) => this.events.push(event));
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
    const { state, probe } = this;
    if (state.mode === "body") state.view?.look((probe?.at ?? this.unsent.end) - state.start);
    const held = state.mode === "attributes" || state.mode === "body" ? state.start : probe?.at;
    this.unsent.prose(held ?? this.unsent.end, false);
    return this.take();
  }

  end(): ReaderEvent[] {
    if (this.ended) return [];
    if (this.decoder !== undefined) this.feed(this.decoder.decode());
    this.ended = true;
    const { state } = this;
    if (state.mode === "attributes" || state.mode === "body") {
      this.warn("unterminated_form", `a <${state.name}> tag is never closed, so it is left as prose`, state.start);
    } else if (state.mode !== "prose") {
      const message = `an <${CARD_TAG}> is never closed, so what follows it is read as its payload (prose)`;
      this.warn("unterminated_card", message, state.start);
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

  /** Consumes `text`, each mode as far as it goes (a probe's verdict may rewind the text). */
  private feed(text: string): void {
    this.lines.append(text);
    this.unsent.add(text);
    this.find.reset(text);
    for (let i = 0; i < this.unsent.text.length; ) {
      const { state, probe } = this;
      const current = this.unsent.text;
      if (probe !== undefined) i = this.scanProbe(probe, current, i);
      else if (state.mode === "prose") i = this.scanProse(current, i);
      else if (state.mode === "attributes") i = this.scanAttributes(state, current, i);
      else if (state.mode === "card tag") i = this.scanCardTag(state, current, i);
      else i = this.scanJson(state, current, i);
    }
  }

  /** Prose up to a `<` that may open a tag; a `<` followed by anything but a name's first letter is prose. */
  private scanProse(text: string, i: number): number {
    const find = this.find;
    let to = find.next("<", i);
    while (to + 1 < text.length && !mayStartName(text.charCodeAt(to + 1))) to = find.next("<", to + 1);
    this.context.advance(text, i, to, find);
    if (to === text.length) return to;
    if (this.context.opensTag()) this.openProbe(this.unsent.offset(to), "<");
    return to + 1;
  }

  /** The open tag's attributes, up to its `>` outside quoted values; then the body. */
  private scanAttributes(tag: Extract<State, { mode: "attributes" }>, text: string, i: number): number {
    while (i < text.length) {
      if (tag.quote === '"' || tag.quote === "'") {
        const close = text.indexOf(tag.quote, i);
        if (close === -1) return text.length;
        tag.quote = "";
        i = close + 1;
        continue;
      }
      const c = text[i++] as string;
      if (c === ">") {
        const { start, name, close } = tag;
        const bodyStart = this.unsent.offset(i);
        const view = this.Views === undefined ? undefined : this.openPartial(this.Views, tag, bodyStart);
        this.state = { mode: "body", start, name, close, bodyStart, json: new JsonScan(view), view };
        return i;
      }
      if (c === "=" || ((c === '"' || c === "'") && tag.quote === "=")) tag.quote = c;
      else if (!isTagSpace(c)) tag.quote = "";
    }
    return i;
  }

  /** An `<od-card>`'s open tag, up to its `>`; then its payload, unless it ends `/>`. */
  private scanCardTag(tag: Extract<State, { mode: "card tag" }>, text: string, i: number): number {
    const close = text.indexOf(">", i);
    if (close === -1) {
      tag.slash = text[text.length - 1] === "/";
      return text.length;
    }
    if (close > i) tag.slash = text[close - 1] === "/";
    if (tag.slash) this.toProse();
    else
      this.state = {
        mode: "card",
        start: tag.start,
        name: tag.name,
        close: tag.close,
        json: new JsonScan(undefined, true),
      };
    return close + 1;
  }

  /** A body or a card's payload, up to its next `<` outside strings or a card line's end: a probe starts there. */
  private scanJson({ json, start }: Extract<State, { json: JsonScan }>, text: string, i: number): number {
    const to = json.scan(text, i, this.unsent.offset(0) - start);
    if (to === text.length) return to;
    if (text[to] === "\n") this.openProbe(this.unsent.offset(to + 1), "");
    else this.openProbe(this.unsent.offset(to), "<");
    return to + 1;
  }

  private openProbe(at: number, text: string): void {
    this.probe = { at, text, line: text === "" };
    if (this.state.mode === "prose") this.unsent.prose(at, true);
  }

  private scanProbe(probe: Probe, text: string, i: number): number {
    const close = this.state.mode === "prose" ? "" : this.state.close;
    for (; i < text.length; i++) {
      probe.text += (text[i] as string).toLowerCase();
      const verdict = probe.line ? readLineStart(probe.text) : readTag(probe.text, close);
      if (verdict !== "more") return this.decide(verdict, probe, i);
    }
    return i;
  }

  /** What follows a probe whose last character, at `i`, told what it is. */
  private decide(verdict: "closes" | "opens" | "card" | "fresh" | "text", { at, text }: Probe, i: number): number {
    this.probe = undefined;
    const { state } = this;
    if (verdict === "text") return i;
    if (verdict === "closes") {
      if (state.mode === "body") this.closeBlock(state, this.unsent.take(this.unsent.offset(i + 1)), at - state.start);
      this.toProse();
      return i + 1;
    }
    if (state.mode !== "prose") return this.endUnclosed(state, verdict, at);
    const name = verdict === "card" ? CARD_TAG : text.slice(1, -1);
    const element = { start: at, name, close: closingTag(name) };
    this.state =
      verdict === "card"
        ? { mode: "card tag", ...element, slash: false }
        : { mode: "attributes", ...element, quote: "" };
    return i;
  }

  /**
   * Another block's open tag at `at` in a body or a card's payload, or fresh Markdown at a card
   * line's start: the element ends unclosed, and what follows is read again as prose.
   */
  private endUnclosed(
    state: Exclude<State, { mode: "prose" }>,
    verdict: "opens" | "card" | "fresh",
    at: number,
  ): number {
    if (state.mode === "body") {
      const message = `a <${state.name}> tag is followed by another open tag before its closing tag`;
      this.warn("unclosed_open_tag", `${message}, so it is left as prose`, state.start);
      const abandoned = this.unsent.slice(state.start, at);
      this.context.advance(abandoned, 1, abandoned.length, new NextChar(abandoned));
    } else {
      const follows =
        verdict === "opens"
          ? "a block's open tag outside its payload's strings before its closing tag, so the block is read"
          : "fresh Markdown (a heading or a list item) before its closing tag, so what follows is read as prose";
      this.warn("unclosed_card", `an <${CARD_TAG}> is followed by ${follows}`, state.start);
      if (verdict === "fresh") this.context.advance("\n", 0, 1, new NextChar("\n"));
    }
    this.toProse();
    this.unsent.rewind(at);
    this.find.reset(this.unsent.text);
    return at - this.unsent.offset(0);
  }

  /** A closed block's `source`, its closing tag at `bodyEnd` in it, read into a form or an error. */
  private closeBlock(
    { start, name, bodyStart }: Element & { bodyStart: number },
    source: string,
    bodyEnd: number,
  ): void {
    const block = { source, start, nameEnd: 1 + name.length, bodyStart: bodyStart - start, bodyEnd };
    const read = readBlock(block, (offset) => this.lines.at(offset));
    const { form, report } = read;
    if (form?.id !== undefined && this.formIds.has(form.id)) {
      const said = `Another form in this message already has the id "${form.id}".`;
      report
        .placed(() => this.lines.at(start))
        .at("id")
        .error("duplicate_form_id", said);
    }
    const span = { start, end: start + source.length, ...this.lines.at(start), source };
    let segment: FormSegment | ErrorSegment;
    if (form !== undefined && report.ok) {
      const id = form.id as string;
      this.formIds.add(id);
      segment = { kind: "form", ...span, id, form, warnings: report.warnings };
      if (form.title !== undefined) segment.title = form.title;
    } else {
      const issues = [...report.errors, ...report.warnings];
      segment = { kind: "error", ...span, issues };
      if (read.id !== undefined) segment.id = read.id;
    }
    this.segments.push(segment);
    this.events.push(segment.kind === "form" ? { kind: "form", segment } : { kind: "error", segment });
  }

  /** Back to prose: nothing held, no block or card. */
  private toProse(): void {
    this.state = PROSE;
    this.probe = undefined;
  }

  /** The block's partial view: its open tag's attributes, its text (offsets in the block), its events. */
  private openPartial(Views: typeof PartialView, { start, name }: Element, bodyStart: number): PartialView {
    const view = new Views(
      this.unsent.slice(start + 1 + name.length, bodyStart - 1),
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
        this.events.push(event);
      },
    );
    return view;
  }

  private warn(code: IssueCode, message: string, offset: number): void {
    const issue: Issue = { ...warning(code, [], sentence(message)), ...this.lines.at(offset) };
    this.warnings.push(issue);
    this.events.push({ kind: "warning", issue });
  }
}
