import { type SchemaLayer, writeStandardResourceField } from "../json-schema/index.js";

/**
 * MCP's standard elicitation schema adds nothing to the codec but a string's `pattern`, read
 * (and written back where it was read). A resource question becomes a titled select over the offered URIs;
 * a file question cannot be asked at all (docs/mcp.md, "Writing").
 */
export const standardLayer: SchemaLayer = {
  name: "mcp",
  title: "standard MCP",
  keywords: {},
  // The specification's String Schema example has `pattern`; `schema.ts` does not (docs/mcp.md, decision 3).
  reads: { string: ["pattern"] },
  rejectedKeywordHint: "MCP's standard schema has no such keyword; a form with OpenAI extensions is read as native",
  writeResourceField: writeStandardResourceField("a standard MCP form"),
};
