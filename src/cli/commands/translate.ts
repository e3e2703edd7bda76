import { detectProtocol, translate } from "../../gateway/translate.js";
import { success } from "../../model/index.js";
import { JSON_FLAG, parseCommand, renamedFlag } from "../flags.js";
import { type Command, EXIT, UsageError } from "../io.js";
import { PROTOCOL_LIST, parseInput, protocolOption, readDirectionCatalog } from "../input.js";
import { commonHelp } from "../help.js";
import { printResult } from "../report.js";
import { WRITE_OPTION_FLAGS, writeOptionValues, writeOptionsHelp } from "../write-options.js";

/** How the errors of detecting the input's protocol name the flag that says it. */
const FROM = { option: "--from" };

export const translateCommand: Command = {
  summary: "translate a form from one protocol into another",
  json: true,
  help:
    `Usage: formgate translate [--from PROTOCOL] --to PROTOCOL [--form-id ID] [--direction-catalog FILE] ` +
    `[--strict] [--json] [FILE|-]

Translates a form from one protocol into another through the form model. Writes the
protocol's JSON, or its text for a text protocol (question-form). Everything dropped or
approximated is printed as a warning on standard error.

PROTOCOL is one of: ${PROTOCOL_LIST}.

Options:
  --from PROTOCOL  the input's protocol; detected if omitted
  --to PROTOCOL    the protocol to write
  --form-id ID     the form to translate, when a chat message holds several (default: the
                   first, with a warning naming the others; --form ID is its deprecated
                   name, still read, with a warning)
  --direction-catalog FILE
                   the host's style catalog (a JSON array of cards {id, label, mood?,
                   references?, palette?, displayFont?, bodyFont?}) for <question-form>
                   direction-cards questions whose cards the host supplies; needed to
                   write them in a protocol that lists its options
${writeOptionsHelp()}
  --strict         fail (exit 1) instead of dropping or approximating anything
  --json           print {ok, value, warnings} or {ok, error} as JSON on standard output
${commonHelp()}`,
  async run(args, io) {
    const { values, file, logLevel } = parseCommand("translate", args, {
      ...JSON_FLAG,
      from: { type: "string" },
      to: { type: "string" },
      "form-id": { type: "string" },
      form: { type: "string" },
      "direction-catalog": { type: "string" },
      strict: { type: "boolean" },
      ...WRITE_OPTION_FLAGS,
    });
    if (values.help) {
      io.stdout(translateCommand.help);
      return EXIT.ok;
    }
    const to = protocolOption(values.to, "--to");
    if (to === undefined) throw new UsageError("--to is required");
    const from = protocolOption(values.from, "--from");
    // `answers` calls it --form-id too (its --form was a file): one name for one job.
    const formId = renamedFlag("translate", values, ["form-id", "form"], io, logLevel);
    const catalog = await readDirectionCatalog(io, values["direction-catalog"]);
    const input = parseInput(await io.readInput(file), from, file);
    const protocol = from !== undefined ? success(from) : input.ok ? detectProtocol(input.value, FROM) : input;
    // The first input that cannot be read is the result; otherwise the translation.
    const read = [catalog, input, protocol].find((step) => !step.ok);
    const result =
      read ??
      translate(input.ok ? input.value : undefined, {
        to,
        from: protocol.ok ? protocol.value : undefined,
        formId,
        strict: values.strict,
        directionCatalog: catalog.ok ? catalog.value : undefined,
        ...writeOptionValues(values),
      });
    return printResult(io, result, { json: values.json, logLevel });
  },
};
