import type { Protocol } from "../protocol.js";
import type { NativeRequestParams } from "../../../generated/native-request.js";
import type { NativeResult } from "../../../generated/native-result.js";
import { readNativeAnswers, writeNativeAnswers } from "./answers.js";
import { looksLikeNative } from "./looks-like.js";
import { readNativeForm } from "./read-form.js";
import { writeNativeForm } from "./write-form.js";

/**
 * The native host protocol: `openai/elicitation/create` with `{ mode: "form", message,
 * requestedSchema }` (and its MRTR form), its results `{ action, content? }`.
 * See docs/native.md for the mapping and every decision.
 */
export const nativeProtocol: Protocol<NativeRequestParams, NativeResult> = {
  name: "native",
  looksLike: looksLikeNative,
  readForm: readNativeForm,
  writeForm: writeNativeForm,
  readAnswers: readNativeAnswers,
  writeAnswers: writeNativeAnswers,
};

export { readNativeForm, NATIVE_METHOD, MRTR_METHOD, MRTR_META_KEY } from "./read-form.js";
export { writeNativeForm, headerOf } from "./write-form.js";
export { readNativeAnswers, writeNativeAnswers } from "./answers.js";
export { looksLikeNative } from "./looks-like.js";
export type { NativeFormExtension, NativeFieldExtension } from "./extensions.js";
export type { NativeRequestParams, NativeForm, NativeProperty, NativeOption, NativeResource, NativeIcon } from "../../../generated/native-request.js";
export type { NativeResult } from "../../../generated/native-result.js";
