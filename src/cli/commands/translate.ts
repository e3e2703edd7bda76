import { translate } from "../../gateway/translate.js";
import { parseCommand } from "../flags.js";
import { type CliIo, EXIT, UsageError } from "../io.js";
import { parseInput, protocolOption } from "../input.js";
import { printResult } from "../report.js";

export const translateHelp = `Usage: formgate translate [--from PROTOCOL] --to PROTOCOL [--form ID] [--strict] [--json] [FILE|-]

Translates a form from one protocol into another through the form model. Writes JSON for
data and native, the block text for question-form. Everything dropped or approximated is
printed as a warning on standard error.

Options:
  --from PROTOCOL  the input's protocol (data, native, question-form); detected if omitted
  --to PROTOCOL    the protocol to write
  --form ID        the form to translate, when a chat message holds several (default: the
                   first, with a warning naming the others)
  --strict         fail (exit 1) instead of dropping or approximating anything
  --json           print {ok, value, warnings} or {ok, error} as JSON on standard output
  -h, --help       show this help
`;

export async function translateCommand(args: string[], io: CliIo): Promise<number> {
  const { values, file } = parseCommand("translate", args, {
    from: { type: "string" },
    to: { type: "string" },
    form: { type: "string" },
    strict: { type: "boolean" },
  });
  if (values.help) {
    io.stdout(translateHelp);
    return EXIT.ok;
  }
  const to = protocolOption(values.to, "--to");
  if (to === undefined) throw new UsageError("--to is required");
  const from = protocolOption(values.from, "--from");
  const input = parseInput(await io.readInput(file), from);
  const result = input.ok ? translate(input.value, { to, from, formId: values.form, strict: values.strict }) : input;
  return printResult(io, result, values.json);
}
