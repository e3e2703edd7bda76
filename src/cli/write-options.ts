import { type WriteOption, protocolNames, protocols } from "../protocols/index.js";

/**
 * Every option a protocol's writer declares (ACP's `--session-id`), from the registry: no command names one by hand.
 */
export const WRITE_OPTIONS: readonly WriteOption[] = protocolNames.flatMap(
  (name) => (protocols[name] as { writeOptions?: readonly WriteOption[] }).writeOptions ?? [],
);

/**
 * The write options' flags, in the flag table's shape: one per flag, a flag two protocols declare (acp's and
 * mastra's `--tool-call-id`) with both their help lines joined.
 */
export const WRITE_OPTION_FLAGS: Readonly<Record<string, { value: "ID"; help: string }>> = Object.fromEntries(
  [...new Set(WRITE_OPTIONS.map((option) => option.flag))].map((flag) => [
    flag,
    {
      value: "ID",
      help: WRITE_OPTIONS.filter((option) => option.flag === flag)
        .map((option) => option.help)
        .join("; "),
    },
  ]),
);

/** The write options the command line gave, keyed as `translate` takes them. */
export function writeOptionValues(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const option of WRITE_OPTIONS) {
    const value = values[option.flag];
    if (typeof value === "string") out[option.key] = value;
  }
  return out;
}
