/** The issue codes only the host bridge gives (docs/issue-codes.md); `IssueCode` is every folder's. */
export interface BridgeIssueCodes {
  /** An input of a protocol this path does not take. */
  unsupported_input: true;
}

declare module "../model/issue.js" {
  interface IssueCodes extends BridgeIssueCodes {}
}
