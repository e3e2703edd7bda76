import type { FormResponse } from "../../generated/form-answers.js";
import { type FormModel, type Issue, type Result, failure, problem, success } from "../model/index.js";
import { mcpProtocol } from "../protocols/mcp/index.js";
import { type FormgateFormChunk, formChunk } from "./form-data.js";

/** Where the bridge writes a form: `createUIMessageStream`'s `writer`, or any object with a `write`. */
export interface FormChunkWriter {
  write(chunk: FormgateFormChunk): void;
}

/**
 * The MCP elicitation result the bridge answers with (formgate's `ElicitationResult`), written as a type
 * literal so that it fits the MCP SDKs' open result types (`@ai-sdk/mcp`'s `ElicitResult`).
 */
export type ElicitationResult =
  | { action: "accept"; content: { [id: string]: string | number | boolean | string[] } }
  | { action: "decline" | "cancel" };

export interface ElicitationBridgeOptions {
  /** Forms waiting for an answer at once; one more is refused (its promise rejects). Default 100. */
  maxPending?: number;
  /** The id of a new form's data part; `mcp-` and a random UUID by default. */
  createId?: () => string;
}

export interface ElicitationHandleOptions {
  /** Ends the wait: the request is answered `cancel` and its form forgotten. */
  signal?: AbortSignal;
}

/** MCP form elicitation, shown in the chat and answered by the person (docs/ai-sdk.md, "MCP elicitation"). */
export interface ElicitationBridge {
  /**
   * Reads an elicitation request (what `@ai-sdk/mcp`'s `onElicitationRequest` handler receives,
   * either MCP era, or its params), writes its form to the UI message stream and waits for
   * `answer`. Rejects, with an Error whose `cause` is the `Failure`, when the request cannot be
   * shown (a URL-mode request, a schema the MCP layer refuses) or too many are pending.
   */
  handle(request: unknown, writer: FormChunkWriter, options?: ElicitationHandleOptions): Promise<ElicitationResult>;
  /**
   * Answers the form of data part `id`: a response that satisfies it resolves the request; any
   * other is refused and the form stays pending.
   */
  answer(id: string, response: FormResponse): Result<ElicitationResult>;
  /** The ids of the forms waiting for an answer. */
  pending(): string[];
}

interface Pending {
  form: FormModel;
  writer: FormChunkWriter;
  resolve(result: ElicitationResult): void;
}

const DEFAULT_MAX_PENDING = 100;

export function elicitationBridge(options: ElicitationBridgeOptions = {}): ElicitationBridge {
  const waiting = new Map<string, Pending>();
  const maxPending = options.maxPending ?? DEFAULT_MAX_PENDING;
  const createId = options.createId ?? (() => `mcp-${globalThis.crypto.randomUUID()}`);

  return {
    handle(request, writer, { signal } = {}) {
      const read = mcpProtocol.readForm(request);
      if (!read.ok) return Promise.reject(new Error(read.error.message, { cause: read.error }));
      if (waiting.size >= maxPending) {
        const error = failure("transport_error", [
          problem("transport_error", [], `${maxPending} forms are already waiting for an answer; this one is refused.`),
        ]);
        return Promise.reject(new Error(`${maxPending} forms are already waiting for an answer.`, { cause: error }));
      }
      const id = createId();
      const form = read.value;
      return new Promise<ElicitationResult>((resolve) => {
        const end = (result: ElicitationResult) => {
          waiting.delete(id);
          signal?.removeEventListener("abort", abort);
          resolve(result);
        };
        const abort = () => end({ action: "cancel" });
        if (signal?.aborted) return abort();
        // Written first: a stream already closed rejects the request, and nothing is left waiting.
        writer.write(formChunk(id, { state: "ready", form, issues: read.warnings, source: "mcp" }));
        signal?.addEventListener("abort", abort, { once: true });
        waiting.set(id, { form, writer, resolve: end });
      });
    },

    answer(id, response) {
      const entry = waiting.get(id);
      if (entry === undefined)
        return failure("form_not_found", [
          problem("form_not_found", [], `No form ${JSON.stringify(id)} is waiting for an answer.`),
        ]);
      const written = mcpProtocol.writeAnswers(response, entry.form);
      if (!written.ok) return written;
      writeAnswered(entry.writer, id, entry.form, response, written.warnings);
      entry.resolve(written.value);
      return success(written.value, written.warnings);
    },

    pending: () => [...waiting.keys()],
  };
}

/** Shows the form answered; a stream already closed (the tool call ended another way) keeps the form as it was. */
function writeAnswered(writer: FormChunkWriter, id: string, form: FormModel, response: FormResponse, issues: Issue[]) {
  try {
    writer.write(formChunk(id, { state: "answered", form, response, issues, source: "mcp" }));
  } catch {
    // The UI message stream has ended: the answer still reaches the server.
  }
}
