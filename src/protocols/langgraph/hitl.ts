import {
  type AnswerValue,
  type Field,
  type FormModel,
  type FormResponse,
  type Result,
  quoted,
} from "../../model/index.js";
import { Report } from "../report/index.js";
import { readAnswerContent } from "../json-schema/answers.js";
import { isRecord, readRequestedSchema } from "../json-schema/index.js";
import { langGraphLayer } from "./layer.js";
import type {
  HitlActionRequest,
  HitlDecision,
  HitlDecisionType,
  HitlRequest,
  HitlResponse,
  HitlReviewConfig,
} from "./wire.js";

/**
 * LangChain's `humanInTheLoopMiddleware` (`langchain` 1.5.14): its interrupt value, a
 * `HITLRequest`, read as a form, and the person's answers written as the `HITLResponse` that
 * resumes it (docs/langgraph.md, "Human in the loop"). Per tool call `n`, in order: a required
 * choice `actionN` among its allowed decisions; when edit is allowed, an optional question
 * `actionN_arg_<name>` per `argsSchema` property, defaulting to the call's argument; when reject
 * is allowed, an optional text `actionN_reject_message`.
 */

const DECISIONS: Record<HitlDecisionType, string> = {
  approve: "Approve",
  edit: "Edit the arguments",
  reject: "Reject",
};

const decisionId = (index: number) => `action${index + 1}`;
const argId = (index: number, name: string) => `${decisionId(index)}_arg_${name}`;
const messageId = (index: number) => `${decisionId(index)}_reject_message`;

/** True when `value` has the two lists of a `HITLRequest`. */
export function isHitlRequest(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && Array.isArray(value.actionRequests) && Array.isArray(value.reviewConfigs);
}

/** The request's questions, every problem reported (the request is kept in the form to answer it). */
export function readHitlFields(request: HitlRequest, report: Report): Field[] {
  const fields: Field[] = [];
  request.actionRequests.forEach((action, index) => {
    const actionAt = report.at("actionRequests", index).question(decisionId(index), index);
    if (!isRecord(action) || typeof action.name !== "string" || !isRecord(action.args)) {
      actionAt.error("invalid_type", `Tool call ${index + 1} must be an action request { name, args, description? }.`);
      return;
    }
    const configIndex = configFor(request.reviewConfigs, index, action.name);
    if (configIndex === undefined) {
      report
        .at("reviewConfigs")
        .error(
          "missing_property",
          `No review config names the tool ${quoted(action.name)} (tool call ${index + 1}), so what may be decided ` +
            "about it is unknown.",
        );
      return;
    }
    const config = request.reviewConfigs[configIndex] as HitlReviewConfig;
    const configAt = report.at("reviewConfigs", configIndex).question(decisionId(index), index);
    fields.push(...actionFields(action, index, config, configAt, actionAt));
  });
  return fields;
}

/** `reviewConfigs[i]` when its `actionName` is the action's, else the first config naming it. */
function configFor(configs: unknown[], index: number, name: string): number | undefined {
  const names = (config: unknown) => isRecord(config) && config.actionName === name;
  if (names(configs[index])) return index;
  const found = configs.findIndex(names);
  return found === -1 ? undefined : found;
}

function actionFields(
  action: HitlActionRequest,
  index: number,
  config: HitlReviewConfig,
  configAt: Report,
  actionAt: Report,
): Field[] {
  const allowed = Array.isArray(config.allowedDecisions) ? config.allowedDecisions : [];
  const unknown = allowed.filter((decision) => !Object.hasOwn(DECISIONS, decision));
  if (allowed.length === 0 || unknown.length > 0) {
    configAt
      .at("allowedDecisions")
      .error(
        "invalid_value",
        `The decisions allowed on ${quoted(action.name)} must be some of "approve", "edit" and "reject"` +
          `${unknown.length > 0 ? `, not ${unknown.map((u) => quoted(u)).join(", ")}` : ""}.`,
      );
    return [];
  }
  const editable = allowed.includes("edit") && isRecord(config.argsSchema);
  if (allowed.includes("edit") && !editable) {
    if (allowed.length === 1) {
      configAt
        .at("argsSchema")
        .error(
          "missing_property",
          `The tool call ${quoted(action.name)} may only be edited, but its review config has no argsSchema, so its ` +
            "arguments cannot be asked as questions.",
        );
      return [];
    }
    configAt
      .at("argsSchema")
      .warn(
        "dropped",
        `The tool call ${quoted(action.name)} may be edited, but its review config has no argsSchema (the ` +
          "middleware's `interruptOn: { tool: true }`), so its arguments cannot be asked: the form offers the " +
          "other decisions only.",
      );
  }
  const decisions = allowed.filter((decision) => decision !== "edit" || editable);
  const fields: Field[] = [
    {
      kind: "choice",
      id: decisionId(index),
      label: actionAt.text("description", action.description) ?? `Allow the call to ${action.name}?`,
      required: true,
      multiple: false,
      options: decisions.map((decision) => ({ value: decision, label: DECISIONS[decision] })),
    },
  ];
  if (editable) fields.push(...argFields(action, index, config.argsSchema, configAt.at("argsSchema")));
  if (decisions.includes("reject"))
    fields.push({
      kind: "text",
      id: messageId(index),
      label: `Why reject the call to ${action.name}? (optional)`,
      required: false,
      multiline: true,
    });
  return fields;
}

