import { MessageSegments } from "../../src/react/message-segments.js";
import type { Row } from "../report.js";
import { streamedMessageFigure } from "./streamed-message.js";

/**
 * `useMessageForms`'s reading (formgate/react) over a 1 MB assistant message growing by 16
 * characters a render, as a chat re-renders a streaming message, then read once more when it
 * ends, against `readMessage` on the whole text (issue 30: linear over a stream; goal at most 10×).
 */
export function messageFormsFigure(): Promise<Row> {
  return streamedMessageFigure("useMessageForms, 1 MB message growing 16 characters a render", (text) => () => {
    const reader = new MessageSegments();
    for (let at = 16; at < text.length; at += 16) reader.read(text.slice(0, at), true);
    const segments = reader.read(text, false);
    return segments.filter((segment) => segment.kind === "form" && segment.state === "ready").length;
  });
}
