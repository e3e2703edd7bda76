/**
 * The issue codes only the JSON-Schema codec (native, mcp, acp, ag-ui) gives (docs/issue-codes.md); `IssueCode` is
 * every folder's.
 */
export interface JsonSchemaIssueCodes {
  /** A string `format` the protocol does not have. */
  unsupported_format: true;
  /** A `pattern` that is not a valid ECMA-262 regular expression. */
  invalid_pattern: true;
  /** A default the field's own rules refuse (a fraction for an integer, a value outside the options). */
  invalid_default: true;
  /** An array field without a closed set of strings to choose from. */
  unsupported_array: true;
  /** A `required` entry naming no property of the form. */
  unknown_property: true;
  /** An input holding several forms where the one to read must be named. */
  ambiguous_form: true;
}

declare module "../../model/issue.js" {
  interface IssueCodes extends JsonSchemaIssueCodes {}
}
