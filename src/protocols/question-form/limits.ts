/** The protocol's name: also its key in the model's `extensions`. */
export const PROTOCOL = "question-form";

/** The id of a form that names none: what the reference renderer reads and answers with. */
export const DEFAULT_FORM_ID = "discovery";

/** Past this size (UTF-16 code units) a question still arriving is shown only once complete. */
export const MAX_ARRIVING = 64 * 1024;
