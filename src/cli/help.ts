import { COMMON_FLAGS, type FlagSpec, type FlagTable } from "./flags.js";

/** A titled list in a command's help: flags, or other names (variables) with their lines. */
export interface HelpSection {
  title: string;
  flags?: FlagTable;
  /** Each a name and its line, listed after the flags. */
  names?: [name: string, help: string][];
}

/** What a command's help says besides its flags. */
export interface HelpSpec {
  command: string;
  /** What follows the flags on the usage line (`[FILE|-]`). */
  operands?: string;
  /** The paragraphs between the usage line and the options. */
  about: string;
  /** The options; the first section's flags make the usage line, and the common flags end it. */
  sections: HelpSection[];
  /** The paragraphs after the options. */
  after?: string;
}

/** How wide the help is, and the widest a flag may be before its text starts on the next line. */
const WIDTH = 100;
const MAX_COLUMN = 26;

/** A command's help, from its flag tables: the usage line, the text, each section's flags aligned, the common flags. */
export function renderHelp(spec: HelpSpec): string {
  const shown = spec.sections.map((section, index) => ({
    title: section.title,
    entries: [
      ...listed(index === 0 ? { ...section.flags, ...COMMON_FLAGS } : (section.flags ?? {})).map(
        ([name, flag]): [string, string] => [label(name, flag), flag.help ?? ""],
      ),
      ...(section.names ?? []).map(([name, help]): [string, string] => [`  ${name}`, help]),
    ],
  }));
  const labels = shown.flatMap(({ entries }) => entries.map(([text]) => text));
  const column = Math.min(MAX_COLUMN, Math.max(...labels.map((text) => text.length)) + 2);
  const usage = wrap(
    [`Usage: formgate ${spec.command}`, ...usageWords(spec.sections[0]?.flags ?? {}), spec.operands ?? ""].filter(
      (word) => word !== "",
    ),
    WIDTH,
  ).join("\n    ");
  const sections = shown.map(
    ({ title, entries }) => `${title}:\n${entries.map(([text, help]) => line(text, help, column)).join("")}`,
  );
  const after = spec.after === undefined ? "" : `\n${spec.after.trimEnd()}\n`;
  return `${usage}\n\n${spec.about.trimEnd()}\n\n${sections.join("\n")}${after}`;
}

/** The flags a help lists: those with a help line. */
function listed(flags: FlagTable): [string, FlagSpec][] {
  return Object.entries(flags).filter(([, flag]) => flag.help !== undefined);
}

function label(name: string, flag: FlagSpec): string {
  const short = flag.short === undefined ? "" : `-${flag.short}, `;
  return `  ${short}--${name}${flag.value === undefined ? "" : ` ${flag.value}`}`;
}

function usageWords(flags: FlagTable): string[] {
  return listed(flags).map(([name, flag]) => {
    const word = `--${name}${flag.value === undefined ? "" : ` ${flag.value}`}`;
    return flag.required ? word : `[${word}]`;
  });
}

/** Words joined into lines of at most `width` characters (a longer word on a line of its own). */
function wrap(words: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    if (current !== "" && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else current = current === "" ? word : `${current} ${word}`;
  }
  lines.push(current);
  return lines;
}

/** One flag's line: its label, then its text from the column, wrapped at the help's width. */
function line(labelText: string, help: string, column: number): string {
  const lines = wrap(help.split(" "), WIDTH - column);
  const indent = " ".repeat(column);
  const [first = "", ...rest] = lines;
  const head =
    labelText.length + 2 <= column ? `${labelText.padEnd(column)}${first}` : `${labelText}\n${indent}${first}`;
  return `${[head, ...rest.map((text) => `${indent}${text}`)].join("\n")}\n`;
}
