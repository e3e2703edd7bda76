import { type ValidationReport, validate } from "../../gateway/validate.js";
import { logs, parseCommand } from "../flags.js";
import { type Command, EXIT } from "../io.js";
import { PROTOCOL_LIST, parseInput, protocolOption } from "../input.js";
import { renderHelp } from "../help.js";
import { printIssues, printJson } from "../report.js";

const VALIDATE_FLAGS = {
  as: { value: "PROTOCOL", help: "the form's protocol; detected if omitted" },
  json: { help: "print the report as JSON on standard output" },
} as const;

export const validateCommand: Command = {
  summary: "check a form and print every problem, located",
  json: true,
  help: renderHelp({
    command: "validate",
    operands: "[FILE|-]",
    about: `Checks a form against its protocol's rules and prints every problem, each located
(a JSON path, or line and column in a chat message). Reads standard input when FILE
is - or missing. The protocol is detected when --as is not given. A chat message may
hold several forms: each is listed with its line and column.

PROTOCOL is one of: ${PROTOCOL_LIST}.`,
    sections: [{ title: "Options", flags: VALIDATE_FLAGS }],
    after: "Exit status: 0 valid, 1 rejected (the error code is printed), 2 usage error.",
  }),
  async run(args, io) {
    const { values, file, logLevel } = parseCommand("validate", args, VALIDATE_FLAGS);
    if (values.help) {
      io.stdout(validateCommand.help);
      return EXIT.ok;
    }
    const as = protocolOption(values.as, "--as");
    const input = parseInput(await io.readInput(file), as, file);
    const report: ValidationReport = input.ok
      ? validate(input.value, { as })
      : { ok: false, code: input.error.code, forms: [], problems: input.error.issues };
    if (values.json) printJson(io, report);
    else {
      for (const form of report.forms) {
        const where = form.line === undefined ? "" : ` at ${form.line}:${form.column}`;
        const name =
          form.id === undefined
            ? `${report.protocol} form`
            : `form "${form.id}"${form.title === undefined ? "" : ` (${form.title})`}`;
        io.stdout(`valid ${name}${where}: ${form.fields} field${form.fields === 1 ? "" : "s"}\n`);
      }
      if (report.code !== undefined && logs(logLevel, "error"))
        io.stderr(
          `error ${report.code}: ` +
            `${report.forms.length === 0 ? "The input holds no valid form." : "The input has problems."}\n`,
        );
      const shown = report.problems.filter((issue) => logs(logLevel, issue.severity === "error" ? "error" : "warn"));
      printIssues(io, shown, (issue) => `${issue.severity} `, "problem");
    }
    return report.ok ? EXIT.ok : EXIT.rejected;
  },
};
