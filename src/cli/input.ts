import { type Issue, type Result, failure, problem, success } from "../model/index.js";
import { type Protocol, type ProtocolName, isProtocolName, protocols } from "../protocols/index.js";
import { UsageError } from "./io.js";

/** The input of a command: the text as read, and the protocol it is in. */
export interface ReadInput {
  protocol: ProtocolName;
  /** JSON value for JSON protocols, the text itself for text protocols. */
  value: unknown;
}

/** Parses `text` for the named protocol, or detects the protocol when none is named. */
export function parseInput(text: string, as: string | undefined): Result<ReadInput> {
  if (as !== undefined && !isProtocolName(as)) throw new UsageError(`unknown protocol "${as}"; use one of: ${Object.keys(protocols).join(", ")}`);
  const all: Protocol[] = Object.values(protocols);
  if (as !== undefined && protocols[as].textInput) return success({ protocol: as, value: text });
  const json = parseJson(text);
  const candidates = json.ok ? all.filter((protocol) => !protocol.textInput) : all.filter((protocol) => protocol.textInput);
  if (!json.ok && (as !== undefined || candidates.length === 0)) return json;
  const value = json.ok ? json.value : text;
  if (as !== undefined) return success({ protocol: as, value });
  const matches = candidates.filter((protocol) => protocol.looksLike(value));
  const only = matches.length === 1 ? matches[0] : undefined;
  if (only !== undefined && isProtocolName(only.name)) return success({ protocol: only.name, value });
  return failure("unknown_protocol", [problem("unknown_protocol", [], matches.length === 0 ? "is not a form of any protocol formgate knows; name it with --as" : "could be more than one protocol; name it with --as")]);
}

function parseJson(text: string): Result<unknown> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return success(JSON.parse(body));
  } catch (error) {
    const issue: Issue = problem("invalid_json", [], `is not valid JSON: ${(error as Error).message}`);
    return failure("invalid_json", [issue]);
  }
}
