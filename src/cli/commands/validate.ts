import { type ValidationReport, validate } from "../../gateway/validate.js";
import { parseCommand } from "../flags.js";
import { type CliIo, EXIT } from "../io.js";
import { parseInput, protocolOption } from "../input.js";
import { printIssue, printJson } from "../report.js";

export const validateHelp = `Usage: formgate validate [--as PROTOCOL] [--json] [FILE|-]

Checks a form against its protocol's rules and prints every problem, each located
(a JSON path, or line and column in a chat message). Reads standard input when FILE
is - or missing. The protocol is detected when --as is not given. A chat message may
hold several forms: each is listed with its line and column.

Options:
  --as PROTOCOL   data, native or question-form
  --json          print the report as JSON on standard output
  -h, --help      show this help

Exit status: 0 valid, 1 rejected (the error code is printed), 2 usage error.
`;

export async function validateCommand(args: string[], io: CliIo): Promise<number> {
  const { values, file } = parseCommand("validate", args, { as: { type: "string" } });
  if (values.help) {
    io.stdout(validateHelp);
    return EXIT.ok;
  }
  const as = protocolOption(values.as, "--as");
  const input = parseInput(await io.readInput(file), as);
  const report: ValidationReport = input.ok ? validate(input.value, { as }) : { ok: false, code: input.error.code, forms: [], problems: input.error.issues };
  if (values.json) printJson(io, report);
  else {
    for (const form of report.forms) {
      const where = form.line === undefined ? "" : ` at ${form.line}:${form.column}`;
      const name = form.id === undefined ? `${report.protocol} form` : `form "${form.id}"${form.title === undefined ? "" : ` (${form.title})`}`;
      io.stdout(`valid ${name}${where}: ${form.fields} field${form.fields === 1 ? "" : "s"}\n`);
    }
    if (report.code !== undefined) io.stderr(`error ${report.code}: ${report.forms.length === 0 ? "no valid form" : "the input has problems"}\n`);
    for (const issue of report.problems) printIssue(io, issue);
  }
  return report.ok ? EXIT.ok : EXIT.rejected;
}
