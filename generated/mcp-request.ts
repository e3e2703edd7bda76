/* eslint-disable */
/**
 * Generated from schemas/ by `npm run gen` (json-schema-to-typescript).
 * Do not edit by hand: change the schema and regenerate.
 */

/**
 * This interface was referenced by `McpRequestParams`'s JSON-Schema
 * via the `definition` "McpProperty".
 */
export type McpProperty =
  | McpStringProperty
  | McpNumberProperty
  | McpBooleanProperty
  | McpSingleSelectProperty
  | McpEnumProperty
  | McpMultiSelectProperty;
export type McpStringFormat = "email" | "uri" | "date" | "date-time";
export type McpMultiSelectItems =
  | {
      type: "string";
      enum: string[];
    }
  | {
      anyOf: McpOption[];
    };

/**
 * Params of a standard form elicitation `elicitation/create` (MCP 2025-11-25 `ElicitRequestFormParams`; 2025-06-18 forms are a subset; a 2026-07-28 input request carries the same params). Source: modelcontextprotocol/modelcontextprotocol docs/specification/2025-11-25/client/elicitation.mdx and schema.ts.
 */
export interface McpRequestParams {
  /**
   * Optional: a missing mode means form.
   */
  mode?: "form";
  /**
   * Why the information is needed; formgate's form title.
   */
  message: string;
  requestedSchema: McpForm;
  /**
   * MCP request metadata, carried as given.
   */
  _meta?: {
    [k: string]: unknown;
  };
}
/**
 * A flat object of primitive properties, one per question.
 *
 * This interface was referenced by `McpRequestParams`'s JSON-Schema
 * via the `definition` "McpForm".
 */
export interface McpForm {
  $schema?: string;
  type: "object";
  /**
   * Not in MCP's schema: what the Python SDK's pydantic schemas carry; read and written back, never shown as the form's title.
   */
  title?: string;
  /**
   * As `title`.
   */
  description?: string;
  properties: {
    [k: string]: McpProperty;
  };
  /**
   * Names of the properties that must be answered.
   */
  required?: string[];
}
/**
 * This interface was referenced by `McpRequestParams`'s JSON-Schema
 * via the `definition` "McpStringProperty".
 */
export interface McpStringProperty {
  type: "string";
  title?: string;
  description?: string;
  minLength?: number;
  maxLength?: number;
  format?: McpStringFormat;
  default?: string;
}
/**
 * This interface was referenced by `McpRequestParams`'s JSON-Schema
 * via the `definition` "McpNumberProperty".
 */
export interface McpNumberProperty {
  type: "number" | "integer";
  title?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  default?: number;
}
/**
 * This interface was referenced by `McpRequestParams`'s JSON-Schema
 * via the `definition` "McpBooleanProperty".
 */
export interface McpBooleanProperty {
  type: "boolean";
  title?: string;
  description?: string;
  default?: boolean;
}
/**
 * Titled single select (`TitledSingleSelectEnumSchema`).
 *
 * This interface was referenced by `McpRequestParams`'s JSON-Schema
 * via the `definition` "McpSingleSelectProperty".
 */
export interface McpSingleSelectProperty {
  type: "string";
  title?: string;
  description?: string;
  oneOf: McpOption[];
  default?: string;
}
/**
 * This interface was referenced by `McpRequestParams`'s JSON-Schema
 * via the `definition` "McpOption".
 */
export interface McpOption {
  const: string;
  title: string;
}
/**
 * Untitled single select (`UntitledSingleSelectEnumSchema`), or the legacy titled form with `enumNames` (`LegacyTitledEnumSchema`).
 *
 * This interface was referenced by `McpRequestParams`'s JSON-Schema
 * via the `definition` "McpEnumProperty".
 */
export interface McpEnumProperty {
  type: "string";
  title?: string;
  description?: string;
  enum: string[];
  enumNames?: string[];
  default?: string;
}
/**
 * Multi select: `items.enum` (untitled) or `items.anyOf` of titled options.
 *
 * This interface was referenced by `McpRequestParams`'s JSON-Schema
 * via the `definition` "McpMultiSelectProperty".
 */
export interface McpMultiSelectProperty {
  type: "array";
  title?: string;
  description?: string;
  minItems?: number;
  maxItems?: number;
  items: McpMultiSelectItems;
  default?: string[];
}
