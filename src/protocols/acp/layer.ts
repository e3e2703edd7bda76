import { DESCRIBED_OPTIONS, type SchemaLayer, writeStandardResourceField } from "../json-schema/index.js";

/**
 * What ACP's `ElicitationSchema` (`@agentclientprotocol/sdk` 2.4.0, `types.gen.d.ts`) adds to
 * MCP's standard schema: `pattern` on strings and a `description` on titled options
 * (`EnumOption`). Its `_meta` members and `null` values are handled before the codec sees the
 * schema (`schema-meta.ts`); resources and files are written as for mcp (docs/acp.md).
 */
export const acpLayer: SchemaLayer = {
  name: "acp",
  title: "ACP",
  keywords: {
    string: ["pattern"],
    option: ["description"],
  },
  rejectedKeywordHint: "ACP's ElicitationSchema has no such keyword",
  ...DESCRIBED_OPTIONS,
  writeResourceField: writeStandardResourceField("an ACP elicitation form"),
};
