import packageJson from "../../package.json" with { type: "json" };
import type { Failure } from "../model/index.js";
import { type CliIo, type Command, EXIT, UsageError, processIo } from "./io.js";
import { answersCommand } from "./commands/answers.js";
import { playgroundCommand } from "./commands/playground.js";
import { serveCommand } from "./commands/serve.js";
import { translateCommand } from "./commands/translate.js";
import { validateCommand } from "./commands/validate.js";
import { PROTOCOL_LIST } from "./input.js";
import { printJson } from "./report.js";

/** Every command, one line each. */
const commands: Record<string, Command> = {
  translate: translateCommand,
  answers: answersCommand,
  validate: validateCommand,
  serve: serveCommand,
  playground: playgroundCommand,
};

function mainHelp(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  const lines = Object.entries(commands).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`);
  return `Usage: formgate <command> [options]

formgate translates interactive forms between protocols through one form model.
Protocols: ${PROTOCOL_LIST}.

Commands:
${lines.join("\n")}

Options:
  -V, --version  print formgate's version
  -h, --help     show this help

Run \`formgate help <command>\` or \`formgate <command> --help\` for a command's options.
`;
}

/**
 * Runs the CLI on raw arguments (without `node` and the script) and returns the exit
 * status: 0 success, 1 input rejected, 2 usage error. Never throws.
 */
export async function main(rawArgs: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = rawArgs;
  if (name === "--version" || name === "-V") {
    io.stdout(`${packageJson.version}\n`);
    return EXIT.ok;
  }
  if (name === undefined || name === "--help" || name === "-h" || (name === "help" && rest.length === 0)) {
    io.stdout(mainHelp());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const [commandName, args] = name === "help" ? [rest[0] as string, ["--help"]] : [name, rest];
  const command = Object.hasOwn(commands, commandName) ? commands[commandName] : undefined;
  if (command === undefined) {
    io.stderr(`formgate: unknown command "${commandName}"\n\n${mainHelp()}`);
    return EXIT.usage;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    const failure = commandFailure(error);
    if (command.json && wantsJson(args)) printJson(io, { ok: false, error: failure });
    else if (failure.code === "usage_error")
      io.stderr(
        `formgate ${commandName}: ${failure.message}\n${(error as UsageError).showHelp ? `\n${command.help}` : ""}`,
      );
    else
      io.stderr(
        `formgate ${commandName}: ` +
          `${failure.code === "internal_error" && error instanceof Error ? error.stack : failure.message}\n`,
      );
    return failure.code === "internal_error" ? EXIT.rejected : EXIT.usage;
  }
}

/** A command's thrown error as the failure `--json` prints: a usage error, an unreadable file, or a bug. */
function commandFailure(error: unknown): Failure {
  if (error instanceof UsageError) return { code: "usage_error", message: error.message, issues: [] };
  if (isFileError(error))
    return { code: "unreadable_input", message: `cannot read ${error.path ?? "input"}: ${error.code}`, issues: [] };
  return {
    code: "internal_error",
    message: `internal error: ${error instanceof Error ? error.message : String(error)}`,
    issues: [],
  };
}

/** `--json` among a command's arguments (before `--`), even when the rest failed to parse. */
function wantsJson(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  return (end === -1 ? args : args.slice(0, end)).includes("--json");
}

function isFileError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && "code" in error && "syscall" in error;
}
