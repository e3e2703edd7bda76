import type { Field } from "../../generated/form-model.js";

/**
 * A form still arriving (a `<question-form>` block or a tool input still streaming): what a renderer can show of it
 * before the form is whole. `fields` are its complete questions; `arriving`, the question still arriving, read from
 * what has arrived of it (options so far, no default), once it has an id and a label. The final form is read from the
 * whole input, whatever the views showed.
 */
export interface PartialForm {
  kind: "partial";
  /** The form's id as far as it is known; a reader keeps it stable (it changes at most once). */
  id: string;
  title?: string;
  description?: string;
  submitLabel?: string;
  lang?: string;
  fields: Field[];
  arriving?: Field;
}
