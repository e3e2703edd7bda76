import { type FormModel, type Result, failure, jsonValueProblem } from "../../model/index.js";
import {
  type Keywords,
  extensionsFor,
  interruptForm,
  interruptKeywords,
  isRecord,
  noInterrupt,
  schemaForm,
} from "../json-schema/index.js";
import { Report } from "../report/index.js";
import { pickForm } from "../pick-form.js";
import type { FormSelection } from "../protocol.js";
import type { LangGraphFormExtension } from "./extensions.js";
import { isHitlRequest, readHitlFields } from "./hitl.js";
import { langGraphLayer } from "./layer.js";
import { type HitlRequest, INTERRUPT_KEY, INTERRUPT_KEYS, MESSAGE_KEYS, SDK_INTERRUPT_KEYS } from "./wire.js";

/** One interrupt of the input, and where it is. */
interface Found {
  interrupt: unknown;
  at: Report;
}

const SHAPES =
  `a LangGraph Interrupt { id, value, response_schema }, a stream chunk { ${INTERRUPT_KEY}: [...] }, a ` +
  "ThreadTask or state snapshot task { interrupts }, a Thread { interrupts }, or a state snapshot { tasks }";

/**
 * Reads a LangGraph interrupt into the model (`@langchain/langgraph` 1.7.3,
 * `@langchain/langgraph-sdk` 1.15.0): one `Interrupt` `{ id, value, response_schema }`, or the
 * interrupts of a stream chunk `{ __interrupt__ }`, a `ThreadTask` (or a `getState()` task), a
 * `Thread` (`interrupts` by task id) or a `getState()` snapshot (its `tasks`): of several, the
 * one `pickForm` picks by `formId` or `preferredFormId`, else the first. The message is `value`
 * when it is a string, else its `message`, `question` or `description`; its other keys are kept.
 * `response_schema` is read by the shared JSON-Schema codec as AG-UI's `responseSchema` is; an
 * interrupt without one is not a form (docs/langgraph.md), unless its value is a
 * `humanInTheLoopMiddleware` `HITLRequest` (read alone too, `hitl.ts`).
 */
export function readLangGraphForm(input: unknown, selection: FormSelection = {}): Result<FormModel> {
  const notJson = jsonValueProblem(input);
  if (notJson !== undefined) return failure("invalid_form", [notJson]);
  const report = Report.start();
  const found = pickInterrupt(input, selection, report);
  if (found === undefined) return noInterrupt(report);
  if (isHitlRequest(found.interrupt)) return readHitl(found.interrupt, found.at, undefined);
  const interrupt = interruptKeywords(
    found.interrupt as Record<string, unknown>,
    found.at,
    INTERRUPT_KEYS,
    "a LangGraph interrupt",
  );
  const ext: LangGraphFormExtension = {};
  const id = interrupt.string("id");
  if (!interrupt.has("response_schema") && isHitlRequest(interrupt.object.value))
    return readHitl(interrupt.object.value, interrupt.at("value"), id);
  const sdk = Object.fromEntries(Object.entries(interrupt.object).filter(([key]) => SDK_INTERRUPT_KEYS.includes(key)));
  if (Object.keys(sdk).length > 0) ext.interrupt = structuredClone(sdk);
  const message = readValue(interrupt, ext);
  if (!interrupt.has("response_schema"))
    interrupt.fail(
      "response_schema",
      "missing_property",
      `The interrupt${id === undefined ? "" : ` "${id}"`} has no response_schema, so it does not say what answer ` +
        "it takes: formgate reads an interrupt as a form only when its response_schema (interrupt(value, " +
        "{ responseSchema })) describes the resume value.",
    );
  const schema = interrupt.has("response_schema") ? interrupt.object.response_schema : undefined;
  return interruptForm(id, message, schema, interrupt.at("response_schema"), langGraphLayer, ext);
}

/** A `humanInTheLoopMiddleware` request, alone or an interrupt's value, read as its decisions' form. */
function readHitl(request: Record<string, unknown>, report: Report, id: string | undefined): Result<FormModel> {
  const hitl = request as unknown as HitlRequest;
  const fields = readHitlFields(hitl, report);
  const ext: LangGraphFormExtension = { hitl: structuredClone(hitl) };
  const read = { id, fields, message: "", extensions: extensionsFor("langgraph", ext) };
  return schemaForm(read, report);
}

/** The message an interrupt's `value` carries (a text a person reads); what else it holds goes to `ext`. */
function readValue(interrupt: Keywords, ext: LangGraphFormExtension): string | undefined {
  const value = interrupt.object.value;
  if (typeof value === "string") {
    ext.stringValue = true;
    return value === "" ? undefined : interrupt.text("value");
  }
  if (!interrupt.has("value")) return undefined;
  if (!isRecord(value))
    return interrupt.fail(
      "value",
      "invalid_type",
      "must be the message (a string) or an object holding it in `message`",
    );
  const key = MESSAGE_KEYS.find((name) => typeof value[name] === "string" && value[name] !== "");
  const { [key ?? ""]: message, ...rest } = value;
  if (key !== undefined && key !== "message") ext.messageKey = key;
  if (Object.keys(rest).length > 0) ext.value = structuredClone(rest);
  return key === undefined ? undefined : interrupt.at("value").text(key, message);
}

/** The interrupt to read, and where it is in the input. */
function pickInterrupt(input: unknown, selection: FormSelection, report: Report): Found | undefined {
  if (!isRecord(input)) return report.error("invalid_type", `The input must be ${SHAPES}.`);
  const list = interruptsOf(input, report);
  if (list === undefined) return { interrupt: input, at: report };
  if (!report.ok) return undefined;
  const picked = pickForm(
    list.map(({ interrupt }) => (isRecord(interrupt) && typeof interrupt.id === "string" ? interrupt.id : undefined)),
    selection,
    { path: list[0]?.at.path.slice(0, -1) ?? [], input: "The input", form: "interrupt", forms: "interrupts" },
  );
  if (!picked.ok) return void report.adopt(picked.error.issues);
  report.adopt(picked.warnings);
  const chosen = list[picked.value] as Found;
  if (isRecord(chosen.interrupt)) return chosen;
  return chosen.at.error("invalid_type", "must be an interrupt { id, value, response_schema }");
}

/**
 * Every interrupt of a chunk, task, thread or snapshot, in order; undefined when the input is one
 * interrupt. None at all is `no_form`.
 */
function interruptsOf(input: Record<string, unknown>, report: Report): Found[] | undefined {
  let found: Found[];
  if (Object.hasOwn(input, INTERRUPT_KEY)) found = listed(input[INTERRUPT_KEY], report.at(INTERRUPT_KEY));
  else if (Object.hasOwn(input, "thread_id") && isRecord(input.interrupts))
    found = Object.entries(input.interrupts).flatMap(([task, list]) => listed(list, report.at("interrupts", task)));
  else if (Object.hasOwn(input, "interrupts")) found = listed(input.interrupts, report.at("interrupts"));
  else if (Array.isArray(input.tasks) && Object.hasOwn(input, "values"))
    found = input.tasks.flatMap((task, i) =>
      isRecord(task) ? listed(task.interrupts ?? [], report.at("tasks", i, "interrupts")) : [],
    );
  else return undefined;
  if (found.length === 0 && report.ok)
    report.error("no_form", "The input holds no interrupt, so no form: the run is not waiting for input.");
  return found;
}

function listed(list: unknown, report: Report): Found[] {
  if (Array.isArray(list)) return list.map((interrupt, i) => ({ interrupt, at: report.at(i) }));
  report.error("invalid_type", "must be an array of interrupts");
  return [];
}
