import type { Field, Issue } from "../../model/index.js";
import { readAttributes } from "./attributes.js";
import { readBlock, readQuestion } from "./block.js";
import { NextChar, ProseContext } from "./context.js";
import { Findings, LineIndex } from "./located.js";
import type { ErrorSegment, FormSegment, MessageSegment, ReadMessageResult, ReaderEvent } from "./segments.js";

const NAMES = ["question-form", "ask-question"] as const;
const isSpace = (c: string): boolean => c === " " || c === "\n" || c === "\t" || c === "\r" || c === "\f";
/** `q` or `a` in either case: the only characters a tag name can start with. */
const mayStartName = (code: number): boolean => code === 0x71 || code === 0x61 || code === 0x51 || code === 0x41;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const LESS_THAN = 0x3c;
const COLON = 0x3a;

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

type Mode = "prose" | "name" | "attributes" | "body";

class StreamingReader implements MessageReader {
  private readonly lines = new LineIndex();
  private readonly context = new ProseContext();
  private readonly find = new NextChar(); // one per reader, not one per chunk
  private decoder: InstanceType<typeof TextDecoder> | undefined;
  private readonly segments: MessageSegment[] = [];
  private readonly warnings: Issue[] = [];
  private readonly formIds = new Set<string>();
  private events: ReaderEvent[] = [];
  private ended = false;

  private offset = 0; // offset of the next character
  private mode: Mode = "prose";
  private prose = "";
  private proseStart = 0;
  // Prose segments' later pieces, not yet in their `source`: joined once, when `result()` asks
  // for the segments. Not concatenated piece by piece (a stream of small chunks would build a
  // deep rope), nor joined while streaming for a host that only takes events.
  private unjoined: { segment: MessageSegment; pieces: string[] }[] = [];
  private held = ""; // a high surrogate held back at a chunk's end
  // The text being scanned and the offset of its first character, to take a block that lies
  // in it as a slice of it (sharing its memory) instead of reading the block's concatenation.
  private text = "";
  private textStart = 0;

  // The candidate block: from its `<` to the current character.
  private block = "";
  private blockStart = 0;
  private name = ""; // the tag name once matched (lower case)
  private quote = ""; // inside a quoted attribute value
  private afterEquals = false;
  private bodyStart = 0; // offset in `block` where the body starts
  private inString = false;
  private escaped = false;
  private colons = 0; // `:` outside strings in the body: one per object member in valid JSON
  private probe = ""; // a `<` and what follows it inside a body, while it may be a tag
  // Partial views: structure of the body, to spot each complete question object.
  private depth = 0;
  private questionsDepth = -1;
  private lastString = "";
  private stringStart = 0;
  private pendingKey: string | undefined;
  private questionStart = -1;
  private questionCount = 0;
  private partialFields: Field[] = [];
  private partialHead: { id?: string; title?: string } = {};

