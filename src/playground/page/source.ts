/**
 * The source editor's text as a protocol reads it, and where in that text each problem is:
 * a line and column for chat text, a JSON path for JSON forms.
 */
import { type Issue, problem } from "../../model/index.js";
import { type Protocol, type ProtocolName, protocols } from "../../protocols/index.js";
import { offsetOf, parseJson } from "../../protocols/question-form/json.js";
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
  const lines = lineStarts(text);
  const atLine = (issue: Issue): number | undefined =>
    issue.line === undefined ? undefined : (lines[issue.line - 1] ?? text.length) + (issue.column ?? 1) - 1;
  if (as !== undefined && (protocols[as] as Protocol).textInput)
    return { input: text, offsetOf: (issue) => atLine(issue) ?? 0 };
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const json = parseJson(text.slice(bom));
  if (json.ok) {
    const { value, positions } = json;
    const root = text.slice(bom).search(/\S/);
    return {
      input: JSON.parse(text.slice(bom)) as unknown,
      offsetOf: (issue) => atLine(issue) ?? bom + offsetOf(value, positions, issue.path, root),
    };
  }
  if (as === undefined && isChatText(text)) return { input: text, offsetOf: (issue) => atLine(issue) ?? 0 };
  const offset = bom + json.offset;
  const syntaxError = {
    ...problem("invalid_json", [], `The source is not valid JSON: ${json.message}.`),
    ...lineAndColumn(lines, offset),
  };
  return { input: undefined, syntaxError, offsetOf: (issue) => atLine(issue) ?? 0 };
}

/** The offset where each line starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/** The 1-based line and column of an offset. */
function lineAndColumn(starts: number[], offset: number): { line: number; column: number } {
  let line = 0;
  while (line + 1 < starts.length && (starts[line + 1] as number) <= offset) line++;
  return { line: line + 1, column: offset - (starts[line] as number) + 1 };
}
