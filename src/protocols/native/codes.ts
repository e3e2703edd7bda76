/** The issue codes only the native protocol gives (docs/issue-codes.md); `IssueCode` is every folder's. */
export interface NativeIssueCodes {
  /** An `x-openai-input` type other than `resource` (or its alias `file`). */
  unsupported_input_type: true;
  /** A selection mode on a field that takes one value. */
  forbidden_selection: true;
  /** A default on a field whose implicit selection already selects every offered resource. */
  implicit_with_default: true;
}

declare module "../../model/issue.js" {
  interface IssueCodes extends NativeIssueCodes {}
}
