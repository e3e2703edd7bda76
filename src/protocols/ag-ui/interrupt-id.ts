import { formIdOf } from "../derived-id.js";

/**
 * The id of the interrupt a form is written as: the form's own id (an interrupt read from
 * AG-UI keeps its id there), else one derived from the form's content, so the answer reader
 * finds the same id for the same form without state (docs/ag-ui.md, decision 3).
 */
export const interruptIdOf = formIdOf;
