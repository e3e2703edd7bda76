import { type FormModel, type Result, failure, jsonValueProblem, quoted } from "../../model/index.js";
import {
  type Keywords,
  isRecord,
  interruptKeywords,
  noInterrupt,
  openedSchema,
  interruptForm,
} from "../json-schema/index.js";
import { Report } from "../report/index.js";
import { pickForm } from "../pick-form.js";
import type { FormSelection } from "../protocol.js";
import type { AgUiFormExtension } from "./extensions.js";
import { agUiLayer } from "./layer.js";
import { INPUT_REQUIRED, RUN_FINISHED } from "./wire.js";

/** The members of an AG-UI `Interrupt`. */
const INTERRUPT_KEYS = [
  "id",
  "reason",
  "message",
  "toolCallId",
  "responseSchema",
  "expiresAt",
  "subagentRunId",
  "metadata",
];
const OPTIONAL_STRINGS = ["toolCallId", "subagentRunId", "expiresAt"] as const;

/**
 * Reads an AG-UI interrupt into the model (`@ag-ui/core` 1.0.0): one `Interrupt` `{ id,
 * reason, message?, toolCallId?, responseSchema, expiresAt?, subagentRunId?, metadata? }`, the
 * `RUN_FINISHED` event whose `outcome` is `{ type: "interrupt", interrupts }`, or that outcome
 * (of its interrupts, the one `pickForm` picks by `formId` or `preferredFormId`, else the first).
 * `responseSchema` is read by the shared JSON-Schema codec as far as it is an elicitation schema;
 * every other keyword is an error naming it, and an interrupt without `responseSchema` is not a
 * form (docs/ag-ui.md).
 */
export function readAgUiForm(input: unknown, selection: FormSelection = {}): Result<FormModel> {
  const notJson = jsonValueProblem(input);
  if (notJson !== undefined) return failure("invalid_form", [notJson]);
  const report = Report.start();
  const found = pickInterrupt(input, selection, report);
  if (found === undefined) return noInterrupt(report);
  const interrupt = interruptKeywords(found.interrupt, found.at, INTERRUPT_KEYS, "an AG-UI interrupt");
  const ext: AgUiFormExtension = {};
  const id = required(interrupt, "id");
  const reason = required(interrupt, "reason");
  const message = interrupt.text("message");
  // The reason formgate writes by default is no wire detail to keep.
  if (reason !== undefined && reason !== INPUT_REQUIRED) ext.reason = reason;
  for (const key of OPTIONAL_STRINGS) {
    const value = interrupt.string(key);
    if (value !== undefined) ext[key] = value;
  }
  if (ext.expiresAt !== undefined && Number.isNaN(Date.parse(ext.expiresAt)))
    interrupt
      .at("expiresAt")
      .warn(
        "invalid_value",
        `The \`expiresAt\` ${quoted(ext.expiresAt)} is not an ISO 8601 time: AG-UI consumers then treat the ` +
          `interrupt as never expiring, and so does formgate.`,
      );
  if (interrupt.has("metadata")) {
    const metadata = found.interrupt.metadata;
    if (isRecord(metadata)) ext.metadata = structuredClone(metadata);
    else interrupt.fail("metadata", "invalid_type", "must be an object (AG-UI metadata holds values by key)");
  }
  const schemaAt = interrupt.at("responseSchema");
  const schema = interrupt.has("responseSchema")
    ? openedSchema(found.interrupt.responseSchema, schemaAt, ext, "The form schema's")
    : undefined;
  if (!interrupt.has("responseSchema"))
    interrupt.fail(
      "responseSchema",
      "missing_property",
      `The interrupt${id === undefined ? "" : ` "${id}"`} has no responseSchema, so it does not say what answer it ` +
        `takes (a tool approval, say): formgate reads an interrupt as a form only when its responseSchema describes ` +
        `the answer.`,
    );
  // An empty message is no title, but kept so that it is written back.
  if (message === "") ext.emptyMessage = true;
  return interruptForm(id, message, schema, schemaAt, agUiLayer, ext);
}

function required(interrupt: Keywords, key: string): string | undefined {
  if (!interrupt.has(key)) return interrupt.fail(key, "missing_property", "is required in an AG-UI interrupt");
  return interrupt.string(key);
}

/** The interrupt to read, and where it is in the input. */
function pickInterrupt(
  input: unknown,
  selection: FormSelection,
  report: Report,
): { interrupt: Record<string, unknown>; at: Report } | undefined {
  if (!isRecord(input))
    return report.error(
      "invalid_type",
      `The input must be an AG-UI interrupt { id, reason, responseSchema }, a ${RUN_FINISHED} event whose outcome ` +
        `is { type: "interrupt", interrupts }, or that outcome.`,
    );
  const list = interruptList(input, report);
  if (list === undefined) return report.ok ? { interrupt: input, at: report } : undefined;
  const [interrupts, listAt] = list;
  const picked = pickForm(
    interrupts.map((entry) => (isRecord(entry) && typeof entry.id === "string" ? entry.id : undefined)),
    selection,
    { path: [...listAt.path], input: "The input", form: "interrupt", forms: "interrupts" },
  );
  if (!picked.ok) return void report.adopt(picked.error.issues);
  report.adopt(picked.warnings);
  const index = picked.value;
  const chosen = interrupts[index];
  if (!isRecord(chosen))
    return listAt
      .at(index)
      .error("invalid_type", `Interrupt ${index + 1} must be an object { id, reason, responseSchema }.`);
  return { interrupt: chosen, at: listAt.at(index) };
}

/** The interrupts of a RUN_FINISHED event or of its outcome, or undefined when the input is one interrupt. */
function interruptList(input: Record<string, unknown>, report: Report): [unknown[], Report] | undefined {
  let outcome: Record<string, unknown> = input;
  let at = report;
  if (input.type === RUN_FINISHED) {
    if (input.outcome === "interrupt" && Array.isArray(input.interrupts)) {
      // The interrupts draft put them on the event beside a string outcome; 1.0 made the outcome an object.
      report
        .at("outcome")
        .warn(
          "alias_merged",
          `The \`interrupts\` beside the outcome is the interrupts draft's spelling: AG-UI 1.0 writes outcome: ` +
            `{ type: "interrupt", interrupts }.`,
        );
      return nonEmpty(input.interrupts, report.at("interrupts"));
    }
    if (!isRecord(input.outcome) || input.outcome.type !== "interrupt") {
      const type = isRecord(input.outcome) ? input.outcome.type : input.outcome;
      return report
        .at("outcome")
        .error(
          "no_form",
          `The run finished with ` +
            `${type === undefined ? "no outcome (a success)" : `the outcome ${quoted(type)}`}, which holds ` +
            `no form: only an interrupt outcome asks for input.`,
        );
    }
    outcome = input.outcome;
    at = report.at("outcome");
  } else if (!(input.type === "interrupt" && Object.hasOwn(input, "interrupts"))) return undefined;
  return nonEmpty(outcome.interrupts, at.at("interrupts"));
}

function nonEmpty(list: unknown, report: Report): [unknown[], Report] | undefined {
  if (Array.isArray(list) && list.length > 0) return [list, report];
  return report.error("invalid_type", "must be a non-empty array of interrupts");
}
