/** The issue codes only the gateway gives (docs/issue-codes.md); `IssueCode` is every folder's. */
export interface GatewayIssueCodes {
  /** A question the person skipped though it is required, written where the target cannot say so. */
  skipped_required: true;
  /** A protocol name formgate does not know, or an input no protocol (or several) reads. */
  unknown_protocol: true;
  /** An input that two protocols read equally well: the protocol must be named. */
  ambiguous_protocol: true;
}

declare module "../model/issue.js" {
  interface IssueCodes extends GatewayIssueCodes {}
}
