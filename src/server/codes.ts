/** The issue codes only the MCP server's configuration gives (docs/issue-codes.md); `IssueCode` is every folder's. */
export interface ServerIssueCodes {
  /** A server timeout (`DATA_FORMS_TIMEOUT_MS`) that is not a whole number of milliseconds in range. */
  invalid_timeout: true;
  /** A server state key that is missing where it is needed. */
  missing_state_key: true;
  /** A server state key too short or not written in hex or base64. */
  invalid_state_key: true;
  /** A server on/off setting that is not 1, true, 0 or false. */
  invalid_switch: true;
}

declare module "../model/issue.js" {
  interface IssueCodes extends ServerIssueCodes {}
}
