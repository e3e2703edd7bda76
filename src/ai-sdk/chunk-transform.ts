import type { UIMessageChunk } from "ai";
import {
  createMessageReader,
  DEFAULT_FORM_ID,
  type MessageReader,
  type ReaderEvent,
} from "../protocols/question-form/index.js";
import { type FormgateFormChunk, formChunk } from "./form-data.js";

/** One text of the message (a `text-start` id) and the blocks of it still streaming, by the offset they start at. */
interface TextState {
  reader: MessageReader;
  open: Map<number, string>;
}

/**
 * Passes every chunk of a UI message stream through unchanged and in order, and adds a
 * `data-formgate-form` chunk for each `<question-form>` block of its text as it arrives
 * (`streaming`, with the questions so far), is complete (`ready`) or broken (`invalid`); each
 * text id is read on its own, incrementally (docs/ai-sdk.md).
 */
export function questionFormChunkTransform(): TransformStream<UIMessageChunk, UIMessageChunk> {
  const texts = new Map<string, TextState>();
  const endText = (id: string, emit: (chunk: FormgateFormChunk) => void) => {
    const text = texts.get(id);
    if (text === undefined) return;
    texts.delete(id);
    const events = text.reader.end();
    const unclosed = events.flatMap((event) => (event.kind === "warning" ? [event.issue] : []));
    forward(text, events, emit);
    for (const formId of text.open.values()) emit(formChunk(formId, { state: "invalid", issues: unclosed }));
  };
  return new TransformStream<UIMessageChunk, UIMessageChunk>({
    transform(chunk, controller) {
      controller.enqueue(chunk);
      const emit = (data: FormgateFormChunk) => controller.enqueue(data);
      if (chunk.type === "text-start")
        texts.set(chunk.id, { reader: createMessageReader({ partial: true }), open: new Map() });
      else if (chunk.type === "text-delta") {
        const text = texts.get(chunk.id);
        if (text !== undefined) forward(text, text.reader.push(chunk.delta), emit);
      } else if (chunk.type === "text-end") endText(chunk.id, emit);
    },
    flush(controller) {
      for (const id of [...texts.keys()]) endText(id, (data) => controller.enqueue(data));
    },
  });
}

/** The data chunks of a reader's events. */
function forward(text: TextState, events: ReaderEvent[], emit: (chunk: FormgateFormChunk) => void): void {
  for (const event of events) {
    if (event.kind === "partial") {
      // A block without an id in its open tag reads as the default id until its body's has
      // arrived: its live view waits for a question, by when the body's id (its first key, as
      // written) is known, so a part is not left behind under the default id.
      if (event.id === DEFAULT_FORM_ID && event.fields.length === 0 && event.arriving === undefined) continue;
      text.open.set(event.start, event.id);
      emit(formChunk(event.id, { state: "streaming", partial: event, issues: [] }));
    } else if (event.kind === "form") {
      text.open.delete(event.segment.start);
      emit(formChunk(event.segment.id, { state: "ready", form: event.segment.form, issues: event.segment.warnings }));
    } else if (event.kind === "error") {
      const id = event.segment.id ?? text.open.get(event.segment.start) ?? DEFAULT_FORM_ID;
      text.open.delete(event.segment.start);
      emit(formChunk(id, { state: "invalid", issues: event.segment.issues }));
    }
  }
}
