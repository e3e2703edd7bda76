import type { UIMessageChunk } from "ai";
import { formChunkTransformer } from "../../src/ai-sdk/chunk-transform.js";
import type { Row } from "../report.js";
import { streamedMessageFigure } from "./streamed-message.js";

/**
 * `questionFormChunkTransform` over a 1 MB assistant message streamed as UI message chunks of
 * 16 characters, against `readMessage` on the whole text. The transformer's own `transform`
 * is called with a controller that only collects, so the figure is the package's code, not the
 * stream machinery's (issue 30: at most 10×).
 */
export function chunkTransformFigure(): Promise<Row> {
  return streamedMessageFigure("questionFormChunkTransform, 1 MB message in 16-character text deltas", (text) => {
    const chunks: UIMessageChunk[] = [{ type: "text-start", id: "t" }];
    for (let at = 0; at < text.length; at += 16)
      chunks.push({ type: "text-delta", id: "t", delta: text.slice(at, at + 16) });
    chunks.push({ type: "text-end", id: "t" });
    return () => {
      // The controller keeps nothing but the count of forms read: passing chunks on is the stream's work.
      let ready = 0;
      const controller = {
        enqueue: (chunk: UIMessageChunk) => {
          if (chunk.type === "data-formgate-form" && (chunk.data as { state: string }).state === "ready") ready++;
        },
      };
      const transformer = formChunkTransformer();
      for (const chunk of chunks) transformer.transform(chunk, controller);
      return ready;
    };
  });
}
