import {
  type FormModel,
  type FormResponse,
  type Issue,
  type PathSegment,
  type Result,
  failure,
  problem,
  success,
  warning,
  quoted,
} from "../../model/index.js";
import { Report } from "../report/index.js";
import { readAnswerContent, writeElicitResult } from "../json-schema/answers.js";
import { isRecord } from "../json-schema/index.js";
import type { ReadAnswersOptions } from "../protocol.js";
import { formExtension } from "./extensions.js";
import { interruptIdOf } from "./interrupt-id.js";
import type { AgUiResumeEntry } from "./wire.js";

const ENTRY_KEYS = ["interruptId", "status", "payload", "metadata"];

/**
 * Reads the answer to an AG-UI interrupt: a `ResumeEntry` `{ interruptId, status: "resolved",
 * payload }` (the answers, checked against the form: any problem is `invalid_response` and
 * nothing is applied) or `{ interruptId, status: "cancelled" }` (never answers, whatever it
 * carries), alone or in a `RunAgentInput`'s `resume`. The entry must name the form's interrupt;
 * an interrupt past its `expiresAt` (by `options.now`, default the system clock) takes none.
 */
export function readAgUiAnswers(
  input: unknown,
  form: FormModel,
  options: ReadAnswersOptions = {},
): Result<FormResponse> {
  const report = Report.start();
  const found = entryOf(input, interruptIdOf(form), report);
  if (found === undefined) return report.fail("invalid_response");
  const [entry, at] = found;
  const expired = expiry(form, options, [...at.path, "interruptId"]);
  if (expired !== undefined) return failure("invalid_response", [expired]);
  for (const key of Object.keys(entry)) {
    if (!ENTRY_KEYS.includes(key))
      at.at(key).warn("ignored", `The key ${quoted(key)} is not a member of an AG-UI resume entry, so it is ignored.`);
  }
  if (Object.hasOwn(entry, "metadata"))
    at.at("metadata").warn(
      "ignored",
      "The `metadata` is the resume entry's envelope information (signatures, routing), not an answer, so it " +
        "is not carried.",
    );
  if (entry.status === "cancelled") {
    if (Object.hasOwn(entry, "payload"))
      at.at("payload").warn("ignored", `The \`payload\` comes with "cancelled", so it is not applied.`);
    return report.result("invalid_response", { action: "cancel" });
  }
  if (entry.status !== "resolved") {
    at.at("status").error(
      "invalid_value",
      `The \`status\` must be "resolved" or "cancelled", not ${quoted(entry.status ?? null)}.`,
    );
    return report.fail("invalid_response");
  }
  if (entry.payload === null) {
    at.at("payload").error("invalid_type", "The `payload` must be the answers object, never null (AG-UI).");
    return report.fail("invalid_response");
  }
  return readAnswerContent(entry.payload, form, at.at("payload"));
}

/**
 * Writes a model response as the `ResumeEntry` answering the form's interrupt: `resolved` with
 * the answers as `payload` (after checking them), or `cancelled`. AG-UI has no decline: a
 * decline is written `cancelled` (`approximated`). An expired interrupt takes no answer.
 */
export function writeAgUiAnswers(
  response: FormResponse,
  form: FormModel,
  options: ReadAnswersOptions = {},
): Result<AgUiResumeEntry> {
  const interruptId = interruptIdOf(form);
  const expired = expiry(form, options, ["interruptId"]);
  if (expired !== undefined) return failure("invalid_response", [expired]);
  if (response.action === "cancel") return success({ interruptId, status: "cancelled" });
  if (response.action === "decline")
    return success({ interruptId, status: "cancelled" }, [
      warning(
        "approximated",
        ["action"],
        "AG-UI has no decline, only an answer or an abandoned interrupt: the person's refusal is written as cancelled.",
      ),
    ]);
  const written = writeElicitResult(response, form);
  if (!written.ok) return written;
  if (written.value.action !== "accept") return success({ interruptId, status: "cancelled" });
  return success({ interruptId, status: "resolved", payload: written.value.content });
}

