/**
 * The issue codes only `<question-form>` blocks and answer messages give (docs/issue-codes.md); `IssueCode` is every
 * folder's.
 */
export interface QuestionFormIssueCodes {
  /** A block with nothing between its tags. */
  empty_body: true;
  /** A body that is not a JSON object with a `questions` array. */
  not_an_object: true;
  /** A body in a ``` fence, read as its content. */
  fenced_body: true;
  /** A body that is a bare question array, read as `{"questions": [...]}`. */
  bare_question_array: true;
  /** A body that is one question, not `{"questions": [...]}`: renderers do not read it. */
  bare_question: true;
  /** A body without a `questions` array. */
  missing_questions: true;
  /** A key written twice in one JSON object; the last is read. */
  duplicate_key: true;
  /** A block without an id, read as the default id. */
  missing_form_id: true;
  /** A form id used by another block of the same message. */
  duplicate_form_id: true;
  /** A form without questions. */
  no_questions: true;
  /** A question without an id, read with a generated one. */
  missing_question_id: true;
  /** A question id used twice in one form. */
  duplicate_question_id: true;
  /** An id read without its surrounding spaces. */
  trimmed_id: true;
  /** A question or option without a label; its id or value is shown. */
  missing_label: true;
  /** A question without a type, read as the reference renderer reads it. */
  missing_type: true;
  /** A type the protocol does not have, read as `text`. */
  unknown_type: true;
  /** A direction-cards question without cards; its options are shown. */
  missing_cards: true;
  /** An option that is empty, ignored. */
  empty_option: true;
  /** An option read without its surrounding spaces. */
  trimmed_option: true;
  /** An open tag attribute that cannot be read (no value, empty id). */
  invalid_attribute: true;
  /** Unexpected text in an open tag, ignored. */
  malformed_attribute: true;
  /** An open tag attribute the protocol does not know, ignored. */
  unknown_attribute: true;
  /** An attribute written twice; the first is read. */
  duplicate_attribute: true;
  /** A body key that differs from the tag's attribute; the attribute wins. */
  attribute_wins: true;
  /** An open tag never closed: the rest of the message is prose. */
  unterminated_form: true;
  /** An `<od-card>` never closed: what follows it was read as its payload. */
  unterminated_card: true;
  /** An `<od-card>` followed by a block's open tag or fresh Markdown before its close: what follows is read. */
  unclosed_card: true;
  /** A form in the older child-tag form (`<question-select>`, …), read. */
  child_tag_form: true;
  /**
   * A body in the older child-tag form that renderers do not render (another tag, stray text, an element not closed).
   */
  malformed_child_tags: true;
  /** A question that is not a JSON object, skipped as the reference renderer skips it. */
  skipped_question: true;
  /** A card that cannot be read, skipped as the reference renderer skips it. */
  skipped_card: true;
  /** An open tag attribute whose value is not quoted, ignored as the reference renderer ignores it. */
  unquoted_attribute: true;
  /** An open tag followed by another before its close: left as prose. */
  unclosed_open_tag: true;
  /** A message that is not a `[form answers — id]` message. */
  not_an_answer_message: true;
  /** Text of an answer message that is not an answer, ignored. */
  ignored_text: true;
  /** An answer line that cannot be read as an answer to its question. */
  unreadable_answer: true;
  /** An answer message header written in other words, read as `[form answers — id]`. */
  paraphrased_header: true;
  /** An answer line written in other words (a `*` bullet, a label in another case), read. */
  paraphrased_entry: true;
  /** An answer line after the line of a later question, read by its label. */
  out_of_order_answer: true;
  /** A question answered twice in one message: which answer was meant is not known. */
  repeated_answer: true;
}

declare module "../../model/issue.js" {
  interface IssueCodes extends QuestionFormIssueCodes {}
}
