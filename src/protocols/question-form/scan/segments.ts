import type { Field, FormModel, Issue } from "../../../model/index.js";

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
  | PartialForm;

/**
 * A view of a form still arriving (docs/question-form.md, Streaming): its open tag is complete.
 * `fields` are its complete questions; `arriving`, the question still arriving, read from what
 * has arrived of it (a partial question: options so far, no default), once it has an id and a
 * label. The final form is read from the whole block, whatever the views showed.
 */
export interface PartialForm {
  kind: "partial";
  start: number;
  line: number;
  column: number;
  /** The open tag's id, else the body's once its string is whole, else "discovery": it changes at most once. */
  id: string;
  title?: string;
  description?: string;
  submitLabel?: string;
  lang?: string;
  fields: Field[];
  arriving?: Field;
}
