import { DESCRIBED_OPTIONS, type SchemaLayer, writeStandardResourceField } from "../json-schema/index.js";

/**
 * The subset of JSON Schema a Mastra `resumeSchema` (zod's JSON Schema of a tool's resume
 * schema, serialised) is read as: the codec's elicitation schema with what plain JSON Schema
 * says there and the model holds, as AG-UI's `responseSchema` is read: `pattern` on strings, a
 * `description` on titled options, `uniqueItems` on arrays. Every other keyword is refused,
 * named at its path (docs/mastra.md).
 */
export const mastraLayer: SchemaLayer = {
  name: "mastra",
  title: "Mastra",
  keywords: {
    string: ["pattern"],
    array: ["uniqueItems"],
    option: ["description"],
  },
  rejectedKeywordHint:
    "formgate reads the elicitation subset of JSON Schema in a resumeSchema: a flat object of string, number, " +
    "integer, boolean and choice properties",
  ...DESCRIBED_OPTIONS,
  writeResourceField: writeStandardResourceField("a Mastra resume form"),
};
