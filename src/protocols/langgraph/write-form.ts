import { type FormModel, type Result, quoted, success } from "../../model/index.js";
import { Report } from "../report/index.js";
import { formIdOf } from "../derived-id.js";
import { requestedSchemaFor, unwrittenRequestKeys } from "../json-schema/index.js";
import { formExtension } from "./extensions.js";
import { langGraphLayer } from "./layer.js";
import type { LangGraphHitlInterrupt, LangGraphInterrupt } from "./wire.js";

/**
 * Writes a model form as a LangGraph `Interrupt` `{ id, value: { message, … }, response_schema }`
 * (what `interrupt({ message }, { responseSchema })` surfaces; the value's other keys and the SDK's
 * members of an interrupt read from LangGraph are written back). The id is the form's, or one
 * derived from the form (`defaulted id`), so a resume map finds it again. What the schema cannot
 * say is a warning; a question it cannot ask at all (the person's own files) is an error naming it.
 * A form read from a `humanInTheLoopMiddleware` request is written back as that request.
 */
export function writeLangGraphForm(form: FormModel): Result<LangGraphInterrupt | LangGraphHitlInterrupt> {
  const { hitl } = formExtension(form);
  // The middleware's request, read into this form, is what it asks; its questions are derived from it.
  if (hitl !== undefined) return success({ id: formIdOf(form), value: structuredClone(hitl) });
  const report = Report.start();
  report.adopt(
    unwrittenRequestKeys(form, langGraphLayer, {
      keys: ["id"],
      name: "a LangGraph interrupt",
      has: "an id, a message and questions",
    }),
  );
  const id = formIdOf(form);
  if (form.id === undefined)
    report
      .at("id")
      .warn(
        "defaulted",
        `The form has no id, so the interrupt's id is derived from the form (${quoted(id)}): answers to the same ` +
          "form name it again.",
      );
  const written = requestedSchemaFor(form, langGraphLayer, report);
  if (!written.ok) return written;
  const ext = formExtension(form);
  const value: LangGraphInterrupt["value"] =
    ext.stringValue === true
      ? (form.title ?? "")
      : ({
          ...(form.title !== undefined && { [ext.messageKey ?? "message"]: form.title }),
          ...structuredClone(ext.value),
        } as LangGraphInterrupt["value"]);
  return report.result("unsupported_form", {
    id,
    value,
    response_schema: written.value,
    ...structuredClone(ext.interrupt),
  });
}
