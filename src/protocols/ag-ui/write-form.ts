import { type FormModel, type Result, quoted } from "../../model/index.js";
import { Report } from "../report/index.js";
import { requestedSchemaFor, unwrittenRequestKeys } from "../json-schema/index.js";
import { formExtension } from "./extensions.js";
import { interruptIdOf } from "./interrupt-id.js";
import { agUiLayer } from "./layer.js";
import { type AgUiInterrupt, INPUT_REQUIRED } from "./wire.js";

/**
 * Writes a model form as an AG-UI `Interrupt`: `{ id, reason: "input_required", message,
 * responseSchema }` (the reason, tool call, subagent run, expiry and metadata of an interrupt
 * read from AG-UI are written back). The id is the form's, or one derived from the form
 * (`defaulted id`), so the answers find it again. The agent puts it in its `RUN_FINISHED`
 * event's `outcome: { type: "interrupt", interrupts }`. What the schema cannot say is a
 * warning; a question it cannot ask at all (the person's own files) is an error naming it.
 */
export function writeAgUiForm(form: FormModel): Result<AgUiInterrupt> {
  const report = Report.start();
  report.adopt(
    unwrittenRequestKeys(form, agUiLayer, {
      keys: ["id"],
      name: "an AG-UI interrupt",
      has: "an id, a message and questions",
    }),
  );
  if (form.id === undefined)
    report
      .at("id")
      .warn(
        "defaulted",
        `The form has no id, so the interrupt's id is derived from the form (${quoted(interruptIdOf(form))}): ` +
          `answers to the same form name it again.`,
      );
  const written = requestedSchemaFor(form, agUiLayer, report);
  if (!written.ok) return written;
  const schema = written.value;
  const ext = formExtension(form);
  const interrupt: AgUiInterrupt = {
    id: interruptIdOf(form),
    reason: ext.reason ?? INPUT_REQUIRED,
    responseSchema: ext.closed ? { ...schema, additionalProperties: false } : schema,
  };
  const message = form.title ?? (ext.emptyMessage ? "" : undefined);
  const ordered: AgUiInterrupt = {
    id: interrupt.id,
    reason: interrupt.reason,
    ...(message !== undefined && { message }),
    ...(ext.toolCallId !== undefined && { toolCallId: ext.toolCallId }),
    responseSchema: interrupt.responseSchema,
    ...(ext.expiresAt !== undefined && { expiresAt: ext.expiresAt }),
    ...(ext.subagentRunId !== undefined && { subagentRunId: ext.subagentRunId }),
    ...(ext.metadata !== undefined && { metadata: structuredClone(ext.metadata) }),
  };
  return report.result("unsupported_form", ordered);
}
