import type { FormModel } from "../../model/index.js";
import { headersHeading } from "../../model/heading.js";
import { type AskUserQuestionFieldExtension, extensionOf } from "./extensions.js";

/**
 * A heading for a form read from AskUserQuestion, which carries no title: one question's header
 * (else its text), several questions' headers joined ("Database · Features"). Undefined for a
 * form that is not one (no question has a header). The model's rule (`src/model/heading.ts`),
 * which `formgate/dom` heads such a form by too.
 */
export function askUserQuestionHeading(form: Pick<FormModel, "fields">): string | undefined {
  return headersHeading(form);
}

/** The chip an AskUserQuestion question shows above it (its `header`), if it has one. */
export function askUserQuestionHeader(field: FormModel["fields"][number]): string | undefined {
  return extensionOf<AskUserQuestionFieldExtension>(field).header;
}
