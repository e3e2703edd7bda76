import { LOG_LEVELS } from "./flags.js";

/** The options every command takes, as each command's help ends. */
export const COMMON_HELP = `  -q, --quiet      print errors only (--log-level error)
  --log-level L    what to print on standard error: ${LOG_LEVELS.join(", ")} (default info)
  -h, --help       show this help
`;
