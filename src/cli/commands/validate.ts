import { parseCommand } from "../flags.js";
import { readForm } from "../../gateway/translate.js";
import { type Protocol, type TextSummary, protocols } from "../../protocols/index.js";
import { type CliIo, EXIT } from "../io.js";
import { parseInput, protocolOption } from "../input.js";
import { printFailure, printIssue, printJson, printWarnings } from "../report.js";

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
  const { values, file } = parseCommand("validate", args, { as: { type: "string" } });
  if (values.help) {
    io.stdout(validateHelp);
    return EXIT.ok;
  }
  const text = await io.readInput(file);
  const as = protocolOption(values.as, "--as");
  const input = parseInput(text, as);
  const summary = input.ok && typeof input.value === "string" ? summarizeText(input.value, as) : undefined;
  if (summary !== undefined) return printSummary(io, summary, values.json);
  const result = input.ok ? readForm(input.value, { from: as }) : input;
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

/** A chat message is summarised by the text protocol that recognises it (or the one named). */
function summarizeText(text: string, as: string | undefined): TextSummary | undefined {
  const candidates: Protocol[] = Object.values(protocols).filter((protocol: Protocol) => protocol.summarize !== undefined);
  const protocol = candidates.find((candidate) => (as === undefined ? candidate.looksLike(text) : candidate.name === as));
  return protocol?.summarize?.(text);
}

function printSummary(io: CliIo, summary: TextSummary, json: boolean | undefined): number {
  if (json) printJson(io, summary);
  else {
    for (const form of summary.forms) {
      io.stdout(`form "${form.id}"${form.title === undefined ? "" : ` (${form.title})`} at ${form.line}:${form.column}: ${form.questions} question${form.questions === 1 ? "" : "s"}\n`);
    }
    if (summary.forms.length === 0) io.stdout("no forms found\n");
    for (const issue of summary.problems) printIssue(io, issue);
  }
  return summary.ok && summary.forms.length > 0 ? EXIT.ok : EXIT.rejected;
}