/** The entry answering `interruptId`: the input itself, or the one in a `RunAgentInput`'s `resume`. */
function entryOf(input: unknown, interruptId: string, report: Report): [Record<string, unknown>, Report] | undefined {
  if (!isRecord(input)) {
    report.error(
      "invalid_type",
      `The input must be an AG-UI resume entry { interruptId, status, payload? }, or a RunAgentInput whose ` +
        `resume holds it.`,
    );
    return undefined;
  }
  if (!Object.hasOwn(input, "resume")) return named(input, report, interruptId) ? [input, report] : undefined;
  for (const key of ["threadId", "runId"])
    if (typeof input[key] !== "string")
      report
        .at(key)
        .error(
          Object.hasOwn(input, key) ? "invalid_type" : "missing_property",
          `The \`${key}\` must be a string (a RunAgentInput names its thread and run).`,
        );
  if (!Array.isArray(input.messages))
    report
      .at("messages")
      .error(
        Object.hasOwn(input, "messages") ? "invalid_type" : "missing_property",
        "The `messages` must be the conversation's messages (a RunAgentInput requires them).",
      );
  if (!Array.isArray(input.resume)) {
    report.at("resume").error("invalid_type", "The `resume` must be an array of resume entries.");
    return undefined;
  }
  const entries = input.resume as unknown[];
  const matching = entries.flatMap((entry, index) =>
    isRecord(entry) && entry.interruptId === interruptId ? [index] : [],
  );
  const [index, twice] = matching;
  if (index === undefined || twice !== undefined) {
    const answered = entries.map((entry) => JSON.stringify(isRecord(entry) ? (entry.interruptId ?? null) : null));
    report
      .at("resume")
      .error(
        index === undefined ? "wrong_form" : "duplicate_answer",
        index === undefined
          ? `The \`resume\` holds no answer to the interrupt ${quoted(interruptId)} (its entries answer ` +
              `${answered.join(", ") || "nothing"}).`
          : `The \`resume\` answers the interrupt ${quoted(interruptId)} ${matching.length} times; an interrupt ` +
              `takes one answer.`,
      );
    return undefined;
  }
  if (entries.length > 1)
    report
      .at("resume")
      .warn(
        "ignored",
        `The \`resume\` holds ${entries.length - 1} more entr${entries.length === 2 ? "y" : "ies"}, answering ` +
          `other interrupts; only the one for ${quoted(interruptId)} is read.`,
      );
  if (!report.ok) return undefined;
  return [entries[index] as Record<string, unknown>, report.at("resume", index)];
}

function named(entry: Record<string, unknown>, at: Report, interruptId: string): boolean {
  if (entry.interruptId === interruptId) return true;
  at.at("interruptId").error(
    typeof entry.interruptId === "string"
      ? "wrong_form"
      : Object.hasOwn(entry, "interruptId")
        ? "invalid_type"
        : "missing_property",
    typeof entry.interruptId === "string"
      ? `The entry answers the interrupt ${quoted(entry.interruptId)}, not this form's ${quoted(interruptId)}.`
      : `The entry must name the interrupt it answers (${quoted(interruptId)}) in its \`interruptId\`.`,
  );
  return false;
}

/** The problem when the form's interrupt is past its `expiresAt` at `options.now`. */
function expiry(form: FormModel, options: ReadAnswersOptions, at: PathSegment[]): Issue | undefined {
  const expiresAt = formExtension(form).expiresAt;
  const end = expiresAt === undefined ? Number.NaN : Date.parse(expiresAt);
  if (Number.isNaN(end)) return undefined;
  const now = options.now ?? new Date();
  if (now.getTime() < end) return undefined;
  return problem(
    "interrupt_expired",
    at,
    `The interrupt "${interruptIdOf(form)}" expired at ${expiresAt} (it is now ${now.toISOString()}), so it takes no ` +
      `answer any more: none was applied.`,
  );
}
