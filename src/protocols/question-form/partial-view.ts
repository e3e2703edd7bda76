import type { Field } from "../../model/index.js";
import { readAttributes } from "./attributes.js";
import { readQuestion } from "./block.js";
import { Findings } from "./located.js";

/**
 * The view of a form still arriving: the open tag's id and title, then each question object
 * of the `questions` array as soon as it is complete. Fed the body's structure characters
 * (outside strings) and the strings' ends by the body scan.
 */
export class PartialView {
  id: string | undefined;
  title: string | undefined;
  fields: Field[] = [];
  private depth = 0;
  private questionsDepth = -1;
  private lastString = "";
  private stringStart = 0;
  private pendingKey: string | undefined;
  private questionStart = -1;
  private questionCount = 0;

  /** `changed` is called when the view shows more than before. */
  constructor(attributes: string, private readonly changed: () => void) {
    const head = readAttributes(attributes, 0, new Findings());
    this.id = head.id;
    this.title = head.title;
  }

  /** A string opens at offset `at` of the block text. */
  stringOpened(at: number): void {
    this.stringStart = at;
  }

  /** A string closed at the end of `text` (the block so far). */
  stringClosed(text: string): void {
    this.lastString = text.slice(this.stringStart, -1);
  }

  /** `c`, outside strings, ends `text` (the block so far). */
  structure(c: string, text: string): void {
    if (c === "{" || c === "[") {
      if (c === "[" && ((this.depth === 0 && this.questionsDepth === -1) || (this.depth === 1 && this.pendingKey === "questions"))) {
        this.questionsDepth = this.depth + 1;
      } else if (c === "{" && this.depth === this.questionsDepth) this.questionStart = text.length - 1;
      this.depth++;
      this.pendingKey = undefined;
    } else if (c === "}" || c === "]") {
      this.depth--;
      if (c === "}" && this.depth === this.questionsDepth && this.questionStart >= 0) {
        this.completeQuestion(text.slice(this.questionStart));
        this.questionStart = -1;
      }
    } else if (c === ":" && this.depth === 1) this.pendingKey = this.lastString;
    else if (c === "," && this.depth === 1) this.pendingKey = undefined;
  }

  private completeQuestion(text: string): void {
    const field = readQuestion(text, this.questionCount++);
    if (field !== undefined) {
      this.fields = [...this.fields, field];
      this.changed();
    }
  }
}
