/* eslint-disable */
/**
 * Generated from schemas/ by `npm run gen` (json-schema-to-typescript).
 * Do not edit by hand: change the schema and regenerate.
 */

/**
 * Result of `form_elicitation_v2_request`, sent both as `structuredContent` and as JSON text in `content[0].text`. Only `accept` supplies answers; decline, cancel and errors never establish a choice.
 */
export type DataToolResult = DataToolAccept | DataToolDismiss | DataToolError;
/**
 * invalid_arguments: input failed the contract. unsupported_client: the host did not advertise native forms. invalid_response: submitted values failed validation; no answers applied. request_cancelled: interrupted before a valid submission. timeout: no submission in time. transport_error: the elicitation failed before a valid response.
 */
export type DataToolErrorCode =
  "invalid_arguments" | "unsupported_client" | "invalid_response" | "request_cancelled" | "timeout" | "transport_error";

export interface DataToolAccept {
  action: "accept";
  /**
   * Answers keyed by question id; a skipped question has no key.
   */
  content: {
    [k: string]: string | string[];
  };
}
export interface DataToolDismiss {
  action: "decline" | "cancel";
}
export interface DataToolError {
  error: DataToolErrorBody;
}
export interface DataToolErrorBody {
  code: DataToolErrorCode;
  /**
   * What went wrong, for a person.
   */
  message: string;
  /**
   * Every problem found, each located.
   */
  issues?: ProblemDetail[];
}
export interface ProblemDetail {
  /**
   * Path from the arguments (or answers) to the offending value.
   */
  path: (string | number)[];
  message: string;
}
