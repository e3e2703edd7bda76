import { type Issue, type IssueCode, type PathSegment, problem, warning } from "../../model/index.js";

/** An issue still carrying its offset in the message, before it is given a line and column. */
export interface Located {
  issue: Issue;
  offset: number;
}

/** Collects errors and warnings found while reading one block. */
export class Findings {
  readonly errors: Located[] = [];
  readonly warnings: Located[] = [];

  error(code: IssueCode, path: PathSegment[], message: string, offset: number): void {
    this.errors.push({ issue: problem(code, path, message), offset });
  }

  warn(code: IssueCode, path: PathSegment[], message: string, offset: number): void {
    this.warnings.push({ issue: warning(code, path, message), offset });
  }
}

/** Turns offsets into 1-based lines and UTF-16 columns of a text. */
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

  locate(found: Located): Issue {
    return { ...found.issue, ...this.at(found.offset) };
  }
}
