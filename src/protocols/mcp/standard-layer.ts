import { type SchemaLayer, writeStandardResourceField } from "../json-schema/index.js";

/**
 * MCP's standard elicitation schema adds nothing to the codec: no keyword beyond the
 * standard ones is read. A resource question becomes a titled select over the offered URIs;
 * a file question cannot be asked at all (docs/mcp.md, "Writing").
 */
export const standardLayer: SchemaLayer = {
  name: "mcp",
  keywords: {},
  rejectedKeywordHint: "MCP's standard schema has no such keyword; a form with OpenAI extensions is read as native",
  writeResourceField: writeStandardResourceField("standard MCP elicitation"),
};
