import type { LanguageModelV3StreamPart, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { simulateReadableStream } from "ai";
import { MockLanguageModelV3, MockLanguageModelV4 } from "ai/test";

/**
 * A model of the AI SDK's own test kit (ai/test's MockLanguageModelV4) streaming the parts
 * given, each step's in turn, as a provider would (the stream parts of @ai-sdk/provider's
 * LanguageModelV4StreamPart).
 */
export function mockModel(...steps: LanguageModelV4StreamPart[][]): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doStream: steps.map((chunks) => ({
      stream: simulateReadableStream({ chunks, chunkDelayInMs: null, initialDelayInMs: null }),
    })),
  });
}

/** The same, as a model of the previous specification (MockLanguageModelV3), which AI SDK 7 still runs. */
export function mockModelV3(...steps: LanguageModelV3StreamPart[][]): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doStream: steps.map((chunks) => ({
      stream: simulateReadableStream({ chunks, chunkDelayInMs: null, initialDelayInMs: null }),
    })),
  });
}

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

/** A step whose model calls a tool with `input`, its JSON text streamed in pieces of `size` characters. */
export function toolCallStep(
  toolName: string,
  input: unknown,
  size = 7,
  toolCallId = "call-1",
): LanguageModelV4StreamPart[] {
  const text = JSON.stringify(input);
  const deltas: LanguageModelV4StreamPart[] = [];
  for (let i = 0; i < text.length; i += size)
    deltas.push({ type: "tool-input-delta", id: toolCallId, delta: text.slice(i, i + size) });
  return [
    { type: "stream-start", warnings: [] },
    { type: "tool-input-start", id: toolCallId, toolName },
    ...deltas,
    { type: "tool-input-end", id: toolCallId },
    { type: "tool-call", toolCallId, toolName, input: text },
    { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage },
  ];
}

/** A step whose model writes `text` in pieces of `size` characters. */
export function textStep(text: string, size = 16, id = "text-1"): LanguageModelV4StreamPart[] {
  const deltas: LanguageModelV4StreamPart[] = [];
  for (let i = 0; i < text.length; i += size) deltas.push({ type: "text-delta", id, delta: text.slice(i, i + size) });
  return [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id },
    ...deltas,
    { type: "text-end", id },
    { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
  ];
}
