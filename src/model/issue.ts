/** A step from a document's root to a value: a property name or an array index. */
export type PathSegment = string | number;

/** One problem found in an input, or one thing a translation dropped or approximated. */
export interface Issue {
  /** Stable machine-readable code, e.g. `invalid_type`, `duplicate_id`, `dropped`. */
  code: string;
  /** Path from the input's root to the offending value; empty for the input as a whole. */
  path: PathSegment[];
  /** What is wrong, or what was lost, in words a person can act on. */
  message: string;
  /** `error` rejects the input; `warning` reports a loss or an approximation and lets it through. */
  severity: "error" | "warning";
  /** 1-based line in a text input (a chat message), where the problem is. */
  line?: number;
  /** 1-based column (in UTF-16 code units) in a text input, where the problem is. */
  column?: number;
}

/** A rejected input: the protocol's error code, a summary, and every problem found. */
export interface Failure {
  /** The protocol's error code: `invalid_arguments`, `invalid_response`, `invalid_form`, … */
  code: string;
  /** One sentence summing up the problems. */
  message: string;
  /** Every problem found, not only the first. */
  issues: Issue[];
}

/** What every formgate reader, writer and translator returns: never a thrown exception. */
export type Result<T> =
  | { ok: true; value: T; warnings: Issue[] }
  | { ok: false; error: Failure };

/** A success carrying its warnings. */
export function success<T>(value: T, warnings: Issue[] = []): Result<T> {
  return { ok: true, value, warnings };
}

/** A failure whose message summarises its issues. */
export function failure<T = never>(code: string, issues: Issue[], summary?: string): Result<T> {
  return { ok: false, error: { code, message: summary ?? summarize(issues), issues } };
}

/** An issue of severity `error`. */
export function problem(code: string, path: PathSegment[], message: string): Issue {
  return { code, path, message, severity: "error" };
}

/** An issue of severity `warning`. */
export function warning(code: string, path: PathSegment[], message: string): Issue {
  return { code, path, message, severity: "warning" };
}

/** Formats a path the way a person reads it in JavaScript: `questions[2].options[0].id`. */
export function formatPath(path: readonly PathSegment[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) out += out === "" ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out === "" ? "(root)" : out;
}

function summarize(issues: readonly Issue[]): string {
  const first = issues[0];
  if (first === undefined) return "The input was rejected.";
  const where = first.path.length > 0 ? `${formatPath(first.path)}: ` : "";
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? "s" : ""})` : "";
  return `${where}${first.message}${more}`;
}
