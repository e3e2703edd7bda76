import { Transform, type TransformCallback } from "node:stream";

const NEWLINE = 0x0a;

/**
 * Standard input as the stdio transport reads it: whole lines of at most `maxBytes` bytes
 * (newline excluded). A longer line is dropped as it arrives (it is never held whole) and
 * `onDropped` is told its length, so one oversized message costs that message, never the
 * connection or the calls pending on it (the SDK's own buffer would close the transport).
 */
export class LineBound extends Transform {
  private held: Buffer[] = [];
  private heldBytes = 0;
  /** Bytes of the line being dropped, counted until its newline; -1 when none is. */
  private dropping = -1;

  constructor(
    private readonly maxBytes: number,
    private readonly onDropped: (bytes: number) => void,
  ) {
    // One line per chunk read: a reader that falls behind gets lines one by one, never run together.
    super({ readableObjectMode: true });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline < 0 ? chunk.length : newline;
      this.hold(chunk.subarray(start, end));
      if (newline < 0) break;
      this.endLine();
      start = newline + 1;
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.dropping >= 0) this.onDropped(this.dropping);
    else if (this.heldBytes > 0) this.push(Buffer.concat(this.held));
    done();
  }

  private hold(part: Buffer): void {
    if (this.dropping >= 0) {
      this.dropping += part.length;
      return;
    }
    if (this.heldBytes + part.length > this.maxBytes) {
      this.dropping = this.heldBytes + part.length;
      this.held = [];
      this.heldBytes = 0;
      return;
    }
    this.held.push(part);
    this.heldBytes += part.length;
  }

  private endLine(): void {
    if (this.dropping >= 0) {
      this.onDropped(this.dropping);
      this.dropping = -1;
      return;
    }
    this.held.push(Buffer.from([NEWLINE]));
    this.push(Buffer.concat(this.held));
    this.held = [];
    this.heldBytes = 0;
  }
}
