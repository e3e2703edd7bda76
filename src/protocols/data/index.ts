import type { DataToolInput } from "../../../generated/data-tool-input.js";
import type { DataToolResult } from "../../../generated/data-tool-result.js";
import type { Protocol } from "../protocol.js";
import { readDataResult, writeDataResult } from "./answers.js";
import { detectData } from "./detect.js";
import { readDataForm } from "./read-form.js";
import { writeDataForm } from "./write-form.js";
export type { DataIssueCodes } from "./codes.js";

/** The Data tool's name (a host may prefix it with a namespace of its own). */
export const FORM_TOOL_NAME = "form_elicitation_v2_request";

/** The model-facing MCP tool contract `form_elicitation_v2_request` (`FORM_TOOL_NAME`). */
export const dataProtocol: Protocol<DataToolInput, DataToolResult> = {
  name: "data",
  title: "Data tool",
  detect: detectData,
  readForm: readDataForm,
  writeForm: writeDataForm,
  readAnswers: readDataResult,
  writeAnswers: writeDataResult,
};

export { detectData } from "./detect.js";
export { validateDataInput } from "./validate.js";
export { MAX_ARGUMENTS_LENGTH, DEFAULT_TEXT_MAX_LENGTH, DEFAULT_FILES_MAX_ITEMS } from "./limits.js";
export { readDataForm } from "./read-form.js";
export { writeDataForm } from "./write-form.js";
export { readDataResult, writeDataResult } from "./answers.js";
