import { translateAnswers } from "../../gateway/translate.js";
import { JSON_FLAG, type LogThreshold, logs, parseCommand } from "../flags.js";
import { type CliIo, type Command, EXIT, UsageError } from "../io.js";
import { PROTOCOL_LIST, parseInput, protocolOption, readDirectionCatalog } from "../input.js";
import { commonHelp } from "../help.js";
import { printResult } from "../report.js";
import { fileLocator } from "../files-dir.js";

export const answersCommand: Command = {
  summary: "translate answers to a form from one protocol into another",
  json: true,
  help:
    `Usage: formgate answers --form-file FORM_FILE [--form-from PROTOCOL] [--form-id ID] --from PROTOCOL --to ` +
    `PROTOCOL [--files-dir DIR] [--direction-catalog FILE] [--json] [FILE|-]

Translates answers to a form from one protocol into another. The answers must satisfy the
form; otherwise nothing is written and the error (invalid_response) lists every problem.

PROTOCOL is one of: ${PROTOCOL_LIST}.

Options:
  --form-file FILE     the form the answers answer (--form FILE is its deprecated
                       name, still read, with a warning)
  --form-from PROTOCOL the form's protocol; detected if omitted
  --form-id ID         the form, when FORM_FILE is a chat message holding several
  --from PROTOCOL      the answers' protocol (a tool result, an elicitation result, or a
                       [form answers — id] message for question-form)
  --to PROTOCOL        the protocol to write
  --files-dir DIR      where files named only by file name in a [form answers] message are
                       (as a browser's file input reports them); without it they are an error
  --direction-catalog FILE
                       the host's style catalog (a JSON array of cards), when the form has
                       <question-form> direction-cards questions whose cards the host
                       supplies: the answers are checked against its cards
  --strict             fail instead of dropping or approximating anything
  --json               print {ok, value, warnings} or {ok, error} as JSON
${commonHelp(23)}`,
  async run(args, io) {
    const { values, file, logLevel } = parseCommand("answers", args, {
      ...JSON_FLAG,
      "form-file": { type: "string" },
      form: { type: "string" },
      "form-from": { type: "string" },
      "form-id": { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      "files-dir": { type: "string" },
      "direction-catalog": { type: "string" },
      strict: { type: "boolean" },
    });
    if (values.help) {
      io.stdout(answersCommand.help);
      return EXIT.ok;
    }
    const from = protocolOption(values.from, "--from");
    const to = protocolOption(values.to, "--to");
    const formFile = formFileOption(values["form-file"], values.form, io, logLevel);
    if (formFile === undefined || from === undefined || to === undefined)
      throw new UsageError("--form-file, --from and --to are required");
    const formFrom = protocolOption(values["form-from"], "--form-from");
    const form = parseInput(await io.readInput(formFile), formFrom, formFile);
    const answers = parseInput(await io.readInput(file), from, file);
    const catalog = await readDirectionCatalog(io, values["direction-catalog"]);
    const filesDir = values["files-dir"];
    // The first input that cannot be read is the result; otherwise the translation.
    const read = [catalog, form, answers].find((input) => !input.ok);
    const result =
      read ??
      translateAnswers(answers.ok ? answers.value : undefined, {
        form: form.ok ? form.value : undefined,
        formFrom,
        formId: values["form-id"],
        from,
        to,
        strict: values.strict,
        locateFile: filesDir === undefined ? undefined : fileLocator(filesDir),
        directionCatalog: catalog.ok ? catalog.value : undefined,
      });
    return printResult(io, result, { json: values.json, logLevel });
  },
};

/**
 * The form file: `--form-file`, or `--form`, its old name (in `translate`, `--form` is a form
 * id), still read with a deprecation warning.
 */
function formFileOption(
  formFile: string | undefined,
  old: string | undefined,
  io: CliIo,
  logLevel: LogThreshold,
): string | undefined {
  if (old === undefined) return formFile;
  if (formFile !== undefined) throw new UsageError("--form is the old name of --form-file: give one of them");
  if (logs(logLevel, "warn"))
    io.stderr("warning: --form is deprecated in formgate answers; use --form-file (--form still works for now)\n");
  return old;
}
