import {
  type FormModel,
  type Issue,
  type PathSegment,
  type Result,
  failure,
  jsonValueProblem,
  pathSubject,
  problem,
  quoted,
} from "../../model/index.js";
import {
  Keywords,
  extensionsFor,
  isRecord,
  readRequestedSchema,
  schemaForm,
  schemaWirePath,
} from "../json-schema/index.js";
import { pickForm } from "../pick-form.js";
import type { FormSelection } from "../protocol.js";
import type { LangGraphFormExtension } from "./extensions.js";
import { isHitlRequest, readHitlFields } from "./hitl.js";
import { langGraphLayer } from "./schema-layer.js";
import { type HitlRequest, INTERRUPT_KEY, INTERRUPT_KEYS, MESSAGE_KEYS, SDK_INTERRUPT_KEYS } from "./wire.js";

/** One interrupt of the input, and where it is. */
interface Found {
  interrupt: unknown;
  at: PathSegment[];
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
  const issues: Issue[] = [];
  const warnings: Issue[] = [];
  const found = pickInterrupt(input, selection, issues, warnings);
  if (found === undefined)
    return failure(
      issues.some((issue) => issue.code === "form_not_found" || issue.code === "no_form")
        ? "form_not_found"
        : "invalid_form",
      issues,
    );
  if (isHitlRequest(found.interrupt)) return readHitl(found.interrupt, found.at, undefined, issues, warnings);
  const interrupt = new Keywords(found.interrupt as Record<string, unknown>, found.at, issues);
  const ext: LangGraphFormExtension = {};
  interrupt.ignoreOthers(
    INTERRUPT_KEYS,
    warnings,
    (key) => `The key ${quoted(key)} is not a member of a LangGraph interrupt, so it is ignored and not carried.`,
  );
  const id = interrupt.string("id");
  if (!interrupt.has("response_schema") && isHitlRequest(interrupt.object.value))
    return readHitl(interrupt.object.value, interrupt.path("value"), id, issues, warnings);
  const sdk = Object.fromEntries(Object.entries(interrupt.object).filter(([key]) => SDK_INTERRUPT_KEYS.includes(key)));
  if (Object.keys(sdk).length > 0) ext.interrupt = structuredClone(sdk);
  const [message, messagePath] = readValue(interrupt, ext);
  const schemaPath = interrupt.path("response_schema");
  if (!interrupt.has("response_schema"))
    interrupt.fail(
      "response_schema",
      "missing_property",
      `The interrupt${id === undefined ? "" : ` "${id}"`} has no response_schema, so it does not say what answer ` +
        "it takes: formgate reads an interrupt as a form only when its response_schema (interrupt(value, " +
        "{ responseSchema })) describes the resume value.",
    );
  const fields = interrupt.has("response_schema")
    ? readRequestedSchema(interrupt.object.response_schema, schemaPath, langGraphLayer, ext, issues, warnings)
    : undefined;
  const read = { id, fields, message: message ?? "", extensions: extensionsFor("langgraph", ext) };
  return schemaForm(read, issues, warnings, (form, path) =>
    schemaWirePath(form, path[0] === "id" ? interrupt.path("id") : messagePath, schemaPath, "langgraph", path),
  );
}

/** A `humanInTheLoopMiddleware` request, alone or an interrupt's value, read as its decisions' form. */
function readHitl(
  request: Record<string, unknown>,
  at: PathSegment[],
  id: string | undefined,
  issues: Issue[],
  warnings: Issue[],
): Result<FormModel> {
  const hitl = request as unknown as HitlRequest;
  const fields = readHitlFields(hitl, at, issues, warnings);
  const ext: LangGraphFormExtension = { hitl: structuredClone(hitl) };
  const read = { id, fields, message: "", extensions: extensionsFor("langgraph", ext) };
  return schemaForm(read, issues, warnings, () => at);
}

/** The message an interrupt's `value` carries, and where; what else it holds goes to `ext`. */
function readValue(interrupt: Keywords, ext: LangGraphFormExtension): [string | undefined, PathSegment[]] {
  const value = interrupt.object.value;
  const at = interrupt.path("value");
  if (typeof value === "string") {
    ext.stringValue = true;
    return [value === "" ? undefined : value, at];
  }
  if (!interrupt.has("value")) return [undefined, at];
  if (!isRecord(value)) {
    interrupt.fail("value", "invalid_type", "must be the message (a string) or an object holding it in `message`");
    return [undefined, at];
  }
  const key = MESSAGE_KEYS.find((name) => typeof value[name] === "string" && value[name] !== "");
  const { [key ?? ""]: message, ...rest } = value;
  if (key !== undefined && key !== "message") ext.messageKey = key;
  if (Object.keys(rest).length > 0) ext.value = structuredClone(rest);
  return [key === undefined ? undefined : (message as string), key === undefined ? at : [...at, key]];
}

/** The interrupt to read, and where it is in the input. */
function pickInterrupt(
  input: unknown,
  selection: FormSelection,
  issues: Issue[],
  warnings: Issue[],
): Found | undefined {
  if (!isRecord(input)) {
    issues.push(problem("invalid_type", [], `The input must be ${SHAPES}.`));
    return undefined;
  }
  const list = interruptsOf(input, issues);
  if (list === undefined) return { interrupt: input, at: [] };
  if (issues.length > 0) return undefined;
  const picked = pickForm(
    list.map(({ interrupt }) => (isRecord(interrupt) && typeof interrupt.id === "string" ? interrupt.id : undefined)),
    selection,
    { path: list[0]?.at.slice(0, -1) ?? [], input: "The input", form: "interrupt", forms: "interrupts" },
  );
  if (!picked.ok) {
    issues.push(...picked.error.issues);
    return undefined;
  }
  warnings.push(...picked.warnings);
  const chosen = list[picked.value] as Found;
  if (isRecord(chosen.interrupt)) return chosen;
  issues.push(
    problem(
      "invalid_type",
      chosen.at,
      `${pathSubject(chosen.at)} must be an interrupt { id, value, response_schema }.`,
    ),
  );
  return undefined;
}

/**
 * Every interrupt of a chunk, task, thread or snapshot, in order; undefined when the input is one
 * interrupt. None at all is `no_form`.
 */
function interruptsOf(input: Record<string, unknown>, issues: Issue[]): Found[] | undefined {
  let found: Found[];
  if (Object.hasOwn(input, INTERRUPT_KEY)) found = listed(input[INTERRUPT_KEY], [INTERRUPT_KEY], issues);
  else if (Object.hasOwn(input, "thread_id") && isRecord(input.interrupts))
    found = Object.entries(input.interrupts).flatMap(([task, list]) => listed(list, ["interrupts", task], issues));
  else if (Object.hasOwn(input, "interrupts")) found = listed(input.interrupts, ["interrupts"], issues);
  else if (Array.isArray(input.tasks) && Object.hasOwn(input, "values"))
    found = input.tasks.flatMap((task, i) =>
      isRecord(task) ? listed(task.interrupts ?? [], ["tasks", i, "interrupts"], issues) : [],
    );
  else return undefined;
  if (found.length === 0 && issues.length === 0)
    issues.push(problem("no_form", [], "The input holds no interrupt, so no form: the run is not waiting for input."));
  return found;
}

function listed(list: unknown, at: PathSegment[], issues: Issue[]): Found[] {
  if (Array.isArray(list)) return list.map((interrupt, i) => ({ interrupt, at: [...at, i] }));
  issues.push(problem("invalid_type", at, `${pathSubject(at)} must be an array of interrupts.`));
  return [];
}
