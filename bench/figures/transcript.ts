import type { FormModel } from "../../src/index.js";
import { createMessageReader, readMessage } from "../../src/protocols/question-form/index.js";
import { transcript } from "../generators/transcript.js";
import { compare } from "../measure.js";
import { scanForms } from "../references/scan.js";
import { type Row, timedRow } from "../report.js";

const REFERENCE = "indexOf + JSON.parse, whole text";

/**
 * Finding and reading every form of the 10 MB transcript: whole, and streamed in 4,096-
 * and 16-character string chunks (an LLM stream's text deltas; cut before timing), each
 * against the naive whole-text scan.
 */
export async function transcriptFigures(): Promise<Row[]> {
  const { text, forms } = transcript();
  const check = (found: number) => {
    if (found !== forms) throw new Error(`read ${found} forms, expected ${forms}`);
  };
  const reference = () => scanForms(text);
  // Runs take 5 to 300 ms: fewer, longer rounds, at least 4 runs each.
  const options = { min_samples: 4, min_cpu_time: 300e6 };
  const whole = await compare({
    formgate: () => check(readMessage(text).segments.filter((segment) => segment.kind === "form").length),
    reference,
    options,
    rounds: 5,
  });
  const rows = [timedRow("find and parse every form in the 10 MB transcript, whole text", REFERENCE, whole, 1.5)];
  for (const [size, goal] of [
    [4096, 1.5],
    [16, 6],
  ] as const) {
    const chunks = cut(text, size);
    const timing = await compare({ formgate: () => check(streamed(chunks).length), reference, options, rounds: 5 });
    rows.push(
      timedRow(
        `the same, streamed in ${size === 4096 ? "4 KB" : "16-byte"} chunks (${size} characters)`,
        REFERENCE,
        timing,
        goal,
      ),
    );
  }
  return rows;
}

/** What a host does with a stream: push each chunk, keep each form as it completes. */
function streamed(chunks: readonly string[]): FormModel[] {
  const reader = createMessageReader();
  const found: FormModel[] = [];
  const keep = (events: ReturnType<typeof reader.push>) => {
    for (const event of events) if (event.kind === "form") found.push(event.segment.form);
  };
  for (const chunk of chunks) keep(reader.push(chunk));
  keep(reader.end());
  return found;
}

function cut(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let at = 0; at < text.length; at += size) chunks.push(text.slice(at, at + size));
  return chunks;
}
