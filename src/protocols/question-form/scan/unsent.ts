import type { LineIndex } from "../../../text/line-index.js";
import type { MessageSegment, ReaderEvent } from "./segments.js";

/**
 * The message's text not yet handed out, from `start`: prose until it is emitted, and what is held
 * (a `<` that may open a tag, a block until it closes, a probe in a card). Offsets are the
 * message's. What earlier chunks left is one string (`head`); the current chunk (`text`, at
 * `base`) is sliced only when asked, so prose costs one slice per emission.
 */
export class Unsent {
  start = 0;
  text = "";
  base = 0;
  private head = "";
  private headStart = 0;
  // Prose segments' later pieces, not yet in their `source`: joined once, when `join()` is
  // asked. Not concatenated piece by piece (a stream of small chunks would build a deep
  // rope), nor joined while streaming for a host that only takes events.
  private unjoined: { segment: MessageSegment; pieces: string[] }[] = [];

  constructor(
    private readonly segments: MessageSegment[],
    private readonly lines: LineIndex,
    private readonly emit: (event: ReaderEvent) => void,
  ) {}

  /** The message's offset of index `i` of the current text. */
  offset(i: number): number {
    return this.base + i;
  }

  /** The message's length so far. */
  get end(): number {
    return this.base + this.text.length;
  }

  /** The next chunk: what is unsent of the current one is kept. */
  add(text: string): void {
    this.head = this.start < this.end ? this.slice(this.start, this.end) : "";
    this.headStart = this.start;
    this.base = this.end;
    this.text = text;
  }

  /** The text from `from` (not before `start`) to `to`. */
  slice(from: number, to: number): string {
    if (from >= this.base) return this.text.slice(from - this.base, to - this.base);
    const head = this.head.slice(from - this.headStart, to - this.headStart);
    return to <= this.base ? head : head + this.text.slice(0, to - this.base);
  }

  /** The text from `at` is scanned again: the current text starts there. */
  rewind(at: number): void {
    if (at >= this.base) return;
    this.text = this.slice(at, this.base) + this.text;
    this.head = this.head.slice(0, at - this.headStart);
    this.base = at;
  }

  /** A block's source: the text up to `to`. */
  take(to: number): string {
    const source = this.slice(this.start, to);
    this.start = to;
    return source;
  }

  /** Emits the prose up to `to`; at a chunk's end (`all` false) a lone high surrogate waits for its pair. */
  prose(to: number, all: boolean): void {
    let text = this.slice(this.start, to);
    const last = text.charCodeAt(text.length - 1);
    if (!all && last >= 0xd800 && last <= 0xdbff) text = text.slice(0, -1);
    if (text === "") return;
    const start = this.start;
    this.start += text.length;
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
  join(): void {
    for (const { segment, pieces } of this.unjoined) segment.source += pieces.join("");
    this.unjoined = [];
  }
}
