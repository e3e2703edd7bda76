import type { LineIndex } from "../../../model/line-index.js";
import type { MessageSegment, ReaderEvent } from "./segments.js";

/**
 * Prose between blocks: gathered while a chunk is scanned, emitted as a `prose` event when
 * flushed, and kept as prose segments (a segment grows while nothing comes between its pieces).
 */
export class ProseBuffer {
  private prose = "";
  private start = 0;
  private held = ""; // a high surrogate held back at a chunk's end
  // Prose segments' later pieces, not yet in their `source`: joined once, when `join()` is
  // asked. Not concatenated piece by piece (a stream of small chunks would build a deep
  // rope), nor joined while streaming for a host that only takes events.
  private unjoined: { segment: MessageSegment; pieces: string[] }[] = [];

  constructor(
    private readonly segments: MessageSegment[],
    private readonly lines: LineIndex,
    private readonly emit: (event: ReaderEvent) => void,
  ) {}

  append(text: string, at: number): void {
    if (this.prose === "" && this.held === "") this.start = at;
    this.prose += text;
  }

  /** Emits the prose gathered so far; at a chunk's end (`all` false) a lone high surrogate waits for its pair. */
  flush(all: boolean): void {
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
    const start = this.start;
    this.start = start + text.length;
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
