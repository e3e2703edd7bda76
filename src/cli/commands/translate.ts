import { translate } from "../../gateway/translate.js";
import { JSON_FLAG, parseCommand } from "../flags.js";
import { type Command, EXIT, UsageError } from "../io.js";
import { PROTOCOL_LIST, parseInput, protocolOption, readDirectionCatalog } from "../input.js";
import { commonHelp } from "../help.js";
import { printResult } from "../report.js";

export const translateCommand: Command = {
  summary: "translate a form from one protocol into another",
  json: true,
  help:
    `Usage: formgate translate [--from PROTOCOL] --to PROTOCOL [--form ID] [--direction-catalog FILE] ` +
    `[--strict] [--json] [FILE|-]

Translates a form from one protocol into another through the form model. Writes the
protocol's JSON, or its text for a text protocol (question-form). Everything dropped or
approximated is printed as a warning on standard error.

PROTOCOL is one of: ${PROTOCOL_LIST}.

Options:
  --from PROTOCOL  the input's protocol; detected if omitted
  --to PROTOCOL    the protocol to write
  --form ID        the form to translate, when a chat message holds several (default: the
                   first, with a warning naming the others)
  --direction-catalog FILE
                   the host's style catalog (a JSON array of cards {id, label, mood?,
                   references?, palette?, displayFont?, bodyFont?}) for <question-form>
                   direction-cards questions whose cards the host supplies; needed to
                   write them in a protocol that lists its options
  --strict         fail (exit 1) instead of dropping or approximating anything
  --json           print {ok, value, warnings} or {ok, error} as JSON on standard output
${commonHelp()}`,
  async run(args, io) {
    const { values, file, logLevel } = parseCommand("translate", args, {
      ...JSON_FLAG,
      from: { type: "string" },
      to: { type: "string" },
      form: { type: "string" },
      "direction-catalog": { type: "string" },
      strict: { type: "boolean" },
    });
    if (values.help) {
      io.stdout(translateCommand.help);
      return EXIT.ok;
    }
    const to = protocolOption(values.to, "--to");
    if (to === undefined) throw new UsageError("--to is required");
    const from = protocolOption(values.from, "--from");
    const catalog = await readDirectionCatalog(io, values["direction-catalog"]);
    const input = parseInput(await io.readInput(file), from, file);
    const result = !catalog.ok
      ? catalog
      : !input.ok
        ? input
        : translate(input.value, {
            to,
            from,
            formId: values.form,
            strict: values.strict,
            directionCatalog: catalog.value,
          });
    return printResult(io, result, { json: values.json, logLevel });
  },
};
