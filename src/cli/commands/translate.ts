import { detectProtocol, translate } from "../../gateway/translate.js";
import { success } from "../../model/index.js";
import { parseCommand, renamedFlag } from "../flags.js";
import { type Command, EXIT, UsageError } from "../io.js";
import { PROTOCOL_LIST, parseInput, protocolOption, readDirectionCatalog } from "../input.js";
import { renderHelp } from "../help.js";
import { printResult } from "../report.js";
import { WRITE_OPTION_FLAGS, writeOptionValues } from "../write-options.js";

/** How the errors of detecting the input's protocol name the flag that says it. */
const FROM = { option: "--from" };

const TRANSLATE_FLAGS = {
  from: { value: "PROTOCOL", help: "the input's protocol; detected if omitted" },
  to: { value: "PROTOCOL", required: true, help: "the protocol to write" },
  "form-id": {
    value: "ID",
    help:
      "the form to translate, when a chat message holds several (default: the first, with a warning naming the " +
      "others; --form ID is its deprecated name, still read, with a warning)",
  },
  form: { value: "ID" },
  "direction-catalog": {
    value: "FILE",
    help:
      "the host's style catalog (a JSON array of cards {id, label, mood?, references?, palette?, displayFont?, " +
      "bodyFont?}) for <question-form> direction-cards questions whose cards the host supplies; needed to write " +
      "them in a protocol that lists its options",
  },
  strict: { help: "fail (exit 1) instead of dropping or approximating anything" },
  json: { help: "print {ok, value, warnings} or {ok, error} as JSON on standard output" },
} as const;

export const translateCommand: Command = {
  summary: "translate a form from one protocol into another",
  json: true,
  help: renderHelp({
    command: "translate",
    operands: "[FILE|-]",
    about: `Translates a form from one protocol into another through the form model. Writes the
protocol's JSON, or its text for a text protocol (question-form). Everything dropped or
approximated is printed as a warning on standard error.

PROTOCOL is one of: ${PROTOCOL_LIST}.`,
    sections: [
      { title: "Options", flags: TRANSLATE_FLAGS },
      { title: "Options of the protocols whose forms need them", flags: WRITE_OPTION_FLAGS },
    ],
  }),
  async run(args, io) {
    const { values, file, logLevel } = parseCommand("translate", args, { ...TRANSLATE_FLAGS, ...WRITE_OPTION_FLAGS });
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
