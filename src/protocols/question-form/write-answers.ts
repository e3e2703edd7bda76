import type { AnswerValue, Field, FormModel, FormResponse, Result } from "../../model/index.js";
import { isUnanswered, ownValue, success, validateAnswers } from "../../model/index.js";
import { Report } from "../report/index.js";
import * as answerText from "./answer-text.js";
import { DEFAULT_FORM_ID } from "./limits.js";

/**
 * Writes the answer message for a form, in the reference renderer's format:
 * `[form answers — <id>]`, then `- <label>: <answer>` per question in form order.
 * Whatever would read back ambiguously is written as a JSON string, and the lines of a
 * multi-line text after the first are indented by two spaces (docs/question-form.md).
 * A decline or a cancel is the notice `writeDismissal` writes, which `readAnswers` reads back.
 */
export function writeAnswers(response: FormResponse, form: FormModel): Result<string> {
  if (response.action !== "accept") return success(writeDismissal(response.action, form));
  // A required question the person skipped is written `(skipped)`: the text protocol can say so (the renderer's
  // stepped form lets them).
  const report = Report.start(["answers"]);
  report.answers(validateAnswers(form, response.answers, [], response.skipped), form);
  if (!report.ok) return report.fail("invalid_response");
  const lines = [answerText.header(headerId(form))];
  for (const field of form.fields) {
    const value = ownValue(response.answers, field.id);
    if (value !== undefined && isUnanswered(value)) {
      const message = "An empty answer is written as (skipped) and reads back as unanswered.";
      report.at(field.id).question(field.id).warn("approximated", message);
    }
    lines.push(
      answerText.entry(field, isUnanswered(value) ? answerText.SKIPPED : writeValue(field, value as AnswerValue)),
    );
  }
  return report.result("invalid_response", lines.join("\n"));
}

/**
 * The notice for a form the person declined or closed, for a host to send the model in place
 * of answers (docs/bridge.md). Its header is never `[form answers — …]`, so no answer reader
 * takes it for answers, and it says that nothing was chosen.
 */
export function writeDismissal(action: "decline" | "cancel", form: FormModel): string {
  return action === "decline"
    ? `${answerText.header(headerId(form), "declined")}\nI chose not to answer this form. Please go on without ` +
        `these answers, and do not assume any.`
    : `${answerText.header(headerId(form), "cancelled")}\nI closed this form without answering it.`;
}

/** The form's id as a header names it: as is when plain, else as a JSON string. */
function headerId(form: FormModel): string {
  const id = form.id ?? DEFAULT_FORM_ID;
  return isPlain(id, false) && !id.includes("]") ? id : JSON.stringify(id);
}

function writeValue(field: Field, value: string | number | boolean | string[]): string {
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.map((item) => writeItem(field, item, true)).join(answerText.ITEM_SEPARATOR);
  if (field.kind === "text") return writeText(value);
  return writeItem(field, value, false);
}

/** Text: as is when plain; several lines indented; otherwise a JSON string. */
function writeText(text: string): string {
  if (isPlain(text, false)) return text;
  const lines = text.split("\n");
  const indentable =
    lines.length > 1 &&
    !text.includes("\r") &&
    text.trim() === text &&
    isPlain(lines[0] as string, false) &&
    !answerText.ENDS_LIKE_MARKER.test(text) &&
    lines.every((line) => line.trimEnd() === line);
  return indentable
    ? lines.map((line, i) => (i === 0 || line === "" ? line : `${answerText.INDENT}${line}`)).join("\n")
    : JSON.stringify(text);
}

const URI_FIRST = new RegExp(`^(?:${answerText.FILE_URI_START})`, "i");

/** One chosen option (label, and its value where they differ), or typed text, or a file. */
function writeItem(field: Field, value: string, list: boolean): string {
  // A file answer is its URI even when it names an offered resource (a <question-form> file
  // question offers none); one the reader would not split off as a URI is a JSON string.
  if (field.kind === "file") return isPlain(value, true) && URI_FIRST.test(value) ? value : JSON.stringify(value);
  const options = answerText.answerOptions(field);
  const option = options.find((o) => o.value === value);
  if (option === undefined) {
    // Typed text among several choices is always quoted: where it ends is then never in doubt.
    const collides = options.some((o) => o.label === value);
    return isPlain(value, list) && !collides && !list ? value : JSON.stringify(value);
  }
  const shared = options.some((o) => o !== option && (o.label === option.label || o.value === option.label));
  if (option.label === option.value && !shared && isPlain(option.label, list)) return option.label;
  const plainValue = /^[^\]",;\n\r]+$/.test(option.value) && option.value.trim() === option.value;
  return answerText.marker(option.label, plainValue ? option.value : JSON.stringify(option.value));
}

/** True when a text can be written as is: one line that reads back as itself. */
function isPlain(text: string, list: boolean): boolean {
  return (
    text !== "" &&
    !/[\r\n]/.test(text) &&
    text.trim() === text &&
    !text.startsWith('"') &&
    text.toLowerCase() !== answerText.SKIPPED &&
    !answerText.ENDS_LIKE_MARKER.test(text) &&
    !(list && text.includes(answerText.ITEM_SEPARATOR))
  );
}
