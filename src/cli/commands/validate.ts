import { parseArgs } from "node:util";
import { readForm } from "../../gateway/translate.js";
import { type CliIo, EXIT, UsageError } from "../io.js";
import { parseInput, protocolOption } from "../input.js";
import { printFailure, printJson, printWarnings } from "../report.js";

export const validateHelp = `Usage: formgate validate [--as PROTOCOL] [--json] [FILE|-]

Checks a form against its protocol's rules and prints every problem, each located
(a JSON path, or line and column in a chat message). Reads standard input when FILE
is - or missing. The protocol is detected when --as is not given.

Options:
  --as PROTOCOL   data, native or question-form
  --json          print the result as JSON on standard output
  -h, --help      show this help

Exit status: 0 valid, 1 rejected (the error code is printed), 2 usage error.
`;

export async function validateCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { as: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    allowPositionals: true,
  });
  if (values.help) {
    io.stdout(validateHelp);
    return EXIT.ok;
  }
  if (positionals.length > 1) throw new UsageError("validate takes at most one FILE");
  const text = await io.readInput(positionals[0] ?? "-");
  const as = protocolOption(values.as, "--as");
  const input = parseInput(text, as);
  const result = input.ok ? readForm(input.value, as) : input;
  if (values.json) {
    printJson(io, result.ok ? { ok: true, protocol: result.value.protocol, warnings: result.warnings } : result);
  } else if (result.ok) {
    printWarnings(io, result.warnings);
    const count = result.value.form.fields.length;
    io.stdout(`valid ${result.value.protocol} form: ${count} field${count === 1 ? "" : "s"}\n`);
  } else {
    printFailure(io, result.error);
  }
  return result.ok ? EXIT.ok : EXIT.rejected;
}
