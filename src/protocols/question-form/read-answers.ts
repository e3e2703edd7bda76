import type { AnswerValue, FormModel, FormResponse, Issue, Result } from "../../model/index.js";
import type { ReadAnswersOptions } from "../protocol.js";
import {
  emptyRecord,
  failure,
  isUnanswered,
  problem,
  quoted,
  success,
  validateAnswers,
  warning,
} from "../../model/index.js";
import { jsonString } from "../../text/json-text.js";
import { Report } from "../report/index.js";
import { AnswerLines, type Entry, answerLines, findEntries, onLine } from "./answer-lines.js";
import * as answerText from "./answer-text.js";
import { Unreadable, readValue } from "./answer-values.js";
import { DEFAULT_FORM_ID } from "./limits.js";

/** What an answer message says, before it is checked against the form's rules. */
export interface ParsedAnswers {
  answers: Record<string, AnswerValue>;
  /** Required questions the person skipped (`(skipped)`): the stepped renderer lets them. */
  skipped: Set<string>;
  issues: Issue[];
  warnings: Issue[];
}

/**
 * Reads an answer message and checks it against the form; nothing is applied on any problem.
 * The text is read here (what it says, and whether it can say it); what the answers may be is
 * the model's one check (`validateAnswers`).
 */
export function readAnswers(input: unknown, form: FormModel, options: ReadAnswersOptions = {}): Result<FormResponse> {
  if (typeof input !== "string")
    return failure("invalid_response", [problem("invalid_type", [], "An answer message must be text.")]);
  const lines = messageLines(input);
  const dismissal = readDismissal(lines, form);
  if (dismissal !== undefined) return dismissal;
  const parsed = readAnswerLines(lines, form, options);
  const rules = Report.start();
  rules.answers(answerRuleIssues(form, parsed), form);
  const issues = [...parsed.issues, ...rules.errors];
  if (issues.length > 0) return failure("invalid_response", issues);
  const skipped = [...parsed.skipped];
  return success(
    skipped.length === 0
      ? { action: "accept", answers: parsed.answers }
      : { action: "accept", answers: parsed.answers, skipped },
    parsed.warnings,
  );
}

/**
 * The form's answer rules over what was read, so every problem is reported at once: none when
 * the message itself is wrong (not answers, another form), and none again for an answer that
 * was already unreadable (it would only be reported missing).
 */
function answerRuleIssues(form: FormModel, parsed: ParsedAnswers): Issue[] {
  if (parsed.issues.some((issue) => issue.path.length === 0)) return [];
  const unreadable = new Set(parsed.issues.map((issue) => issue.path[0]));
  return validateAnswers(form, parsed.answers, [], [...parsed.skipped]).filter(
    (issue) => !unreadable.has(issue.path[0]),
  );
}

/**
 * A decline or a cancel, when the message is the notice `writeAnswers` writes for one (`[form declined — id]`,
 * `[form cancelled — id]`); undefined for any other message.
 */
function readDismissal(lines: string[], form: FormModel): Result<FormResponse> | undefined {
  const { first, header, id } = readHeader(lines, answerText.DISMISSAL);
  if (header === null) return undefined;
  const expected = form.id ?? DEFAULT_FORM_ID;
  if (id !== expected) {
    const message = `the notice is for the form ${quoted(id)}, not ${quoted(expected)}`;
    return failure("invalid_response", [onLine(problem("wrong_form", [], message), first)]);
  }
  return success({ action: header[1]?.toLowerCase() === "declined" ? "decline" : "cancel" });
}

/** The form id an answer message's header names; undefined without a header or an id. */
export function answersFormId(input: unknown): string | undefined {
  return typeof input === "string" ? readHeader(messageLines(input)).id || undefined : undefined;
}

const messageLines = (text: string): string[] => text.replace(/\r\n?/g, "\n").split("\n");

/**
 * The header: the first line that is not blank, when it reads as one (`answerText.HEADER`, or `shape`), and the id it
 * names ("" for none), bare or quoted as a JSON string (as formgate writes ids that need it).
 */
