import type { Protocol } from "../protocol.js";
import { openaiLayer } from "./layer.js";
import type { NativeRequestParams } from "../../../generated/native-request.js";
import type { NativeResult } from "../../../generated/native-result.js";
import { readNativeAnswers, writeNativeAnswers } from "./answers.js";
import { detectNative } from "./detect.js";
import { readNativeForm } from "./read-form.js";
import { writeNativeForm } from "./write-form.js";
export type { NativeIssueCodes } from "./codes.js";

/**
 * The native host protocol: `openai/elicitation/create` with `{ mode: "form", message,
 * requestedSchema }` (and its MRTR form), its results `{ action, content? }`.
 * See docs/native.md for the mapping and every decision.
 */
export const nativeProtocol: Protocol<NativeRequestParams, NativeResult> = {
  name: openaiLayer.name,
  title: openaiLayer.title,
  detect: detectNative,
  readForm: readNativeForm,
  writeForm: writeNativeForm,
  readAnswers: readNativeAnswers,
  writeAnswers: writeNativeAnswers,
};

export { readNativeForm } from "./read-form.js";
export { NATIVE_METHOD, NATIVE_EXTENSION } from "../json-schema/index.js";
export { RESOURCE_THUMBNAIL_KEY, RESOURCE_PREVIEW_KEY, RESOURCE_TARGET_KEY } from "./wire-schemas.js";
export { writeNativeForm } from "./write-form.js";
export { readNativeAnswers, writeNativeAnswers } from "./answers.js";
export { detectNative } from "./detect.js";
export type { NativeFormExtension, NativeFieldExtension } from "./extensions.js";
export type {
  NativeRequestParams,
  NativeForm,
  NativeProperty,
  NativeOption,
  NativeResource,
  NativeIcon,
} from "../../../generated/native-request.js";
export type { NativeResult } from "../../../generated/native-result.js";
