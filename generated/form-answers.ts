/* eslint-disable */
/**
 * Generated from schemas/ by `npm run gen` (json-schema-to-typescript).
 * Do not edit by hand: change the schema and regenerate.
 */

/**
 * How a person responded to a form, protocol-neutral. Only `accept` carries answers; decline and cancel never become answers.
 */
export type FormResponse = AcceptedResponse | DeclinedResponse;
/**
 * Text, a chosen value or URI (string); chosen values or URIs (array of distinct strings); a number; a switch (boolean).
 */
export type AnswerValue = string | number | boolean | string[];
/**
 * The ids of required questions the person chose to skip (a `<question-form>` answer's `(skipped)`, as its stepped renderer lets them): unanswered on purpose, never an answer, and no `missing_answer`. A protocol whose answers cannot say a skip gets the answers without it, a `skipped_required` warning each.
 */
export type Skipped = string[];

export interface AcceptedResponse {
  /**
   * The person submitted the form.
   */
  action: "accept";
  answers: Answers;
  notes?: Notes;
  skipped?: Skipped;
}
/**
 * One typed value per answered field, keyed by field id; a skipped field has no key. Values are never defaulted.
 */
export interface Answers {
  [k: string]: AnswerValue;
}
/**
 * What the person wrote beside their answers, keyed by field id (AskUserQuestion's annotation notes): never an answer, and never checked as one. A protocol whose answers cannot carry notes gets the answers without them, a `dropped` warning each.
 */
export interface Notes {
  [k: string]: string;
}
export interface DeclinedResponse {
  /**
   * `decline`: the person refused to answer. `cancel`: the form was dismissed without a choice.
   */
  action: "decline" | "cancel";
}
