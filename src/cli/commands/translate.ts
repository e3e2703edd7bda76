import { parseArgs } from "node:util";
import { translate } from "../../gateway/translate.js";
import { type CliIo, EXIT, UsageError } from "../io.js";
import { parseInput, protocolOption } from "../input.js";
import { printResult } from "../report.js";

export const translateHelp = `Usage: formgate translate [--from PROTOCOL] --to PROTOCOL [--strict] [--json] [FILE|-]

Translates a form from one protocol into another through the form model. Writes JSON for
data and native, the block text for question-form. Everything dropped or approximated is
printed as a warning on standard error.

Options:
  --from PROTOCOL  the input's protocol (data, native, question-form); detected if omitted
  --to PROTOCOL    the protocol to write
  --strict         fail (exit 1) instead of dropping or approximating anything
  --json           print {ok, value, warnings} or {ok, error} as JSON on standard output
  -h, --help       show this help
`;

export async function translateCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      from: { type: "string" },
      to: { type: "string" },
      strict: { type: "boolean" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: true,
  });
  if (values.help) {
    io.stdout(translateHelp);
    return EXIT.ok;
  }
  const to = protocolOption(values.to, "--to");
  if (to === undefined) throw new UsageError("--to is required");
  if (positionals.length > 1) throw new UsageError("translate takes at most one FILE");
  const from = protocolOption(values.from, "--from");
  const input = parseInput(await io.readInput(positionals[0] ?? "-"), from);
  const result = input.ok ? translate(input.value, { to, ...(from && { from }), ...(values.strict && { strict: true }) }) : input;
  return printResult(io, result, values.json);
}
