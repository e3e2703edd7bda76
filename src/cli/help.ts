import { LOG_THRESHOLDS } from "./flags.js";

const COMMON_OPTIONS: [flag: string, text: string][] = [
  ["-q, --quiet", "print errors only (--log-level error)"],
  ["--log-level L", `what to print on standard error: ${LOG_THRESHOLDS.join(", ")} (default info)`],
  ["-h, --help", "show this help"],
];

/** The options every command takes, as each command's help ends, aligned to the command's column of descriptions. */
export function commonHelp(column = 19): string {
  return COMMON_OPTIONS.map(([flag, text]) => `${`  ${flag}`.padEnd(column)}${text}\n`).join("");
}
