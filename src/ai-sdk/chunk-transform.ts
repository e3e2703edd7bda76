import type { UIMessageChunk } from "ai";
import {
  createMessageReader,
  DEFAULT_FORM_ID,
  type MessageReader,
  type ReaderEvent,
} from "../protocols/question-form/index.js";
import { formChunk } from "./form-data.js";

/** Where the transform writes: its stream's controller. */
type Output = Pick<TransformStreamDefaultController<UIMessageChunk>, "enqueue">;

/**
 * One text of the message (a `text-start` id): its reader, the text not yet handed to it, and
 * the blocks still streaming, by the offset they start at.
 */
interface TextState {
  reader: MessageReader;
  held: string;
  open: Map<number, string>;
}

/**
 * Text deltas are handed to the reader once this many characters have gathered, at a character
 * that may end what a view shows (a tag's `>`, a question's `}`), and at the text's end: the
 * reader's cost per push, which tiny deltas (a token or two each) would pay tens of thousands of
 * times over a long message, is paid a few thousand times, and a view still changes as soon as a
 * tag or a question is whole (docs/ai-sdk.md, "How the transform reads").
 */
const HAND_OVER = 512;
const VIEW_CHANGES = /[>}]/;

/**
 * Passes every chunk of a UI message stream through unchanged and in order, and adds a
 * `data-formgate-form` chunk for each `<question-form>` block of its text as it arrives
 * (`streaming`, with the questions so far), is complete (`ready`) or broken (`invalid`); each
 * text id is read on its own, incrementally (docs/ai-sdk.md).
 */
export function questionFormChunkTransform(): TransformStream<UIMessageChunk, UIMessageChunk> {
  return new TransformStream(formChunkTransformer());
}

/** The transform's own work, apart from the stream machinery (which the benchmark leaves out). */
export function formChunkTransformer(): {
  transform(chunk: UIMessageChunk, controller: Output): void;
  flush(controller: Output): void;
} {
  const texts = new Map<string, TextState>();
  const endText = (id: string, controller: Output) => {
    const text = texts.get(id);
    if (text === undefined) return;
    texts.delete(id);
    const events = [...text.reader.push(text.held), ...text.reader.end()];
    const unclosed = events.flatMap((event) => (event.kind === "warning" ? [event.issue] : []));
    forward(text, events, controller);
    for (const formId of text.open.values())
      controller.enqueue(formChunk(formId, { state: "invalid", issues: unclosed }));
  };
  // No function is made per chunk: a stream of tiny deltas calls `transform` tens of thousands of times.
  return {
    transform(chunk, controller) {
      controller.enqueue(chunk);
      if (chunk.type === "text-start")
        texts.set(chunk.id, { reader: createMessageReader({ partial: true }), held: "", open: new Map() });
      else if (chunk.type === "text-delta") {
        const text = texts.get(chunk.id);
        if (text === undefined) return;
        text.held += chunk.delta;
        if (text.held.length < HAND_OVER && !VIEW_CHANGES.test(chunk.delta)) return;
        const held = text.held;
        text.held = "";
        forward(text, text.reader.push(held), controller);
      } else if (chunk.type === "text-end") endText(chunk.id, controller);
    },
    flush(controller) {
      for (const id of [...texts.keys()]) endText(id, controller);
    },
  };
}

/** The data chunks of a reader's events. */
function forward(text: TextState, events: ReaderEvent[], controller: Output): void {
  for (const event of events) {
    if (event.kind === "partial") {
      // A block without an id in its open tag reads as the default id until its body's has
      // arrived: its live view waits for a question, by when the body's id (its first key, as
      // written) is known, so a part is not left behind under the default id.
      if (event.id === DEFAULT_FORM_ID && event.fields.length === 0 && event.arriving === undefined) continue;
      const { start, line, column, ...partial } = event;
      text.open.set(start, event.id);
      controller.enqueue(formChunk(event.id, { state: "streaming", partial, issues: [] }));
    } else if (event.kind === "form") {
      text.open.delete(event.segment.start);
      controller.enqueue(
        formChunk(event.segment.id, { state: "ready", form: event.segment.form, issues: event.segment.warnings }),
      );
    } else if (event.kind === "error") {
      const id = event.segment.id ?? text.open.get(event.segment.start) ?? DEFAULT_FORM_ID;
      text.open.delete(event.segment.start);
      controller.enqueue(formChunk(id, { state: "invalid", issues: event.segment.issues }));
    }
  }
}
