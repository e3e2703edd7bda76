/** The issue codes only AG-UI interrupts give (docs/issue-codes.md); `IssueCode` is every folder's. */
export interface AgUiIssueCodes {
  /** Answers to an AG-UI interrupt past its `expiresAt`: refused, none applied. */
  interrupt_expired: true;
}

declare module "../../model/issue.js" {
  interface IssueCodes extends AgUiIssueCodes {}
}
