import { DESCRIBED_OPTIONS, type SchemaLayer, writeStandardResourceField } from "../json-schema/index.js";

/**
 * The subset of JSON Schema an AG-UI `responseSchema` (arbitrary JSON Schema) is read as: the
 * codec's elicitation schema (a flat object of strings, numbers, booleans and choices) with
 * what plain JSON Schema says there and the model holds: `pattern` on strings, a
 * `description` on titled options, `uniqueItems` on arrays. Every other keyword is refused,
 * named at its path (docs/ag-ui.md).
 */
export const agUiLayer: SchemaLayer = {
  name: "ag-ui",
  title: "AG-UI",
  keywords: {
    string: ["pattern"],
    array: ["uniqueItems"],
    option: ["description"],
  },
  rejectedKeywordHint:
    "formgate reads the elicitation subset of JSON Schema in a responseSchema: a flat object of string, number, " +
    "integer, boolean and choice properties",
  ...DESCRIBED_OPTIONS,
  writeResourceField: writeStandardResourceField("an AG-UI interrupt form"),
};
