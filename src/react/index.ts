/**
 * formgate/react: formgate's forms in a React chat (docs/ai-sdk.md, "React"). `FormgateForm` draws a form
 * with formgate/dom; `useMessageForms` reads a streaming message's `<question-form>` blocks.
 * `react` (18 or 19) is the host's, an optional peer dependency; this runs in browsers.
 */
export { FormgateForm } from "./formgate-form.js";
export type { FormgateFormProps } from "./formgate-form.js";
export { useMessageForms } from "./use-message-forms.js";
export type { MessageFormsOptions } from "./use-message-forms.js";
export type { MessageSegment, TextSegment, FormSegment } from "./message-segments.js";
