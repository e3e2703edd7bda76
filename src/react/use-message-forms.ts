import { useMemo, useRef } from "react";
import { type MessageSegment, MessageSegments, withReply } from "./message-segments.js";

export interface MessageFormsOptions {
  /**
   * Whether the message is still arriving: while it is, a block not yet closed is a form in the
   * `streaming` state; once it is not, such a block is prose, as `readMessage` reads it.
   */
  streaming: boolean;
  /**
   * The text of the user message that follows this one, when there is one: a form it answers
   * (`[form answers — id]`) or dismisses (`writeDismissal`'s notice) is `answered`, with its response.
   */
  reply?: string;
}

/**
 * The prose and `<question-form>` forms of a chat message's text (docs/ai-sdk.md, "React"). Read
 * incrementally while `text` grows from render to render (what is new is read, once); a text
 * that does not extend the last one is read from its start.
 */
export function useMessageForms(text: string, options: MessageFormsOptions): MessageSegment[] {
  const reader = useRef<MessageSegments | null>(null);
  reader.current ??= new MessageSegments();
  const segments = reader.current.read(text, options.streaming);
  return useMemo(() => withReply(segments, options.reply), [segments, options.reply]);
}
