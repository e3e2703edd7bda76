import { type DetectNames, detectProtocol, translateAnswers } from "../../gateway/translate.js";
import { success } from "../../model/index.js";
import { parseCommand, renamedFlag } from "../flags.js";
import { type Command, EXIT, UsageError } from "../io.js";
import { PROTOCOL_LIST, parseInput, protocolOption, readDirectionCatalog } from "../input.js";
import { renderHelp } from "../help.js";
import { printResult } from "../report.js";
import { fileLocator } from "../files-dir.js";

/**
 * How the errors of detecting the form's protocol name the flag that says it. A model form is
 * the library's (`formFrom: "model"`, typed): a file of one is not checked as a model, so the CLI
 * takes none.
 */
const FORM_FROM: DetectNames = { option: "--form-from" };

const ANSWERS_FLAGS = {
  "form-file": {
    value: "FILE",
    required: true,
    help: "the form the answers answer (--form FILE is its deprecated name, still read, with a warning)",
  },
  form: { value: "FILE" },
  "form-from": { value: "PROTOCOL", help: "the form's protocol; detected if omitted" },
  "form-id": { value: "ID", help: "the form, when the form file is a chat message holding several" },
  from: {
    value: "PROTOCOL",
    required: true,
    help:
      "the answers' protocol (a tool result, an elicitation result, or a [form answers — id] message for " +
      "question-form)",
  },
  to: { value: "PROTOCOL", required: true, help: "the protocol to write" },
  "files-dir": {
    value: "DIR",
    help:
      "where files named only by file name in a [form answers] message are (as a browser's file input reports " +
      "them); without it they are an error",
  },
  "direction-catalog": {
    value: "FILE",
    help:
      "the host's style catalog (a JSON array of cards), when the form has <question-form> direction-cards " +
      "questions whose cards the host supplies: the answers are checked against its cards",
  },
  now: {
    value: "TIME",
    help:
      "the time the answers are read at, an ISO 8601 date-time with its zone (2026-07-28T12:00:00Z): answers to a " +
      "form that has expired by then (an AG-UI interrupt's expiresAt) are refused; default: now",
  },
  strict: { help: "fail instead of dropping or approximating anything" },
  json: { help: "print {ok, value, warnings} or {ok, error} as JSON" },
} as const;

export const answersCommand: Command = {
  summary: "translate answers to a form from one protocol into another",
  json: true,
  help: renderHelp({
    command: "answers",
    operands: "[FILE|-]",
    about: `Translates answers to a form from one protocol into another. The answers must satisfy the
form; otherwise nothing is written and the error (invalid_response) lists every problem.

PROTOCOL is one of: ${PROTOCOL_LIST}.`,
    sections: [{ title: "Options", flags: ANSWERS_FLAGS }],
  }),
  async run(args, io) {
    const { values, file, logLevel } = parseCommand("answers", args, ANSWERS_FLAGS);
    if (values.help) {
      io.stdout(answersCommand.help);
      return EXIT.ok;
    }
    const from = protocolOption(values.from, "--from");
    const to = protocolOption(values.to, "--to");
    // In `translate`, `--form` was a form id: `--form-file` says what it is here.
    const formFile = renamedFlag("answers", values, ["form-file", "form"], io, logLevel);
    if (formFile === undefined || from === undefined || to === undefined)
      throw new UsageError("--form-file, --from and --to are required");
    const formFrom = protocolOption(values["form-from"], "--form-from");
    const now = nowOption(values.now);
    const form = parseInput(await io.readInput(formFile), formFrom, formFile);
    const answers = parseInput(await io.readInput(file), from, file);
    const catalog = await readDirectionCatalog(io, values["direction-catalog"]);
    const formProtocol =
      formFrom !== undefined ? success(formFrom) : form.ok ? detectProtocol(form.value, FORM_FROM) : form;
    const filesDir = values["files-dir"];
    // The first input that cannot be read is the result; otherwise the translation.
    const read = [catalog, form, answers, formProtocol].find((input) => !input.ok);
    const result =
      read ??
      translateAnswers(answers.ok ? answers.value : undefined, {
        form: form.ok ? form.value : undefined,
        formFrom: formProtocol.ok ? formProtocol.value : undefined,
        formId: values["form-id"],
        from,
        to,
        strict: values.strict,
        locateFile: filesDir === undefined ? undefined : fileLocator(filesDir),
        directionCatalog: catalog.ok ? catalog.value : undefined,
        ...(now !== undefined && { now }),
      });
    return printResult(io, result, { json: values.json, logLevel });
  },
};

/** An ISO 8601 date-time with its zone: without one, the time would depend on the machine's. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** `--now`: the clock the answers are read and written by (`ReadAnswersOptions.now`). */
function nowOption(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const time = ISO_DATE_TIME.test(value) ? new Date(value) : undefined;
  if (time === undefined || Number.isNaN(time.getTime()))
    throw new UsageError(
      `--now must be an ISO 8601 date-time with its zone, such as 2026-07-28T12:00:00Z, got "${value}"`,
    );
  return time;
}
