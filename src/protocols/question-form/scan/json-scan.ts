import { JsonString } from "../../../text/json-text.js";
import type { PartialView } from "../block/partial-view.js";

const QUOTE = 0x22;
const LESS_THAN = 0x3c;
const NEWLINE = 0x0a;

/** What a body's scan tells the partial view: where its strings open and close, each character outside them. */
type Listener = Pick<PartialView, "stringOpened" | "stringClosed" | "structure">;

/**
 * A block's body or a card's payload, scanned as JSON up to its next `<` outside strings (a
 * closing tag, or another tag, may begin there), and with `lines` to each line break too (a
 * card's line may start fresh Markdown). Its strings end as every JSON string does
 * (`JsonString`): a tag quoted in one is text.
 */
export class JsonScan {
  private readonly string = new JsonString();
  private inString = false;

  constructor(
    private readonly listener?: Listener,
    private readonly lines = false,
  ) {}

  /**
   * Scans `text` from `from`, telling the listener offsets `shift` after those in `text`; returns
   * the offset of the next `<` outside strings (or line break), or the text's length.
   */
  scan(text: string, from: number, shift = 0): number {
    const { listener, lines } = this;
    let i = from;
    while (i < text.length) {
      if (this.inString) {
        const end = this.string.end(text, i);
        if (end === text.length) return end;
        this.inString = false;
        if (text.charCodeAt(end) === QUOTE) listener?.stringClosed(end + shift);
        else if (lines) return end;
        i = end + 1;
      }
      // Outside strings: up to the next quote, or the `<` or line break the scan stops at.
      let c = 0;
      for (; i < text.length; i++) {
        c = text.charCodeAt(i);
        if (c === QUOTE || c === LESS_THAN || (c === NEWLINE && lines)) break;
        listener?.structure(text[i] as string, i + shift);
      }
      if (i === text.length || c !== QUOTE) return i;
      this.inString = true;
      listener?.stringOpened(i + 1 + shift);
      i++;
    }
    return i;
  }
}
