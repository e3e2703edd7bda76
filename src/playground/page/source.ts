/**
 * The source editor's text as a protocol reads it, and where in that text each problem is:
 * a line and column for chat text, a JSON path for JSON forms.
 */
import { type Issue, MAX_PARSED_JSON_DEPTH, problem } from "../../model/index.js";
import { type Protocol, type ProtocolName, protocols } from "../../protocols/index.js";
import { readJson } from "../../text/json-text.js";
import { LineIndex } from "../../text/line-index.js";
import { isChatText } from "../../gateway/chat-text.js";

/** The source read: the value protocols read, a syntax problem, and where problems sit in the text. */
export interface Source {
  /** What `validate` and `readForm` are given: parsed JSON, or the text itself for a text protocol. */
  input: unknown;
  /** A JSON syntax error, located. */
  syntaxError?: Issue;
  /** The offset in the text that a problem points at. */
  offsetOf(issue: Issue): number;
}

/**
 * Reads the editor's text: as text for a text protocol (named, or detected when the text is not
 * JSON), otherwise as JSON. Text that starts like JSON but is not, and that no text protocol
 * claims, is a syntax error, not a chat.
 */
export function readSource(text: string, as: ProtocolName | undefined): Source {
  const lines = new LineIndex(text);
  const atLine = (issue: Issue): number | undefined =>
    issue.line === undefined ? undefined : lines.offset(issue.line, issue.column);
  if (as !== undefined && (protocols[as] as Protocol).textInput)
    return { input: text, offsetOf: (issue) => atLine(issue) ?? 0 };
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const json = readJson(text.slice(bom), MAX_PARSED_JSON_DEPTH);
  if (json.ok) {
    const root = text.slice(bom).search(/\S/);
    return {
      input: JSON.parse(text.slice(bom)) as unknown,
      offsetOf: (issue) => atLine(issue) ?? bom + json.at(issue.path, root),
    };
  }
  if (as === undefined && isChatText(text)) return { input: text, offsetOf: (issue) => atLine(issue) ?? 0 };
  const offset = bom + json.offset;
  const syntaxError = {
    ...problem("invalid_json", [], `The source is not valid JSON: ${json.message}.`),
    ...lines.at(offset),
  };
  return { input: undefined, syntaxError, offsetOf: (issue) => atLine(issue) ?? 0 };
}
