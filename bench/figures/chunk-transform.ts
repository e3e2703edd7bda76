import type { UIMessageChunk } from "ai";
import { formChunkTransformer } from "../../src/ai-sdk/chunk-transform.js";
import { readMessage } from "../../src/protocols/question-form/index.js";
import { transcript } from "../generators/transcript.js";
import { compare } from "../measure.js";
import { type Row, timedRow } from "../report.js";

/**
 * `questionFormChunkTransform` over a 1 MB assistant message streamed as UI message chunks of
 * 16 characters, against `readMessage` on the whole text. The transformer's own `transform`
 * is called with a controller that only collects, so the figure is the package's code, not the
 * stream machinery's (issue 30: at most 10×).
 */
export async function chunkTransformFigure(): Promise<Row> {
  const { text, forms } = transcript({ bytes: 1024 * 1024, forms: 100 });
  const chunks: UIMessageChunk[] = [{ type: "text-start", id: "t" }];
  for (let at = 0; at < text.length; at += 16)
    chunks.push({ type: "text-delta", id: "t", delta: text.slice(at, at + 16) });
  chunks.push({ type: "text-end", id: "t" });
  const transformed = () => {
    // The controller keeps nothing but the count of forms read: passing chunks on is the stream's work.
    let ready = 0;
    const controller = {
      enqueue: (chunk: UIMessageChunk) => {
        if (chunk.type === "data-formgate-form" && (chunk.data as { state: string }).state === "ready") ready++;
      },
    };
    const transformer = formChunkTransformer();
    for (const chunk of chunks) transformer.transform(chunk, controller);
    if (ready !== forms) throw new Error(`read ${ready} forms, expected ${forms}`);
  };
  const whole = () => readMessage(text);
  const timing = await compare({
    formgate: transformed,
    reference: whole,
    options: { min_samples: 4, min_cpu_time: 300e6 },
    rounds: 5,
  });
  return timedRow(
    "questionFormChunkTransform, 1 MB message in 16-character text deltas",
    "readMessage, whole text",
    timing,
    10,
  );
}
