/**
 * formgate/dom: any form formgate reads, shown to a person in a web page and answered
 * (docs/dom.md). Plain DOM, no framework, nothing registered or drawn on import.
 */
export { renderForm } from "./render-form.js";
export type { FormView, RenderOptions } from "./render-form.js";
export type { RenderableForm } from "./renderable.js";
export { defineFormElement } from "./element.js";
export type { FormElement, FormResponseEvent } from "./element.js";
export { ENGLISH } from "./strings.js";
export type { RenderStrings } from "./strings.js";
export type { FileStore } from "./uploads.js";
