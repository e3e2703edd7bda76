/**
 * Tracks the Markdown context of prose, so that a tag shown in a fenced code block or an inline
 * code span stays prose. Deliberately small:
 * - a fence is a line of 3+ backticks or tildes after at most 3 spaces, closed by a line
 *   of at least as many of the same character (or by the end of the message);
 * - an inline code span opens at a backtick run and closes at the next run of the same
 *   length on the same line; it also ends at the line break (see docs/question-form.md).
 */
export class ProseContext {
  private phase: "indent" | "run" | "closing" | "rest" = "indent";
  private indent = 0;
  // A run of backticks or tildes: its character, its length, whether it began a line (a fence's).
  private runChar = "";
  private runLength = 0;
  private runStartsLine = false;
  private fence: { char: string; length: number } | undefined;
  private inline = 0; // the length of the open code span's backtick run (0: none)

  /**
   * Consumes `text[from, to)`. Between the characters that can change the context it jumps:
   * with nothing open, to the next backtick or tilde (of the line breaks before it, only the
   * last leaves a trace: the indent of the line it starts); in a code span, to the next
   * backtick or line break; in a fence, to the next line break.
   */
  advance(text: string, from: number, to: number, find: NextChar): void {
    let i = from;
    while (i < to) {
      if (this.phase === "rest") {
        if (this.fence === undefined && this.inline === 0) {
          const next = Math.min(to, find.next("`", i), find.next("~", i));
          if (find.next("\n", i) < next) {
            this.consume("\n");
            i = text.lastIndexOf("\n", next - 1) + 1;
            continue;
          }
          i = next;
        } else {
          const newline = find.next("\n", i);
          i = Math.min(to, newline, this.fence === undefined ? find.next("`", i) : newline);
        }
        if (i === to) return;
      }
      this.consume(text[i] as string);
      i++;
    }
  }

  /** Consumes a `<`; returns whether a tag may start at it (outside code). */
  opensTag(): boolean {
    this.consume("<");
    return this.fence === undefined && this.inline === 0;
  }

  private consume(c: string): void {
    if (this.phase === "run" && c !== this.runChar) this.endRun();
    if (c === "\n") {
      if (this.phase === "closing") this.fence = undefined;
      this.phase = "indent";
      this.indent = 0;
      this.inline = 0;
    } else if (this.phase === "indent") {
      if (c === " " && this.indent < 3) this.indent++;
      else if (c === "`" || c === "~") this.startRun(c, true);
      else this.phase = "rest";
    } else if (this.phase === "run") this.runLength++;
    else if (this.phase === "closing") {
      if (c !== " " && c !== "\t") this.phase = "rest";
    } else if (c === "`" && this.fence === undefined) this.startRun(c, false);
  }

  private startRun(c: string, startsLine: boolean): void {
    this.phase = "run";
    this.runChar = c;
    this.runLength = 1;
    this.runStartsLine = startsLine;
  }

  /** A run ended: a line's run of 3 or more opens or closes a fence, a backtick run outside one a code span. */
  private endRun(): void {
    const length = this.runLength;
    this.phase = "rest";
    if (this.runStartsLine && length >= 3) {
      if (this.fence === undefined) this.fence = { char: this.runChar, length };
      else if (this.fence.char === this.runChar && length >= this.fence.length) this.phase = "closing";
    } else if (this.runChar === "`" && this.fence === undefined) {
      if (this.inline === 0) this.inline = length;
      else if (this.inline === length) this.inline = 0;
    }
  }
}

/** The characters the reader jumps to. */
type Sought = "<" | "`" | "~" | "\n";

/**
 * Where each sought character next occurs in one text; each is searched for once, however often it is asked.
 * A field and a case each: a table keyed by the character read 12–25 % slower over 16-character chunks.
 */
export class NextChar {
  private lessThan = -1;
  private backtick = -1;
  private tilde = -1;
  private newline = -1;

  constructor(private text = "") {}

  /** Starts over on `text`. */
  reset(text: string): void {
    this.text = text;
    this.lessThan = this.backtick = this.tilde = this.newline = -1;
  }

  /** The offset of the first `char` at or after `from`, or the text's length when there is none. */
  next(char: Sought, from: number): number {
    switch (char) {
      case "<":
        return this.lessThan >= from ? this.lessThan : (this.lessThan = this.search(char, from));
      case "`":
        return this.backtick >= from ? this.backtick : (this.backtick = this.search(char, from));
      case "~":
        return this.tilde >= from ? this.tilde : (this.tilde = this.search(char, from));
      case "\n":
        return this.newline >= from ? this.newline : (this.newline = this.search(char, from));
    }
  }

  private search(char: Sought, from: number): number {
    const at = this.text.indexOf(char, from);
    return at === -1 ? this.text.length : at;
  }
}
