import type { Field, FormModel } from "../../generated/form-model.js";

/**
 * A question's header: the short tag a protocol shows above a question (AskUserQuestion's `header`, its chip). The
 * model has no key for it (every writer would have to report one), so a protocol keeps it as `header` in its entry of
 * the field's `extensions`: the one member of an extension entry the model gives a meaning, so that a renderer shows
 * it without knowing the protocol. The first entry holding one, else undefined.
 */
export function fieldHeader(field: Pick<Field, "extensions">): string | undefined {
  for (const entry of Object.values(field.extensions ?? {})) {
    const header = (entry as { header?: unknown }).header;
    if (typeof header === "string") return header;
  }
  return undefined;
}

/**
 * What heads a form without a title, from its questions' headers: one question's header (else its text), several
 * questions' headers joined ("Database · Features"). Undefined when no question has a header.
 */
export function headersHeading(form: Pick<FormModel, "fields">): string | undefined {
  const headers = form.fields.map(fieldHeader);
  if (headers.every((header) => header === undefined)) return undefined;
  const [only] = form.fields;
  if (form.fields.length === 1) return headers[0] || only?.label;
  return headers.filter((header) => header !== undefined && header !== "").join(" · ") || undefined;
}
