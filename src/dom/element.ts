/**
 * `<formgate-form>`: the renderer as a custom element, for hosts whose framework (React, Vue,
 * Svelte) renders elements and listens for events. Registered only when `defineFormElement`
 * is called: importing `formgate/dom` defines nothing.
 */
import type { FormResponse } from "../model/index.js";
import { type FormView, type RenderOptions, renderForm } from "./render-form.js";
import type { RenderableForm } from "./renderable.js";
import type { RenderStrings } from "./strings.js";
import type { FileStore } from "./uploads.js";

/**
 * The element's properties: the form, and `renderForm`'s options but `onResponse` (a `response` event instead; the
 * `response` property is the option of that name, the form shown answered).
 */
export interface FormElement extends HTMLElement {
  form: RenderableForm | undefined;
  files: FileStore | undefined;
  strings: Partial<RenderStrings> | undefined;
  lang: string;
  /** The response already given: the form is shown answered (`FormView.settle`); undefined shows it to be answered. */
  response: FormResponse | undefined;
  /** The view of the form shown, once there is one. */
  readonly view: FormView | undefined;
}

/** The `response` event: its `detail` is the `FormResponse` (an accepted one only once formgate's check passed). */
export type FormResponseEvent = CustomEvent<FormResponse>;

/**
 * Registers the element under `name` (once; a second call with the same name returns the class
 * registered first). Setting `form` shows it, or updates the form shown keeping what was typed;
 * setting `response` shows it answered (and unsetting it, to be answered again); changing `files`, `strings` or
 * `lang` draws it anew.
 */
export function defineFormElement(name = "formgate-form"): CustomElementConstructor {
  const existing = customElements.get(name);
  if (existing !== undefined) return existing;
  class Element extends HTMLElement implements FormElement {
    #form: RenderableForm | undefined;
    #files: FileStore | undefined;
    #strings: Partial<RenderStrings> | undefined;
    #response: FormResponse | undefined;
    #view: FormView | undefined;

    get view() {
      return this.#view;
    }
    get form() {
      return this.#form;
    }
    set form(form) {
      this.#form = form;
      if (form !== undefined && this.#view !== undefined) this.#view.update(form);
      else this.#draw();
    }
    get response() {
      return this.#response;
    }
    set response(response) {
      const before = this.#response;
      this.#response = response;
      if (response !== undefined && this.#view !== undefined) this.#view.settle(response);
      else if (before !== undefined) this.#draw();
    }
    get files() {
      return this.#files;
    }
    set files(files) {
      this.#files = files;
      this.#draw();
    }
    get strings() {
      return this.#strings;
    }
    set strings(strings) {
      this.#strings = strings;
      this.#draw();
    }
    static get observedAttributes() {
      return ["lang"];
    }
    attributeChangedCallback() {
      this.#draw();
    }
    connectedCallback() {
      if (this.#view === undefined) this.#draw();
    }
    disconnectedCallback() {
      this.#view?.destroy();
      this.#view = undefined;
    }

    #draw() {
      this.#view?.destroy();
      this.#view = undefined;
      if (this.#form === undefined || !this.isConnected) return;
      const options: RenderOptions = {
        onResponse: (response) =>
          this.dispatchEvent(new CustomEvent<FormResponse>("response", { detail: response, bubbles: true })),
      };
      if (this.#files !== undefined) options.files = this.#files;
      if (this.#strings !== undefined) options.strings = this.#strings;
      if (this.lang !== "") options.lang = this.lang;
      if (this.#response !== undefined) options.response = this.#response;
      this.#view = renderForm(this, this.#form, options);
    }
  }
  customElements.define(name, Element);
  return Element;
}
