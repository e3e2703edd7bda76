import { type DirectionCatalog, type Result, failure, problem, success } from "../model/index.js";
import { type Protocol, type ProtocolName, isProtocolName, protocolNames, protocols } from "../protocols/index.js";
import { type CliIo, UsageError } from "./io.js";
import { parseJsonText } from "./json-text.js";
import { isChatText } from "../gateway/chat-text.js";
export type { CliIssueCodes } from "./codes.js";

/** The protocol names as help and usage lines list them, from the registry. */
export const PROTOCOL_LIST = protocolNames.join(", ");

/**
 * Turns a command's input text into the value a protocol reads: the text itself for a
 * text protocol, otherwise parsed JSON. Without a named protocol, text that is not JSON is
 * chat text when a text protocol claims it, or when it does not begin as JSON does (`{` or
 * `[`); text that begins as JSON is reported as JSON, with the line and column of its
 * syntax error. Empty input is an error of its own (`empty_input`).
 */
export function parseInput(text: string, as: ProtocolName | undefined, source: string): Result<unknown> {
  const empty = emptyInput(text, source, "there is no form or answer to read");
  if (empty !== undefined) return empty;
  if (as !== undefined && (protocols[as] as Protocol).textInput) return success(text);
  const json = parseJsonText(text);
  if (json.ok || as !== undefined) return json;
  return isChatText(text) ? success(text) : json;
}

/**
 * `--direction-catalog FILE`: the host's style catalog, a JSON array of cards, for
 * `<question-form>` direction-cards questions that take their cards from the host. The
 * library checks the cards (`invalid_direction_catalog`); this reads the JSON.
 */
export async function readDirectionCatalog(
  io: CliIo,
  file: string | undefined,
): Promise<Result<DirectionCatalog | undefined>> {
  if (file === undefined) return success(undefined);
  const text = await io.readInput(file);
  return emptyInput(text, file, "there is no catalog to read") ?? (parseJsonText(text) as Result<DirectionCatalog>);
}

function emptyInput(text: string, source: string, what: string): Result<never> | undefined {
  if (text.replace(/^\ufeff/, "").trim() !== "") return undefined;
  return failure("empty_input", [
    problem("empty_input", [], `${source === "-" ? "Standard input" : `The file ${source}`} is empty: ${what}.`),
  ]);
}

/** Checks a protocol name given on the command line. */
export function protocolOption(name: string | undefined, flag: string) {
  if (name === undefined) return undefined;
  if (!isProtocolName(name)) throw new UsageError(`${flag}: unknown protocol "${name}"; use one of: ${PROTOCOL_LIST}`);
  return name;
}
