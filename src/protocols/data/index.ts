import type { DataToolInput } from "../../../generated/data-tool-input.js";
import type { DataToolResult } from "../../../generated/data-tool-result.js";
import { success } from "../../model/index.js";
import type { Protocol } from "../protocol.js";
import { readDataResult, writeDataResult } from "./answers.js";
import { decodeDataInput } from "./decode.js";
import { encodeDataInput } from "./encode.js";
import { validateDataInput } from "./validate.js";

/** The model-facing MCP tool contract `form_elicitation_v2_request`. */
export const dataProtocol: Protocol<DataToolInput, DataToolResult> = {
  name: "data",
  looksLike(input) {
    return typeof input === "object" && input !== null && "questions" in input && "message" in input && !("requestedSchema" in input);
  },
  readForm(input) {
    const valid = validateDataInput(input);
    if (!valid.ok) return valid;
    const { form, warnings } = decodeDataInput(valid.value);
    return success(form, warnings);
  },
  writeForm: encodeDataInput,
  readAnswers: readDataResult,
  writeAnswers: writeDataResult,
};

export { validateDataInput, MAX_ARGUMENTS_LENGTH } from "./validate.js";
export { decodeDataInput, DEFAULT_TEXT_MAX_LENGTH, DEFAULT_FILES_MAX_ITEMS } from "./decode.js";
export { encodeDataInput } from "./encode.js";
export { readDataResult, writeDataResult } from "./answers.js";
export { imageSourceProblem, isCredentialLike } from "./image-url.js";
