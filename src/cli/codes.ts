/** The issue codes only the CLI gives (docs/issue-codes.md); `IssueCode` is every folder's. */
export interface CliIssueCodes {
  /** An input file or standard input that is empty. */
  empty_input: true;
}

declare module "../model/issue.js" {
  interface IssueCodes extends CliIssueCodes {}
}
