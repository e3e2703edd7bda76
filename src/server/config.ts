import { failure, formatCount, problem, success, type Result } from "../model/index.js";

/** The variable that sets how long the server waits for the person to submit a form. */
export const TIMEOUT_VARIABLE = "DATA_FORMS_TIMEOUT_MS";
/** Fifteen minutes: the documented default wait. */
export const DEFAULT_TIMEOUT_MS = 15 * 60 * 1000;
/** The documented range of `DATA_FORMS_TIMEOUT_MS`, in milliseconds. */
export const MIN_TIMEOUT_MS = 1;
export const MAX_TIMEOUT_MS = 1_500_000;

/** Loopback only unless told otherwise: the server shows forms to whoever can reach it. */
export const DEFAULT_HTTP_HOST = "127.0.0.1";
/** A port unlikely to clash with common development servers (3000, 5173, 8000, 8080). */
export const DEFAULT_HTTP_PORT = 7801;

/** What the server needs from its environment. */
export interface ServerConfig {
  /** How long to wait for a submission; passed as both the request timeout and the maximum total timeout. */
  timeoutMs: number;
}

/**
 * Reads the server's configuration from its environment. An unset or empty
 * `DATA_FORMS_TIMEOUT_MS` means the default; anything but a plain decimal integer from
 * 1 to 1,500,000 is an `invalid_config` failure, so a typo stops the server at start
 * instead of silently waiting for the wrong time.
 */
export function readServerConfig(env: Readonly<Record<string, string | undefined>>): Result<ServerConfig> {
  const raw = env[TIMEOUT_VARIABLE];
  if (raw === undefined || raw.trim() === "") return success({ timeoutMs: DEFAULT_TIMEOUT_MS });
  const text = raw.trim();
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < MIN_TIMEOUT_MS || value > MAX_TIMEOUT_MS) {
    return failure("invalid_config", [
      problem(
        "invalid_timeout",
        [TIMEOUT_VARIABLE],
        `must be a whole number of milliseconds from ${MIN_TIMEOUT_MS} to ${formatCount(MAX_TIMEOUT_MS)} (15 minutes when unset), got ${JSON.stringify(raw)}`,
      ),
    ]);
  }
  return success({ timeoutMs: value });
}
