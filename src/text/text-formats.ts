import type { TextFormat } from "../../generated/form-model.js";

/**
 * What each text format accepts, said once: the answer check (`matchesFormat`) and, for the
 * formats MCP's string schema lacks, the `pattern` the JSON-Schema writers put in their place
 * are both made from this table, so a host checking the pattern and formgate checking the
 * answer cannot disagree. Lenient where HTML inputs are (a `date-time` may omit seconds and
 * zone, as `datetime-local` produces). Documented in docs/model.md ("Answer rules").
 */
interface FormatRule {
  /** An ECMA-262 pattern (read with the `u` flag) the whole answer must match. */
  pattern: string;
  /** A check beyond the pattern (a calendar date, a URL that parses); a format written as a pattern has none. */
  also?: (value: string) => boolean;
}

const DATE = "\\d{4}-\\d{2}-\\d{2}";
const TIME = "([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d+)?)?([Zz]|[+-]([01]\\d|2[0-3]):[0-5]\\d)?";

export const TEXT_FORMAT_RULES: Readonly<Record<TextFormat, FormatRule>> = {
  email: { pattern: "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$" },
  uri: { pattern: "^[A-Za-z][A-Za-z0-9+.-]*:", also: (v) => URL.canParse(v) },
  date: { pattern: `^${DATE}$`, also: isCalendarDate },
  time: { pattern: `^${TIME}$` },
  "date-time": {
    pattern: `^${DATE}[Tt ]${TIME}$`,
    also: (v) => isCalendarDate(v.slice(0, 10)),
  },
  color: { pattern: "^#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$" },
  // At least one digit: "(( ))" is not a telephone number.
  tel: { pattern: "^(?=[^0-9]*[0-9])\\+?[0-9 ()./-]{3,32}$" },
};

const COMPILED = new Map(
  Object.entries(TEXT_FORMAT_RULES).map(([format, rule]) => [format, new RegExp(rule.pattern, "u")]),
);

/** Whether a (non-empty) text answer is what its format says. */
export function matchesFormat(format: TextFormat, value: string): boolean {
  const rule = TEXT_FORMAT_RULES[format];
  return (COMPILED.get(format) as RegExp).test(value) && (rule.also?.(value) ?? true);
}

function isCalendarDate(date: string): boolean {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  return parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === day;
}
