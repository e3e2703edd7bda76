import { readMessage } from "../../src/protocols/question-form/index.js";
import { transcript } from "../generators/transcript.js";
import { compare } from "../measure.js";
import { type Row, timedRow } from "../report.js";

/**
 * A way of reading a 1 MB assistant message of 100 forms as it streams, against `readMessage` on the whole text
 * (issue 30: linear over a stream; goal at most 10×). `prepare` gets the message and returns the timed run (what
 * it does before, such as cutting chunks, is not timed), which returns how many forms it read ready.
 */
export async function streamedMessageFigure(name: string, prepare: (text: string) => () => number): Promise<Row> {
  const { text, forms } = transcript({ bytes: 1024 * 1024, forms: 100 });
  const run = prepare(text);
  const streamed = () => {
    const ready = run();
    if (ready !== forms) throw new Error(`read ${ready} forms, expected ${forms}`);
  };
  const timing = await compare({
    formgate: streamed,
    reference: () => readMessage(text),
    options: { min_samples: 4, min_cpu_time: 300e6 },
    rounds: 5,
  });
  return timedRow(name, "readMessage, whole text", timing, 10);
}
