import type { FormModel, Issue, PartialForm } from "../../../model/index.js";

/** Where a segment starts in the message: UTF-16 offsets and a 1-based line and column. */
export interface Span {
  /** Offset of the segment's first character. */
  start: number;
  /** Offset just after the segment's last character. */
  end: number;
  line: number;
  column: number;
  /** The segment's text exactly as it appears in the message. */
  source: string;
}

export interface ProseSegment extends Span {
  kind: "prose";
}

export interface FormSegment extends Span {
  kind: "form";
  id: string;
  title?: string;
  form: FormModel;
  /** What was read leniently or ignored in this block, located in the message. */
  warnings: Issue[];
}

export interface ErrorSegment extends Span {
  kind: "error";
  /** The id attribute of the broken block, when it has one. */
  id?: string;
  /** Every problem found in the block (errors first), located in the message. */
  issues: Issue[];
}

export type MessageSegment = ProseSegment | FormSegment | ErrorSegment;

/** The result of reading a whole message. */
export interface ReadMessageResult {
  /** Ordered segments; their `source` texts concatenate to the message. */
  segments: MessageSegment[];
  /** Message-level warnings (an unterminated block, an abandoned open tag). */
  warnings: Issue[];
}

/** What a streaming reader yields as the message arrives. */
export type ReaderEvent =
  | { kind: "prose"; start: number; text: string }
  | { kind: "form"; segment: FormSegment }
  | { kind: "error"; segment: ErrorSegment }
  | { kind: "warning"; issue: Issue }
  | PartialFormEvent;

/**
 * A view of a `<question-form>` block still arriving (docs/question-form.md, Streaming), once its open tag is
 * complete: the model's `PartialForm`, and where the block starts in the message. Its id is the open tag's, else the
 * body's once its string is whole, else "discovery".
 */
export interface PartialFormEvent extends PartialForm {
  start: number;
  line: number;
  column: number;
}
