import { type WriteOption, protocolNames, protocols } from "../protocols/index.js";

/**
 * Every option a protocol's writer declares (ACP's `--session-id`), from the registry: no command names one by hand.
 */
export const WRITE_OPTIONS: readonly WriteOption[] = protocolNames.flatMap(
  (name) => (protocols[name] as { writeOptions?: readonly WriteOption[] }).writeOptions ?? [],
);

/** The parseArgs flags of the write options. */
export const WRITE_OPTION_FLAGS = Object.fromEntries(
  WRITE_OPTIONS.map((option) => [option.flag, { type: "string" as const }]),
);

/**
 * `--help` lines for the write options, in the column of the command's own options: one per flag, a flag two protocols
 * declare (acp's and mastra's `--tool-call-id`) with both their lines joined.
 */
export function writeOptionsHelp(): string {
  const helps = new Map<string, string[]>();
  for (const option of WRITE_OPTIONS) helps.set(option.flag, [...(helps.get(option.flag) ?? []), option.help]);
  return [...helps]
    .map(([name, lines]) => {
      const flag = `  --${name} ID`;
      const help = lines.join("; ");
      return flag.length < 19 ? `${flag.padEnd(19)}${help}` : `${flag}\n${" ".repeat(19)}${help}`;
    })
    .join("\n");
}

/** The write options the command line gave, keyed as `translate` takes them. */
export function writeOptionValues(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const option of WRITE_OPTIONS) {
    const value = values[option.flag];
    if (typeof value === "string") out[option.key] = value;
  }
  return out;
}
