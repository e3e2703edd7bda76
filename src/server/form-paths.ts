import type { ClientCapabilities } from "@modelcontextprotocol/server";
import { wrapMrtr } from "../protocols/json-schema/index.js";
import { ELICITATION_METHOD, mcpProtocol } from "../protocols/mcp/index.js";
import { NATIVE_METHOD, nativeProtocol } from "../protocols/native/index.js";
import type { Protocol } from "../protocols/protocol.js";
import { supportsNativeForms, supportsStandardForms } from "./client-capability.js";

/** Which protocol carries a form to the host. */
export type FormPathName = "native" | "mcp";

/**
 * One way of showing a form to a host: the protocol that writes the request and reads
 * the answer, and how the request travels in each MCP era.
 */
export interface FormPath {
  name: FormPathName;
  protocol: Pick<Protocol<Record<string, unknown>>, "writeForm" | "readAnswers">;
  /** 2025 era: the method of the server-initiated request. */
  legacyMethod: string;
  /** 2026-07-28: the params of the `elicitation/create` input request. */
  inputRequestParams(params: Record<string, unknown>): Record<string, unknown>;
}

/**
 * Native forms. On a 2026-07-28 connection the OpenAI specification puts the schema in
 * `_meta["openai/elicitation"].requestedSchema` and leaves the standard one empty.
 */
export const nativePath: FormPath = {
  name: "native",
  protocol: nativeProtocol as FormPath["protocol"],
  legacyMethod: NATIVE_METHOD,
  inputRequestParams: wrapMrtr,
};

/** Standard MCP forms (`elicitation/create`, the `mcp` protocol): the same params in both eras. */
export const standardPath: FormPath = {
  name: "mcp",
  protocol: mcpProtocol as FormPath["protocol"],
  legacyMethod: ELICITATION_METHOD,
  inputRequestParams: (params) => params,
};

export function formPathNamed(name: FormPathName): FormPath {
  return name === "native" ? nativePath : standardPath;
}

/**
 * The path for a client: native when it shows native forms (on 2026-07-28 it must also
 * offer `elicitation.form`, since the input request is an `elicitation/create`), else
 * standard forms when it shows those and the fallback is on, else none.
 */
export function choosePath(
  capabilities: ClientCapabilities | undefined,
  modern: boolean,
  standardFallback: boolean,
): FormPath | undefined {
  const standard = supportsStandardForms(capabilities);
  if (supportsNativeForms(capabilities) && (standard || !modern)) return nativePath;
  if (standard && standardFallback) return standardPath;
  return undefined;
}