/** One optional question per `argsSchema` property, read by the codec, defaulting to the call's argument. */
function argFields(action: HitlActionRequest, index: number, schema: unknown, report: Report): Field[] {
  const read = readRequestedSchema(schema, report, langGraphLayer, {}) ?? [];
  return read.map((field) => {
    const current = action.args[field.id];
    const edited = { ...field, id: argId(index, field.id), label: field.label ?? field.id, required: false };
    if (current !== undefined) (edited as { default?: unknown }).default = structuredClone(current);
    else delete (edited as { default?: unknown }).default;
    return edited as Field;
  });
}

/** The `HITLResponse` for accepted answers to a form read from `request`, with what it could not carry. */
export function writeHitlResponse(answers: Record<string, AnswerValue>, request: HitlRequest): Result<HitlResponse> {
  const report = Report.start(["answers"]);
  const decisions = request.actionRequests.map((action, index): HitlDecision => {
    const decision = answers[decisionId(index)] as HitlDecisionType;
    const prefix = `${decisionId(index)}_arg_`;
    const edits = Object.entries(answers).filter(([id]) => id.startsWith(prefix));
    if (decision === "edit") {
      const args = structuredClone(action.args);
      for (const [id, value] of edits) args[id.slice(prefix.length)] = structuredClone(value);
      return { type: "edit", editedAction: { name: action.name, args } };
    }
    for (const [id, value] of edits)
      if (JSON.stringify(value) !== JSON.stringify(action.args[id.slice(prefix.length)]))
        report
          .at(id)
          .question(id)
          .warn(
            "dropped",
            `The changed argument of ${quoted(action.name)} is not applied, as the decision ` +
              `was ${quoted(decision)}, not "edit".`,
          );
    if (decision === "approve") return { type: "approve" };
    const message = answers[messageId(index)];
    return typeof message === "string" && message !== "" ? { type: "reject", message } : { type: "reject" };
  });
  return report.result("invalid_response", { decisions });
}

/** Reads a `HITLResponse` (at `at`) into the answers of a form read from `request`, checked as any answers are. */
export function readHitlResponse(
  input: unknown,
  report: Report,
  request: HitlRequest,
  form: FormModel,
): Result<FormResponse> {
  const decisions = isRecord(input) ? input.decisions : undefined;
  if (!Array.isArray(decisions) || decisions.length !== request.actionRequests.length) {
    report
      .at("decisions")
      .error(
        Array.isArray(decisions) ? "invalid_value" : "invalid_type",
        `The \`decisions\` must be an array of ${request.actionRequests.length} decision` +
          `${request.actionRequests.length === 1 ? "" : "s"}, one per tool call in order.`,
      );
    return report.fail("invalid_response");
  }
  const answers: Record<string, unknown> = {};
  decisions.forEach((decision, index) => {
    const decisionAt = report.at("decisions", index).question(decisionId(index), index);
    const action = request.actionRequests[index] as HitlActionRequest;
    if (!isRecord(decision) || typeof decision.type !== "string") {
      decisionAt.error("invalid_type", `Decision ${index + 1} must be { type, … }.`);
      return;
    }
    answers[decisionId(index)] = decision.type;
    if (decision.type === "reject" && decision.message !== undefined) answers[messageId(index)] = decision.message;
    if (decision.type !== "edit") return;
    const edited = decision.editedAction;
    if (!isRecord(edited) || edited.name !== action.name || !isRecord(edited.args)) {
      decisionAt
        .at("editedAction")
        .error(
          "invalid_value",
          `Decision ${index + 1} must edit the call to ${quoted(action.name)}: { name: ${quoted(action.name)}, args }.`,
        );
      return;
    }
    for (const [name, value] of Object.entries(edited.args)) {
      const id = argId(index, name);
      if (form.fields.some((field) => field.id === id)) answers[id] = value;
      else if (JSON.stringify(value) !== JSON.stringify(action.args[name]))
        decisionAt
          .at("editedAction", "args", name)
          .error(
            "unknown_property",
            `The argument ${quoted(name)} of ${quoted(action.name)} is not one the form asks, so it cannot be edited.`,
          );
    }
  });
  return readAnswerContent(answers, form, report);
}
