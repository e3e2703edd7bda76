import { createHash } from "node:crypto";

/** How much a log line matters; a line without a level is `info`. */
export type LogLevel = "error" | "warn" | "info";

/** Writes one line to the server's log (standard error). */
export type Log = (line: string, level?: LogLevel) => void;

/** The most characters of one value (a message, a warning, an error) a log line quotes. */
export const MAX_LOGGED_VALUE = 300;
/** The most characters of one log line: a few values and their frame. */
export const MAX_LOG_LINE = 2000;

/**
 * A value as a log line may quote it: on one line, and cut at `max` characters, saying how
 * much was cut, so a client that sends a 3 MB string does not write a 3 MB line.
 */
export function capped(value: string, max = MAX_LOGGED_VALUE): string {
  return quoted(value.replace(/\s+/g, " ").trim(), max);
}

/** A client's value as the server quotes it: whole up to `max` characters, else cut, saying how much. */
export function quoted(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max)}… (${value.length - max} more characters)` : value;
}

/**
 * The log as the server uses it: every line capped at `MAX_LOG_LINE`, and a log that throws
 * (a broken pipe behind it) drops the line instead of ending the call that wrote it.
 */
export function guardedLog(log: Log): Log {
  return (line, level) => {
    try {
      log(line.length > MAX_LOG_LINE ? capped(line, MAX_LOG_LINE) : line, level);
    } catch {
      // A log line is never worth a tool call or the process.
    }
  };
}

/**
 * How a 2025-era session is named in the log: a short hash of its id. The id itself is the
 * session's bearer secret (whoever holds it can answer its forms), so it is never logged;
 * the same id always gives the same label, so an operator can still follow one session.
 */
export function sessionLabel(sessionId: string): string {
  return `#${createHash("sha256").update(sessionId).digest("hex").slice(0, 10)}`;
}
