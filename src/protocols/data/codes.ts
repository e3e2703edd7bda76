/** The issue codes only the Data tool gives (docs/issue-codes.md); `IssueCode` is every folder's. */
export interface DataIssueCodes {
  /** An input larger than its size limit (the Data tool's 1 MiB). */
  too_large: true;
  /** A form without fields. */
  no_fields: true;
}

declare module "../../model/issue.js" {
  interface IssueCodes extends DataIssueCodes {}
}
