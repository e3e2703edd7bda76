import type { WrittenSchema } from "../json-schema/index.js";
import type { AcpScope } from "./extensions.js";

/**
 * The params of ACP's form `elicitation/create` as formgate writes them (a subset of
 * `CreateElicitationRequest` in `@agentclientprotocol/sdk` 2.4.0; `test/acp/sdk.test.ts`
 * checks that the SDK's types and zod schemas take them). The scope is absent only when the
 * caller gave none (a warning says the host must add it).
 */
export type AcpRequestParams = Partial<AcpScope> & {
  mode: "form";
  message: string;
  requestedSchema: Omit<WrittenSchema, "type"> & { type?: "object"; _meta?: Record<string, unknown> };
  _meta?: Record<string, unknown>;
};

/** A `CreateElicitationResponse` as formgate writes it. */
export type AcpResponse =
  | { action: "accept"; content: Record<string, string | number | boolean | string[]> }
  | { action: "decline" | "cancel" };

/** The options of `writeAcpForm` (and of `translate` to acp): the scope the request is tied to. */
export interface AcpWriteOptions {
  /** The ACP session the elicitation belongs to (CLI: `--session-id`). */
  sessionId?: string;
  /** A tool call within that session (CLI: `--tool-call-id`). */
  toolCallId?: string;
  /** Instead of a session: the JSON-RPC request it is tied to (CLI: `--request-id`). */
  requestId?: string | number;
}
