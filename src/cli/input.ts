import { type Result, failure, problem, success } from "../model/index.js";
import { type Protocol, type ProtocolName, isProtocolName, protocols } from "../protocols/index.js";
import { UsageError } from "./io.js";

/**
 * Turns a command's input text into the value a protocol reads: the text itself for a
 * text protocol, otherwise parsed JSON. Without a named protocol, text that is not JSON is
 * taken as chat text when a text protocol exists.
 */
export function parseInput(text: string, as: ProtocolName | undefined): Result<unknown> {
  const textProtocol = (Object.values(protocols) as Protocol[]).some((protocol) => protocol.textInput);
  if (as !== undefined && (protocols[as] as Protocol).textInput) return success(text);
  const json = parseJson(text);
  if (!json.ok && as === undefined && textProtocol) return success(text);
  return json;
}

/** Checks a protocol name given on the command line. */
export function protocolOption(name: string | undefined, flag: string) {
  if (name === undefined) return undefined;
  if (!isProtocolName(name)) throw new UsageError(`${flag}: unknown protocol "${name}"; use one of: ${Object.keys(protocols).join(", ")}`);
  return name;
}

function parseJson(text: string): Result<unknown> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return success(JSON.parse(body));
  } catch (error) {
    return failure("invalid_json", [problem("invalid_json", [], `is not valid JSON: ${(error as Error).message}`)]);
  }
}
