import { DESCRIBED_OPTIONS, type SchemaLayer, writeStandardResourceField } from "../json-schema/index.js";

/**
 * The subset of JSON Schema a LangGraph `response_schema` (any JSON Schema, often zod's
 * `toJSONSchema`) is read as: the codec's elicitation schema with what plain JSON Schema says
 * there and the model holds, as AG-UI's `responseSchema` is read: `pattern` on strings, a
 * `description` on titled options, `uniqueItems` on arrays. Every other keyword is refused,
 * named at its path (docs/langgraph.md).
 */
export const langGraphLayer: SchemaLayer = {
  name: "langgraph",
  title: "LangGraph",
  keywords: {
    string: ["pattern"],
    array: ["uniqueItems"],
    option: ["description"],
  },
  rejectedKeywordHint:
    "formgate reads the elicitation subset of JSON Schema in a response_schema: a flat object of string, number, " +
    "integer, boolean and choice properties",
  ...DESCRIBED_OPTIONS,
  writeResourceField: writeStandardResourceField("a LangGraph interrupt form"),
};
