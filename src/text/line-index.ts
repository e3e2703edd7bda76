/**
 * Offsets of a text as 1-based lines and UTF-16 columns, and back: the one index the
 * `<question-form>` reader (streaming), the CLI and the playground locate issues with.
 */
export class LineIndex {
  // Line starts in a typed array grown by doubling: a 10 MB message has some 140,000 lines,
  // which a plain array stored at nearly twice the cost.
  private starts = new Int32Array(64);
  private lines = 1; // starts[0] = 0
  private length = 0;

  constructor(text = "") {
    this.append(text);
  }

  /** Extends the index with the next piece of the text (streaming). */
  append(text: string): void {
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) {
      if (this.lines === this.starts.length) {
        const grown = new Int32Array(this.lines * 2);
        grown.set(this.starts);
        this.starts = grown;
      }
      this.starts[this.lines++] = this.length + i + 1;
    }
    this.length += text.length;
  }

  at(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.lines - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.starts[mid] as number) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - (this.starts[low] as number) + 1 };
  }

  /** The offset of a line and column (past the last line: the text's end). */
  offset(line: number, column = 1): number {
    return (line <= this.lines ? (this.starts[line - 1] as number) : this.length) + column - 1;
  }
}
