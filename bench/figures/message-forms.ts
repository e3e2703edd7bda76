import { readMessage } from "../../src/protocols/question-form/index.js";
import { MessageSegments } from "../../src/react/message-segments.js";
import { transcript } from "../generators/transcript.js";
import { compare } from "../measure.js";
import { type Row, timedRow } from "../report.js";

/**
 * `useMessageForms`'s reading (formgate/react) over a 1 MB assistant message growing by 16
 * characters a render, as a chat re-renders a streaming message, then read once more when it
 * ends, against `readMessage` on the whole text (issue 30: linear over a stream; goal at most 10×).
 */
export async function messageFormsFigure(): Promise<Row> {
  const { text, forms } = transcript({ bytes: 1024 * 1024, forms: 100 });
  const rendered = () => {
    const reader = new MessageSegments();
    for (let at = 16; at < text.length; at += 16) reader.read(text.slice(0, at), true);
    const ready = reader.read(text, false).filter((segment) => segment.kind === "form" && segment.state === "ready");
    if (ready.length !== forms) throw new Error(`read ${ready.length} forms, expected ${forms}`);
  };
  const whole = () => readMessage(text);
  const timing = await compare({
    formgate: rendered,
    reference: whole,
    options: { min_samples: 4, min_cpu_time: 300e6 },
    rounds: 5,
  });
  return timedRow(
    "useMessageForms, 1 MB message growing 16 characters a render",
    "readMessage, whole text",
    timing,
    10,
  );
}
