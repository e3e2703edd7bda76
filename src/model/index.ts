/**
 * The form model: the protocol-neutral shape every protocol reads into and writes out of.
 * The types come from schemas/form-model.schema.json and schemas/form-answers.schema.json.
 */
export type * from "./types.js";
export * from "./issue.js";
export * from "./record.js";
export * from "./validate-answers.js";
export * from "./file-uri.js";
export * from "./json-value.js";
export * from "./invisible-text.js";
export * from "./direction-card.js";
export * from "./direction-catalog.js";
export * from "./form-keys.js";
export * from "./fallback-title.js";
