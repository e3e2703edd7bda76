import type { FormModel } from "../../generated/form-model.js";
import { type Issue, type PathSegment, warning } from "./issue.js";

/** Every key of a model form, in the schema's order (a test checks it against schemas/form-model.schema.json). */
export const FORM_KEYS = [
  "id",
  "title",
  "description",
  "submitLabel",
  "lang",
  "fields",
  "extensions",
] as const satisfies readonly (keyof FormModel)[];

/** A key of the model form. */
export type FormKey = (typeof FORM_KEYS)[number];

// Fails to compile when the model gains a key FORM_KEYS does not list.
const everyKeyListed: Exclude<keyof FormModel, FormKey> extends never ? true : false = true;
void everyKeyListed;

/**
 * The form-level keys a writer cannot say, each a `dropped` warning: every key of the form
 * outside `written`, the model's own in schema order, then any key the model does not know,
 * so that a key no writer knows is never dropped silently.
 */
export function unwrittenFormKeys(form: FormModel, written: readonly FormKey[], why: (key: string) => string): Issue[] {
  const known: readonly string[] = FORM_KEYS;
  const keys = [...FORM_KEYS, ...Object.keys(form).filter((key) => !known.includes(key))];
  return keys
    .filter(
      (key) =>
        !(written as readonly string[]).includes(key) &&
        (form as unknown as Record<string, unknown>)[key] !== undefined,
    )
    .map((key) => warning("dropped", [key] as PathSegment[], why(key)));
}
