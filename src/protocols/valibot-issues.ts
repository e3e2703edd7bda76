import type { BaseIssue } from "valibot";
import type { Issue, PathSegment } from "../model/index.js";
import { Report } from "./report/index.js";

/** valibot's issues under `at`, for the protocols not yet reporting into a `Report` (src/protocols/report/). */
export function fromValibot(issues: readonly BaseIssue<unknown>[], at: readonly PathSegment[] = []): Issue[] {
  const report = Report.start(at);
  report.valibot(issues);
  return report.errors;
}
