/**
 * Model fields for the writers' tests, each with the defaults a reader gives (id `a`, optional, one
 * option), `more` over them; and what a result said, as code and model path.
 */
import type { Result } from "../../src/model/index.js";

type More = Record<string, unknown>;

export const text = (more: More = {}) => ({ kind: "text", id: "a", required: false, ...more });
export const number = (more: More = {}) => ({ kind: "number", id: "a", required: false, integer: false, ...more });
export const choice = (more: More = {}) => ({
  kind: "choice",
  id: "a",
  required: false,
  multiple: false,
  options: [{ value: "x", label: "X" }],
  ...more,
});
export const resource = (more: More = {}) => ({
  kind: "resource",
  id: "a",
  required: false,
  multiple: false,
  options: [{ uri: "https://a.example/1", name: "one" }],
  ...more,
});
export const file = (more: More = {}) => ({
  kind: "file",
  id: "a",
  required: false,
  multiple: false,
  options: [],
  pick: { kind: "file" },
  ...more,
});

/** Warnings (or the failure's code and issues) as code and model path. */
export function said(result: Result<unknown>): unknown {
  return result.ok
    ? result.warnings.map((issue) => [issue.code, issue.path.join(".")])
    : [result.error.code, result.error.issues.map((issue) => [issue.code, issue.path.join(".")])];
}
