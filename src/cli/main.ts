import { type CliIo, EXIT, UsageError, processIo } from "./io.js";
import { answersCommand, answersHelp } from "./commands/answers.js";
import { translateCommand, translateHelp } from "./commands/translate.js";
import { validateCommand, validateHelp } from "./commands/validate.js";
import { playgroundCommand, playgroundHelp } from "./commands/playground.js";
import { SERVE_USAGE, runServe } from "../server/index.js";

type Command = { summary: string; help: string; run(args: string[], io: CliIo): Promise<number> };

/** Every command, one line each. */
const commands: Record<string, Command> = {
  translate: { summary: "translate a form from one protocol into another", help: translateHelp, run: translateCommand },
  answers: { summary: "translate answers to a form from one protocol into another", help: answersHelp, run: answersCommand },
  validate: { summary: "check a form and print every problem, located", help: validateHelp, run: validateCommand },
  playground: { summary: "serve the playground page: a form in every protocol, previewed and answered", help: playgroundHelp, run: playgroundCommand },
  serve: { summary: "run the MCP server for form_elicitation_v2_request (stdio, or --http)", help: SERVE_USAGE, run: runServe },
};

function mainHelp(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  const lines = Object.entries(commands).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`);
  return `Usage: formgate <command> [options]

formgate translates interactive forms between the Data tool contract
(form_elicitation_v2_request), native OpenAI elicitation (openai/elicitation/create)
and the <question-form> chat text protocol.

Commands:
${lines.join("\n")}

Run \`formgate <command> --help\` for a command's options.
`;
}

/**
 * Runs the CLI on raw arguments (without `node` and the script) and returns the exit
 * status: 0 success, 1 input rejected, 2 usage error. Never throws.
 */
export async function main(rawArgs: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = rawArgs;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout(mainHelp());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (command === undefined) {
    io.stderr(`formgate: unknown command "${name}"\n\n${mainHelp()}`);
    return EXIT.usage;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError || isParseArgsError(error)) {
      io.stderr(`formgate ${name}: ${(error as Error).message}\n\n${command.help}`);
      return EXIT.usage;
    }
    if (isFileError(error)) {
      io.stderr(`formgate ${name}: cannot read ${error.path ?? "input"}: ${error.code}\n`);
      return EXIT.usage;
    }
    io.stderr(`formgate ${name}: internal error: ${error instanceof Error ? error.stack : String(error)}\n`);
    return EXIT.rejected;
  }
}

function isParseArgsError(error: unknown): boolean {
  return error instanceof Error && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS");
}

function isFileError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && "code" in error && "syscall" in error;
}
