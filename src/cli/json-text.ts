import { jsonSyntaxError } from "../text/json-text.js";
import { LineIndex } from "../text/line-index.js";
import { type Result, failure, problem, success } from "../model/index.js";

export { jsonSyntaxError as findJsonSyntaxError } from "../text/json-text.js";

/**
 * Parses JSON text; a syntax error is an `invalid_json` failure located by line and column
 * (1-based, UTF-16 code units, as every located issue is) and worded by formgate's JSON reader.
 * A leading byte-order mark is skipped, as editors do.
 */
export function parseJsonText(text: string): Result<unknown> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return success(JSON.parse(body));
  } catch {
    const found = jsonSyntaxError(body) ?? { offset: 0, message: "it cannot be read" };
    const issue = {
      ...problem("invalid_json", [], `The input is not valid JSON: ${found.message}.`),
      ...new LineIndex(body).at(found.offset),
    };
    return failure(
      "invalid_json",
      [issue],
      `The input is not valid JSON at line ${issue.line}, column ${issue.column}: ${found.message}.`,
    );
  }
}
