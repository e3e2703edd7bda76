import { acpProtocol } from "./acp/index.js";
import { agUiProtocol } from "./ag-ui/index.js";
import { askUserQuestionProtocol } from "./ask-user-question/index.js";
import { dataProtocol } from "./data/index.js";
import { langGraphProtocol } from "./langgraph/index.js";
import { mastraProtocol } from "./mastra/index.js";
import { mcpProtocol } from "./mcp/index.js";
import { nativeProtocol } from "./native/index.js";
import { questionFormProtocol } from "./question-form/index.js";
import type { Protocol } from "./protocol.js";

/** Every protocol formgate speaks, one line each: adding a protocol means adding a folder and a line. */
export const protocols = {
  data: dataProtocol,
  native: nativeProtocol,
  "question-form": questionFormProtocol,
  mcp: mcpProtocol,
  acp: acpProtocol,
  "ag-ui": agUiProtocol,
  "ask-user-question": askUserQuestionProtocol,
  langgraph: langGraphProtocol,
  mastra: mastraProtocol,
} satisfies Record<string, Protocol>;

/** The name of a protocol formgate speaks. */
export type ProtocolName = keyof typeof protocols;

/** The wire form of each protocol (what `translate` writes), e.g. `WireForm<"native">`. */
export type WireForm<P extends ProtocolName> =
  (typeof protocols)[P] extends Protocol<infer Form, unknown> ? Form : never;

/** The wire answers of each protocol (what `translateAnswers` writes). */
export type WireAnswers<P extends ProtocolName> =
  (typeof protocols)[P] extends Protocol<unknown, infer Answers> ? Answers : never;

/** The options each protocol's `writeForm` takes (ACP's scope), e.g. `WriteOptions<"acp">`. */
export type WriteOptions<P extends ProtocolName> =
  (typeof protocols)[P] extends Protocol<unknown, unknown, infer Options> ? Options : never;

export const protocolNames = Object.keys(protocols) as ProtocolName[];

export function isProtocolName(name: string): name is ProtocolName {
  return Object.hasOwn(protocols, name);
}

/**
 * A protocol whose forms and answers are JSON values (request params, tool arguments and
 * results) rather than chat text: what a host sends to a form renderer, and what the bridge
 * posts in a text-only chat as a block.
 */
export type JsonProtocolName = { [P in ProtocolName]: WireForm<P> extends string ? never : P }[ProtocolName];

export const jsonProtocolNames = protocolNames.filter(isJsonProtocol);

export function isJsonProtocol(name: ProtocolName): name is JsonProtocolName {
  return (protocols[name] as Protocol).textInput !== true;
}

export type {
  Protocol,
  WriteOption,
  ReadAnswersOptions,
  FormSelection,
  FormSummary,
  TextSummary,
  Specificity,
} from "./protocol.js";
