import type { PartialView } from "./partial-view.js";
import { endsTagName, isTagName, mayBeTagName } from "./tag-names.js";
import { BACKSLASH, COLON, LESS_THAN, NEWLINE, QUOTE } from "./char-codes.js";

/** What a body character did: nothing more, closed the block, or began another open tag. */
export type BodyStep = "more" | "closed" | "nested";

/**
 * A candidate block's text (from its `<`) and the scan of its body as JSON: strings (closed
 * by a quote, or by a line break when stray; a backslash escapes the next character), the
 * `:` outside them, and a `<` outside them, which may begin the closing tag (`</` and the
 * open tag's name, spaces allowed before `>`) or another open tag.
 */
export class BodyScan {
  /** The block's text so far, without `probe`. */
  text = "<";
  /** The tag name once matched (lower case). */
  name = "";
  /** A `<` and what follows it inside a body, while it may be a tag. */
  probe = "";
  /** `:` outside strings in the body: one per object member in valid JSON. */
  colons = 0;
  /** Set on a partial reader: told the body's structure. */
  view: PartialView | undefined;
  private inString = false;
  private escaped = false;

  /**
   * Takes body text as `step` reads it, without a step per character; returns where it stops:
   * at a `<` outside strings, or, with a partial view (which follows structure), at anything
   * outside strings and at a string's end.
   */
  skip(chunk: string, from: number): number {
    if (this.probe !== "") return from;
    // The state in locals for the loop, which runs over every character of every body.
    let { inString, escaped, colons } = this;
    const partial = this.view !== undefined;
    let i = from;
    for (; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
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
    this.text += chunk.slice(from, i);
    return i;
  }

  /** Whether the usual closing tag (`</question-form>`, as the open tag named it) starts at `i`, whole in `chunk`. */
  closesAt(chunk: string, i: number): boolean {
    return (
      this.probe === "" &&
      !this.inString &&
      chunk.startsWith("</", i) &&
      chunk.startsWith(this.name, i + 2) &&
      chunk[i + 2 + this.name.length] === ">"
    );
  }

  /** Takes the closing tag at once, as `step` does one character at a time; returns its length. */
  takeClosingTag(): number {
    this.probe = `</${this.name}>`;
    return this.probe.length;
  }

  step(c: string): BodyStep {
    if (this.probe !== "") return this.stepProbe(c);
    if (this.inString) {
      this.text += c;
      if (this.escaped) this.escaped = false;
      else if (c === "\\") this.escaped = true;
      else if (c === '"') {
        this.inString = false;
        this.view?.stringClosed(this.text);
      } else if (c === "\n") this.inString = false; // JSON strings never span lines: stop a stray quote here
      return "more";
    }
    if (c === "<") {
      this.probe = "<";
      return "more";
    }
    this.text += c;
    if (c === '"') {
      this.inString = true;
      this.view?.stringOpened(this.text.length);
      return "more";
    }
    if (c === ":") this.colons++;
    this.view?.structure(c, this.text);
    return "more";
  }

  /** Inside a body, outside strings: a `<` may begin the closing tag or another open tag. */
  private stepProbe(c: string): BodyStep {
    const probe = this.probe + c;
    const lower = probe.toLowerCase();
    const close = `</${this.name}`;
    if (close.startsWith(lower) || (lower.startsWith(close) && /^\s*>?$/.test(lower.slice(close.length)))) {
      this.probe = probe;
      return c === ">" ? "closed" : "more";
    }
    if (mayBeTagName(lower.slice(1))) {
      this.probe = probe;
      return "more";
    }
    if (isTagName(this.probe.slice(1).toLowerCase()) && endsTagName(c)) return "nested";
    // Ordinary body text after all.
    this.text += this.probe;
    this.probe = "";
    return this.step(c);
  }
}
