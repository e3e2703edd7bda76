import type { IssueCode } from "../model/index.js";
import { formatCount } from "../text/count.js";

/** A value read, or why it cannot be. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; code: IssueCode; message: string };

/**
 * One setting of the server: its flag (for those `formgate serve` takes), its variable, its
 * default, how a value is read, and the line that documents it. docs/server.md's table,
 * server.json's variables and `serve --help` are written from these (`settings-doc.ts`).
 */
export interface Setting<T> {
  /** The flag, without `--`; absent for a setting read from the environment only. */
  flag?: string;
  /** What the flag's value is called (`N`, `MS`); absent for a switch. */
  placeholder?: string;
  /** The flag may be given several times (its lists add up). */
  multiple?: true;
  variable: string;
  /** The value when unset; undefined: none. */
  default: T | undefined;
  /** The default as a person reads it, in docs/server.md. */
  defaultDoc: string;
  /** Reads a value given (trimmed, never empty). */
  parse(text: string): Parsed<T>;
  /** The setting in one line: its docs row, its server.json description, its help. */
  doc: string;
  /** What docs/server.md's table says beyond the line. */
  note?: string;
  /** What the variable column says after the name (a range, how a switch is written). */
  variableNote?: string;
  /** Only HTTP serving has it: its flag is refused without `--http`. */
  http: boolean;
  /** server.json's format of the variable. */
  format: "number" | "boolean" | "string";
  /** A secret (a key): server.json says so. */
  secret?: true;
}

/** A whole-number setting, whose unit the bounds' messages name. */
export interface IntegerSetting extends Setting<number> {
  default: number;
  unit: string;
}

const MIB = 1024 * 1024;
const MINUTE = 60_000;

/**
 * A default as messages and docs say it: a time in minutes or seconds, a size in MiB, a count
 * with thousands separators.
 */
export function defaultWords(value: number, unit: string): string {
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (unit === "milliseconds" && value >= MINUTE && value % MINUTE === 0) return count(value / MINUTE, "minute");
  if (unit.startsWith("milliseconds") && value >= 1000 && value % 1000 === 0) return count(value / 1000, "second");
  if (unit === "bytes" && value >= MIB && value % MIB === 0) return `${value / MIB} MiB`;
  return formatCount(value);
}

export interface IntegerSpec {
  variable: string;
  flag?: string;
  placeholder?: string;
  default: number;
  unit: string;
  min?: number;
  /** Absent: any whole number from `min` on. */
  max?: number;
  http?: boolean;
  doc: string;
  note?: string;
}

/** The range every bound takes unless it says otherwise. */
const BOUND_MAX = 1_000_000_000;

/** A whole number in a range; a time's mistake is `invalid_timeout`, any other `invalid_value`. */
export function integer(spec: IntegerSpec): IntegerSetting {
  const { min = 1, max, unit } = spec;
  const code = unit === "milliseconds" ? "invalid_timeout" : "invalid_value";
  const words = defaultWords(spec.default, unit);
  const range =
    max === undefined
      ? `of at least ${formatCount(min)}`
      : `of ${unit} from ${formatCount(min)} to ${formatCount(max)} (${words} when unset)`;
  const fits = (value: number) => Number.isSafeInteger(value) && value >= min && (max === undefined || value <= max);
  return {
    ...optional(spec),
    variable: spec.variable,
    default: spec.default,
    defaultDoc: words === formatCount(spec.default) ? String(spec.default) : `${spec.default} (${words})`,
    unit,
    parse: (text) => {
      const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
      if (fits(value)) return { ok: true, value };
      return { ok: false, code, message: `must be a whole number ${range}, got ${JSON.stringify(text)}` };
    },
    doc: spec.doc,
    variableNote:
      max === undefined || (min === 1 && max === BOUND_MAX) ? undefined : `${formatCount(min)}–${formatCount(max)}`,
    http: spec.http ?? false,
    format: "number",
  };
}

/** A bound (docs/security.md): a flag named for its key, any whole number from 1 unless it says otherwise. */
export function bound(
  key: string,
  spec: Omit<IntegerSpec, "flag" | "placeholder" | "max"> & { max?: number },
): IntegerSetting {
  return integer({
    ...spec,
    flag: key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`),
    placeholder: "N",
    max: spec.max ?? BOUND_MAX,
  });
}

/** An on/off setting: `1` or `true` on, `0` or `false` off. */
export function onOff(spec: {
  variable: string;
  flag?: string;
  doc: string;
  defaultDoc: string;
  http?: boolean;
}): Setting<boolean> {
  return {
    ...optional(spec),
    variable: spec.variable,
    default: false,
    defaultDoc: spec.defaultDoc,
    parse: (text) => {
      const value = text.toLowerCase();
      if (value === "1" || value === "true") return { ok: true, value: true };
      if (value === "0" || value === "false") return { ok: true, value: false };
      return {
        ok: false,
        code: "invalid_switch",
        message: `must be 1 or true (on), 0 or false (off), got ${JSON.stringify(text)}`,
      };
    },
    doc: spec.doc,
    variableNote: "`1` or `true`",
    http: spec.http ?? false,
    format: "boolean",
  };
}

/** A comma-separated list (empty items skipped), each item read by `item`. */
export function list<T>(spec: {
  variable: string;
  flag?: string;
  placeholder?: string;
  doc: string;
  variableNote?: string;
  http?: boolean;
  secret?: true;
  item: (item: string) => Parsed<T>;
}): Setting<T[]> {
  return {
    ...optional(spec),
    ...(spec.flag !== undefined && { multiple: true as const }),
    variable: spec.variable,
    default: undefined,
    defaultDoc: "none",
    parse: (text) => {
      const items: T[] = [];
      for (const part of text.split(",")) {
        if (part.trim() === "") continue;
        const item = spec.item(part.trim());
        if (!item.ok) return item;
        items.push(item.value);
      }
      return { ok: true, value: items };
    },
    doc: spec.doc,
    ...(spec.variableNote !== undefined && { variableNote: spec.variableNote }),
    http: spec.http ?? false,
    format: "string",
    ...(spec.secret && { secret: true as const }),
  };
}

/** The optional members a spec gives, without writing `undefined` into the setting. */
function optional(spec: { flag?: string; placeholder?: string; note?: string }) {
  return {
    ...(spec.flag !== undefined && { flag: spec.flag }),
    ...(spec.placeholder !== undefined && { placeholder: spec.placeholder }),
    ...(spec.note !== undefined && { note: spec.note }),
  };
}
