import { CARD_TAG, endsTagName, isTagName, mayBeTagName } from "./tag-names.js";
import { BACKSLASH, LESS_THAN, NEWLINE, QUOTE } from "./char-codes.js";

const CARD_CLOSE = `</${CARD_TAG}>`;

/** What a character of a card did: nothing more, closed the card, or began a block's open tag. */
export type CardStep = "more" | "closed" | "block";

/**
 * An `<od-card>` element, which is prose: its open tag (`/>` ends the card at once), then its
 * payload, JSON whose strings may quote a form, up to `</od-card>` outside strings. A block's
 * open tag outside the payload's strings is not payload: the card was never closed, and the
 * block is live (the reader replays `held` from `heldAt`). Prose goes to `append` as it is read.
 */
export class CardScan {
  /** A `<` and what follows it outside strings, while it may be `</od-card>` or a block's open tag. */
  held = "";
  heldAt = 0;
  private openTag = true;
  private slash = false;
  private inString = false;
  private escaped = false;

  constructor(
    /** Offset of the card's `<`. */
    readonly start: number,
    private readonly append: (text: string, at: number) => void,
  ) {}

  /** Takes payload up to the next `<` outside strings, as `step` reads it; returns where it stops. */
  skip(text: string, from: number, offset: number): number {
    if (this.openTag || this.held !== "") return from;
    let { inString, escaped } = this;
    let i = from;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE || c === NEWLINE) inString = false; // a stray quote hides tags to the line's end only
      } else if (c === LESS_THAN) break;
      else if (c === QUOTE) inString = true;
    }
    this.inString = inString;
    this.escaped = escaped;
    if (i > from) this.append(text.slice(from, i), offset);
    return i;
  }

  step(c: string, at: number): CardStep {
    if (this.openTag) {
      this.append(c, at);
      if (c === ">") {
        this.openTag = false;
        if (this.slash) return "closed"; // `<od-card …/>`: no payload
      }
      this.slash = c === "/";
      return "more";
    }
    if (this.held !== "") {
      const probe = (this.held + c).toLowerCase();
      if (CARD_CLOSE.startsWith(probe) || mayBeTagName(probe.slice(1))) {
        this.held += c;
        if (probe !== CARD_CLOSE) return "more";
        this.append(this.held, this.heldAt);
        this.held = "";
        return "closed";
      }
      if (isTagName(this.held.slice(1).toLowerCase()) && endsTagName(c)) return "block";
      this.append(this.held, this.heldAt);
      this.held = "";
    }
    if (c === "<" && !this.inString) {
      this.held = "<";
      this.heldAt = at;
      return "more";
    }
    this.append(c, at);
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (c === "\\") this.escaped = true;
      else if (c === '"' || c === "\n") this.inString = false;
    } else if (c === '"') this.inString = true;
    return "more";
  }
}
