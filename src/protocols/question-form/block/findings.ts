import * as v from "valibot";
import { type Issue, type IssueCode, type PathSegment, problem, warning } from "../../../model/index.js";
import type { JsonValue } from "../../../model/json-text.js";
import { fromValibot } from "../../valibot-issues.js";

export type Json = { [key: string]: JsonValue };

/** An issue still carrying its offset in the message, before it is given a line and column. */
export interface Located {
  issue: Issue;
  offset: number;
}

/** Collects the errors and warnings found while reading one block, at their offsets in the message. */
export class Findings {
  readonly errors: Located[] = [];
  readonly warnings: Located[] = [];

  error(code: IssueCode, path: PathSegment[], message: string, offset: number): void {
    this.errors.push({ issue: problem(code, path, message), offset });
  }

  warn(code: IssueCode, path: PathSegment[], message: string, offset: number): void {
    this.warnings.push({ issue: warning(code, path, message), offset });
  }
}

/**
 * Reports what reading a body finds, each problem at the offset of the value its path names
 * (`at`; a body read on its own, for a partial view, passes `() => 0`).
 */
export class BodyReport {
  constructor(
    readonly findings: Findings,
    private readonly at: (path: readonly PathSegment[]) => number,
  ) {}

  check(schema: v.GenericSchema, value: JsonValue, path: PathSegment[]): boolean {
    const result = v.safeParse(schema, value);
    if (result.success) return true;
    // The one converter: the schemas' own messages kept, valibot's said for a person.
    for (const issue of fromValibot(result.issues, path)) this.error(issue.code, issue.path, issue.message);
    return false;
  }

  unknownKeys(object: Json, known: ReadonlySet<string>, path: PathSegment[]): void {
    for (const key of Object.keys(object)) {
      if (!known.has(key))
        this.warn("unknown_key", [...path, key], `the key "${key}" is not part of the protocol; it is ignored`);
    }
  }

  ignoreUnless(raw: Json, path: PathSegment[], key: string, applies: boolean, why: string): void {
    if (!applies && raw[key] !== undefined) this.warn("ignored_key", [...path, key], `${why}; \`${key}\` is ignored`);
  }

  error(code: IssueCode, path: PathSegment[], message: string): void {
    this.findings.error(code, path, message, this.at(path));
  }

  warn(code: IssueCode, path: PathSegment[], message: string): void {
    this.findings.warn(code, path, message, this.at(path));
  }
}

/** A JSON value when it is a string. */
export function str(value: JsonValue | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}
