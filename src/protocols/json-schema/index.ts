export type { JsonSchemaIssueCodes } from "./codes.js";
/**
 * The JSON-Schema elicitation codec shared by `native`, `mcp`, `acp` and `ag-ui`: MCP's restricted schema
 * (flat object of string, number, boolean and enum properties) read into the model and
 * written out of it, once. A protocol adds its own keywords as a `SchemaLayer`
 * (docs/mcp.md, "One codec, two layers").
 */
export { Keywords, isRecord } from "./keywords.js";
export { type SchemaLayer, type Common, type Place, STANDARD_KEYWORDS, admits, allowed } from "./layer.js";
export { type SchemaFormExtension, type SchemaFieldExtension, extensionOf, extensionsFor } from "./extension.js";
export { MCP_FORMATS, FORMAT_PATTERNS } from "./formats.js";
export { type SchemaRequest, readRequestedSchema, schemaForm } from "./read-schema.js";
export { readField } from "./read-field.js";
export { readOptions, readEnum, unique } from "./read-options.js";
export {
  type WrittenSchema,
  type RequestHolds,
  writeRequestedSchema,
  requestedSchemaFor,
  writeRequestSchema,
  unwrittenRequestKeys,
  requestMessage,
} from "./write-schema.js";
export { writeField } from "./write-field.js";
export { type SchemaProperty, withCommon, dropped, upperBound } from "./write-parts.js";
export { type SchemaOption, writeOption } from "./write-options.js";
export { isStandardForm } from "./standard.js";
export {
  ELICITATION_METHOD,
  NATIVE_METHOD,
  NATIVE_EXTENSION,
  SCHEMA_FORM_KEYS,
  REQUEST_KEYS,
  FORM_PARAMS_KEYS,
  INPUT_REQUIRED_KEYS,
  MRTR_CORE_SCHEMA,
  type RequestEnvelope,
  type UnwrappedRequest,
  type FormParams,
  carriesNativeForm,
  unwrapRequest,
  readFormParams,
  wrapMrtr,
} from "./envelope.js";
export { writeStandardResourceField } from "./resource-choice.js";
export { DESCRIBED_OPTIONS, readOptionDescription, writeOptionDescription } from "./option-description.js";
export { interruptForm, interruptKeywords, noInterrupt, openedSchema } from "./interrupt.js";
export { type RequestParts, readRequestForm } from "./read-request.js";
