import { parseArgs } from "node:util";
import { translateAnswers } from "../../gateway/translate.js";
import { type CliIo, EXIT, UsageError } from "../io.js";
import { parseInput, protocolOption } from "../input.js";
import { printResult } from "../report.js";

export const answersHelp = `Usage: formgate answers --form FORM_FILE [--form-from PROTOCOL] --from PROTOCOL --to PROTOCOL [--json] [FILE|-]

Translates answers to a form from one protocol into another. The answers must satisfy the
form; otherwise nothing is written and the error (invalid_response) lists every problem.

Options:
  --form FILE          the form the answers answer
  --form-from PROTOCOL the form's protocol; detected if omitted
  --from PROTOCOL      the answers' protocol (data: a tool result, native: an elicitation
                       result, question-form: a [form answers — id] message)
  --to PROTOCOL        the protocol to write
  --strict             fail instead of dropping or approximating anything
  --json               print {ok, value, warnings} or {ok, error} as JSON
  -h, --help           show this help
`;

export async function answersCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      form: { type: "string" },
      "form-from": { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      strict: { type: "boolean" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: true,
  });
  if (values.help) {
    io.stdout(answersHelp);
    return EXIT.ok;
  }
  const from = protocolOption(values.from, "--from");
  const to = protocolOption(values.to, "--to");
  if (values.form === undefined || from === undefined || to === undefined) throw new UsageError("--form, --from and --to are required");
  if (positionals.length > 1) throw new UsageError("answers takes at most one FILE");
  const formFrom = protocolOption(values["form-from"], "--form-from");
  const form = parseInput(await io.readInput(values.form), formFrom);
  const answers = parseInput(await io.readInput(positionals[0] ?? "-"), from);
  const result = !form.ok
    ? form
    : !answers.ok
      ? answers
      : translateAnswers(answers.value, { form: form.value, from, to, ...(formFrom && { formFrom }), ...(values.strict && { strict: true }) });
  return printResult(io, result, values.json);
}