function readHeader(
  lines: string[],
  shape = answerText.HEADER,
): { first: number; header: RegExpExecArray | null; id: string } {
  const first = lines.findIndex((line) => line.trim() !== "");
  const header = first === -1 ? null : shape.exec(lines[first] as string);
  const written = (header?.[2] ?? header?.[4] ?? "").trim();
  return { first, header, id: jsonString(written) ?? written };
}

/**
 * What the user message after a form says of it (docs/question-form.md, "Answers"): the answers
 * it sends, when it is the form's `[form answers — id]` message (as written, those it could not
 * read left out, its rules not applied: it was sent already); a decline or cancel, when it is the
 * form's dismissal notice (`writeDismissal`); undefined when it is anything else.
 */
export function readReply(reply: string, form: FormModel): FormResponse | undefined {
  const lines = messageLines(reply);
  const dismissal = readDismissal(lines, form);
  if (dismissal !== undefined) return dismissal.ok ? dismissal.value : undefined;
  const { header, id } = readHeader(lines);
  if (header === null || (id !== "" && id !== (form.id ?? DEFAULT_FORM_ID))) return undefined;
  const { answers, skipped } = readAnswerLines(lines, form);
  return skipped.size === 0 ? { action: "accept", answers } : { action: "accept", answers, skipped: [...skipped] };
}

/** Splits an answer message into per-question answers, without the form's answer rules. */
export function readAnswerMessage(text: string, form: FormModel, options: ReadAnswersOptions = {}): ParsedAnswers {
  return readAnswerLines(messageLines(text), form, options);
}

/** `readAnswerMessage` of a message split into its lines. */
function readAnswerLines(text: string[], form: FormModel, options: ReadAnswersOptions = {}): ParsedAnswers {
  const parsed: ParsedAnswers = { answers: emptyRecord(), skipped: new Set(), issues: [], warnings: [] };
  const { answers, issues, warnings } = parsed;
  const lines = new AnswerLines(text);
  const { first, header, id } = readHeader(lines.text);
  if (header === null) {
    const message = "the message does not begin with `[form answers — <form id>]`";
    issues.push(onLine(problem("not_an_answer_message", [], message), first));
    return parsed;
  }
  if (header[3] !== undefined || header[1] === ":") {
    const message = `the header is a paraphrase ("${header[0].trim()}"), and it is read as \`[form answers — <id>]\``;
    warnings.push(onLine(warning("paraphrased_header", [], message), first));
  }
  const expected = form.id ?? DEFAULT_FORM_ID;
  if (id === "") {
    const message = `the header names no form, so it is read as answering "${expected}"`;
    warnings.push(onLine(warning("missing_form_id", [], message), first));
  } else if (id !== expected) {
    issues.push(onLine(problem("wrong_form", [], `the answers are for the form "${id}", not "${expected}"`), first));
    return parsed;
  }
  lines.endAnswers(first, warnings);
  const entries = findEntries(lines, form, issues, warnings);
  const firstEntry = entries[0]?.line ?? lines.end;
  for (let i = first + 1; i < firstEntry; i++)
    if (!lines.isBlank(i))
      warnings.push(onLine(warning("ignored_text", [], "text before the first answer is ignored"), i));
  for (let index = 0; index < entries.length; index++) {
    const read = answerLines(lines, entries, index, warnings);
    if (read === undefined) continue;
    const { field, more } = read;
    const value = [(entries[index] as Entry).rest, ...more].join("\n").trim();
    if (isUnanswered(value) || value.toLowerCase() === answerText.SKIPPED) {
      if (field.required) parsed.skipped.add(field.id);
      continue;
    }
    const found = readValue(field, value, options);
    if (found instanceof Unreadable)
      issues.push(
        onLine(problem("unreadable_answer", [field.id], found.message), (entries[index] as Entry).line, field),
      );
    else answers[field.id] = found;
  }
  return parsed;
}