  constructor(private readonly partial: boolean) {}

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
    this.flushProse(false);
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
    if (this.mode !== "prose") {
      const text = this.block + this.probe;
      const at = this.lines.at(this.blockStart);
      if (this.mode !== "name") this.warn({ code: "unterminated_form", path: [], severity: "warning", message: `a <${this.name || "question-form"}> tag is never closed; it is left as prose`, ...at });
      this.mode = "prose";
      this.appendProse(text, this.blockStart);
      this.resetBlock();
    }
    this.flushProse(true);
    return this.take();
  }

  result(): ReadMessageResult {
    this.joinProse();
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
      else if (this.mode === "attributes") i = this.skipQuoted(text, i);
      else if (this.mode === "body") {
        i = this.skipBody(text, i);
        if (this.closesAt(text, i)) {
          i = this.takeClosingTag(i);
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
      this.appendProse(text.slice(from, to), this.offset);
      this.offset += to - from;
    }
    return to;
  }

  /**
   * Takes body text as `stepBody` reads it, without a step per character: JSON strings
   * (closed by a quote, or by a line break when stray; a backslash escapes the next
   * character) and the `:` outside them. It stops at a `<` outside strings, which may
   * begin a tag; a partial reader, which tracks structure, stops at anything outside strings.
   */
  private skipBody(text: string, from: number): number {
    if (this.probe !== "") return from;
    // The state in locals for the loop, which runs over every character of every body.
    let { inString, escaped, colons } = this;
    const partial = this.partial;
    let i = from;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE || c === NEWLINE) {
          if (partial) break;
          inString = false;
        }
      } else if (partial || c === LESS_THAN) break;
      else if (c === QUOTE) inString = true;
      else if (c === COLON) colons++;
    }
    this.inString = inString;
    this.escaped = escaped;
    this.colons = colons;
    this.block += text.slice(from, i);
    this.offset += i - from;
    return i;
  }

  /** Takes the inside of a quoted attribute value up to its closing quote, as `stepAttributes` reads it. */
  private skipQuoted(text: string, from: number): number {
    if (this.quote === "") return from;
    const close = text.indexOf(this.quote, from);
    const to = close === -1 ? text.length : close;
    this.block += text.slice(from, to);
    this.offset += to - from;
    return to;
  }

  /** Whether the usual closing tag (`</question-form>`, as the open tag named it) starts at `i`, whole in this text. */
  private closesAt(text: string, i: number): boolean {
    return this.probe === "" && !this.inString && text.startsWith("</", i) && text.startsWith(this.name, i + 2) && text[i + 2 + this.name.length] === ">";
  }

  /** Takes the closing tag at once, as `stepProbe` does one character at a time; returns where it ends. */
  private takeClosingTag(i: number): number {
    this.probe = `</${this.name}>`;
    this.offset += this.probe.length;
    const end = i + this.probe.length;
    this.closeBlock();
    return end;
  }

  private step(c: string): void {
    const at = this.offset++;
    switch (this.mode) {
      case "prose":
        if (this.context.step(c) && c === "<") {
          this.flushProse(true);
          this.startBlock(at);
        } else this.appendProse(c, at);
        return;
      case "name":
        return this.stepName(c, at);
      case "attributes":
        return this.stepAttributes(c);
      case "body":
        return this.stepBody(c);
    }
  }

  private startBlock(at: number): void {
    this.mode = "name";
    this.block = "<";
    this.blockStart = at;
  }

  private stepName(c: string, at: number): void {
    const typed = this.block.slice(1) + c.toLowerCase();
    if (NAMES.some((name) => name.startsWith(typed.toLowerCase()))) {
      this.block += c;
      return;
    }
    const name = this.block.slice(1).toLowerCase();
    if ((NAMES as readonly string[]).includes(name) && (isSpace(c) || c === ">" || c === "/")) {
      this.name = name;
      this.mode = "attributes";
      this.stepAttributes(c);
      return;
    }
    // Not a tag after all: what was held is prose (no newline or backtick in it).
    const held = this.block;
    this.resetBlock();
    this.mode = "prose";
    for (let i = 1; i < held.length; i++) this.context.step(held[i] as string);
    this.appendProse(held, at - held.length);
    this.offset--;
    this.step(c);
  }

  private stepAttributes(c: string): void {
    this.block += c;
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
    else if (!isSpace(c)) this.afterEquals = false;
    if (c === ">") {
      this.mode = "body";
      this.bodyStart = this.block.length;
      if (this.partial) this.openPartial();
    }
  }

  private stepBody(c: string): void {
    if (this.probe !== "") return this.stepProbe(c);
    if (this.inString) {
      this.block += c;
      if (this.escaped) this.escaped = false;
      else if (c === "\\") this.escaped = true;
      else if (c === '"') {
        this.inString = false;
        if (this.partial) this.lastString = this.block.slice(this.stringStart, -1);
      } else if (c === "\n") this.inString = false; // JSON strings never span lines: stop a stray quote here
      return;
    }
    if (c === "<") {
      this.probe = "<";
      return;
    }
    this.block += c;
    if (c === '"') {
      this.inString = true;
      this.stringStart = this.block.length;
      return;
    }
    if (c === ":") this.colons++;
    if (this.partial) this.trackStructure(c);
  }

  /** Inside a body, outside strings: a `<` may begin the closing tag or another open tag. */
  private stepProbe(c: string): void {
    const probe = this.probe + c;
    const lower = probe.toLowerCase();
    const close = `</${this.name}`;
    if (close.startsWith(lower) || (lower.startsWith(close) && /^\s*>?$/.test(lower.slice(close.length)))) {
      this.probe = probe;
      if (c === ">") this.closeBlock();
      return;
    }
    const typed = lower.slice(1);
    if (NAMES.some((name) => name.startsWith(typed))) {
      this.probe = probe;
      return;
    }
    const name = this.probe.slice(1).toLowerCase();
    if ((NAMES as readonly string[]).includes(name) && (isSpace(c) || c === ">" || c === "/")) return this.abandonFor(c);
    // Ordinary body text after all.
    this.block += this.probe;
    this.probe = "";
    this.stepBody(c);
  }

  /** Another open tag inside a body: the earlier candidate was not a form (it stays prose). */
  private abandonFor(c: string): void {
    const nestedAt = this.blockStart + this.block.length;
    const abandoned = this.block;
    const probe = this.probe;
    const at = this.lines.at(this.blockStart);
    this.warn({ code: "unclosed_open_tag", path: [], severity: "warning", message: `a <${this.name}> tag is followed by another open tag before its closing tag; it is left as prose`, ...at });
    for (let i = 1; i < abandoned.length; i++) this.context.step(abandoned[i] as string);
    this.appendProse(abandoned, this.blockStart);
    this.resetBlock();
    this.mode = "prose";
    // Replay the nested tag as if it arrived in prose now.
    this.offset = nestedAt;
    for (const ch of probe + c) this.step(ch);
  }

  private closeBlock(): void {
    const source = this.blockSource();
    const start = this.blockStart;
    const body = source.slice(this.bodyStart, source.length - this.probe.length);
    const findings = new Findings();
    const nameEnd = 1 + this.name.length;
    const attributes = readAttributes(source.slice(nameEnd, this.bodyStart - 1), start + nameEnd, findings);
    const form = findings.errors.length === 0 ? readBlock(attributes, body, start + this.bodyStart, findings, this.colons) : undefined;
    const span = { start, end: start + source.length, ...this.lines.at(start), source };
    if (form !== undefined && form.id !== undefined && this.formIds.has(form.id)) {
      findings.error("duplicate_form_id", ["id"], `another form in this message already has the id "${form.id}"`, start);
    }
    if (form !== undefined && findings.errors.length === 0) {
      const id = form.id as string;
      this.formIds.add(id);
      const segment: FormSegment = { kind: "form", ...span, id, form, warnings: findings.warnings.map((w) => this.lines.locate(w)) };
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
   * The block's text, `block + probe`. A block that began in the text being scanned (always,
   * for a whole message) is that text's slice: it shares the text's memory, where the
   * concatenation would be copied into a new string when read.
   */
  private blockSource(): string {
    if (this.blockStart < this.textStart) return this.block + this.probe;
    return this.text.slice(this.blockStart - this.textStart, this.offset - this.textStart);
  }

  private resetBlock(): void {
    this.block = "";
    this.probe = "";
    this.name = "";
    this.quote = "";
    this.afterEquals = false;
    this.inString = false;
    this.escaped = false;
    this.colons = 0;
    this.depth = 0;
    this.questionsDepth = -1;
    this.pendingKey = undefined;
    this.questionStart = -1;
    this.questionCount = 0;
    this.partialFields = [];
    this.partialHead = {};
  }

  // ---- partial views ----

  private openPartial(): void {
    const findings = new Findings();
    const nameEnd = 1 + this.name.length;
    this.partialHead = readAttributes(this.block.slice(nameEnd, this.bodyStart - 1), 0, findings);
    this.emitPartial();
  }

  private trackStructure(c: string): void {
    if (c === "{" || c === "[") {
      if (c === "[" && ((this.depth === 0 && this.questionsDepth === -1) || (this.depth === 1 && this.pendingKey === "questions"))) {
        this.questionsDepth = this.depth + 1;
      } else if (c === "{" && this.depth === this.questionsDepth) this.questionStart = this.block.length - 1;
      this.depth++;
      this.pendingKey = undefined;
    } else if (c === "}" || c === "]") {
      this.depth--;
      if (c === "}" && this.depth === this.questionsDepth && this.questionStart >= 0) {
        this.completeQuestion(this.block.slice(this.questionStart));
        this.questionStart = -1;
      }
    } else if (c === ":" && this.depth === 1) this.pendingKey = this.lastString;
    else if (c === "," && this.depth === 1) this.pendingKey = undefined;
  }

  private completeQuestion(text: string): void {
    const field = readQuestion(text, this.questionCount++);
    if (field !== undefined) {
      this.partialFields = [...this.partialFields, field];
      this.emitPartial();
    }
  }

  private emitPartial(): void {
    const event: ReaderEvent = { kind: "partial", start: this.blockStart, ...this.lines.at(this.blockStart), fields: this.partialFields };
    if (this.partialHead.id !== undefined) event.id = this.partialHead.id;
    if (this.partialHead.title !== undefined) event.title = this.partialHead.title;
    this.flushProse(true);
    this.emit(event);
  }

  // ---- prose ----

  private appendProse(text: string, at: number): void {
    if (this.prose === "" && this.held === "") this.proseStart = at;
    this.prose += text;
  }

  /** Emits the prose gathered so far; at a chunk's end a lone high surrogate waits for its pair. */
  private flushProse(all: boolean): void {
    let text = this.held + this.prose;
    this.held = "";
    if (!all && text !== "") {
      const last = text.charCodeAt(text.length - 1);
      if (last >= 0xd800 && last <= 0xdbff) {
        this.held = text.slice(-1);
        text = text.slice(0, -1);
      }
    }
    this.prose = "";
    if (text === "") return;
    const start = this.proseStart;
    this.proseStart = start + text.length;
    this.emit({ kind: "prose", start, text });
    const previous = this.segments[this.segments.length - 1];
    if (previous !== undefined && previous.kind === "prose" && previous.end === start) {
      const open = this.unjoined[this.unjoined.length - 1];
      if (open?.segment === previous) open.pieces.push(text);
      else this.unjoined.push({ segment: previous, pieces: [text] });
      previous.end += text.length;
    } else {
      this.segments.push({ kind: "prose", start, end: start + text.length, ...this.lines.at(start), source: text });
    }
  }

  /** Joins the pieces of each prose segment into its `source`. */
  private joinProse(): void {
    for (const { segment, pieces } of this.unjoined) segment.source += pieces.join("");
    this.unjoined = [];
  }

  private warn(issue: Issue): void {
    this.warnings.push(issue);
    this.emit({ kind: "warning", issue });
  }
}
