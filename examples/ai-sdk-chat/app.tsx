/**
 * The AI SDK chat example's page: a `useChat` app that shows formgate's forms both ways a model
 * asks, live while they stream, and answered afterwards (docs/ai-sdk.md, "React").
 */
import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithToolCalls, type UIMessage } from "ai";
import { type FormResponse, questionFormProtocol, readReply, writeDismissal } from "formgate";
import { type FormgateDataTypes, type FormgateFormData, answerToolPart, readToolPart } from "formgate/ai-sdk";
import { FormgateForm, useMessageForms } from "formgate/react";
import { type FormEvent, useMemo, useState } from "react";
import { createRoot } from "react-dom/client";

type ChatMessage = UIMessage<unknown, FormgateDataTypes>;
type Part = ChatMessage["parts"][number];
type Send = (text: string) => void;

function App() {
  const { messages, sendMessage, addToolOutput, status } = useChat<ChatMessage>({
    transport: new DefaultChatTransport({ api: "/api/chat" }),
    // A Data tool call answered in the page goes back to the model by itself.
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
  });
  const [draft, setDraft] = useState("");
  const busy = status === "submitted" || status === "streaming";
  const send: Send = (text) => void sendMessage({ text });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === "") return;
    send(draft);
    setDraft("");
  };
  return (
    <main>
      <h1>AI SDK chat with formgate</h1>
      <div role="log" aria-label="Conversation" aria-busy={busy}>
        {messages.map((message, index) => (
          <Message
            key={message.id}
            message={message}
            reply={textOf(messages[index + 1])}
            send={send}
            answerTool={(output) => void addToolOutput(output)}
          />
        ))}
      </div>
      <div className="suggestions">
        <button type="button" disabled={busy} onClick={() => send("Plan a party")}>
          Plan a party
        </button>
        <button type="button" disabled={busy} onClick={() => send("Book a meeting room")}>
          Book a meeting room
        </button>
      </div>
      <form className="composer" onSubmit={submit}>
        <label>
          Message <input value={draft} onChange={(event) => setDraft(event.target.value)} />
        </label>
        <button type="submit" disabled={busy}>
          Send
        </button>
      </form>
    </main>
  );
}

/** A message's text; the next user message's text is what answers the forms of the one before it. */
function textOf(message: ChatMessage | undefined): string | undefined {
  if (message?.role !== "user") return undefined;
  return message.parts.map((part) => (part.type === "text" ? part.text : "")).join("");
}

interface MessageProps {
  message: ChatMessage;
  reply: string | undefined;
  send: Send;
  answerTool: (output: Parameters<ReturnType<typeof useChat<ChatMessage>>["addToolOutput"]>[0]) => void;
}

function Message({ message, reply, send, answerTool }: MessageProps) {
  // The forms of <question-form> blocks, by id, as questionFormChunkTransform wrote them.
  const forms = new Map<string, FormgateFormData>();
  for (const part of message.parts)
    if (part.type === "data-formgate-form" && part.id !== undefined) forms.set(part.id, part.data as FormgateFormData);
  return (
    <article className={`message ${message.role}`} aria-label={message.role === "user" ? "You" : "Assistant"}>
      {message.parts.map((part, index) => {
        if (part.type === "text")
          return message.role === "user" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a message's parts only grow, each staying at its index
            <p key={index} className="text">
              {part.text}
            </p>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: a message's parts only grow, each staying at its index
            <Prose key={index} part={part} forms={forms} reply={reply} send={send} />
          );
        // biome-ignore lint/suspicious/noArrayIndexKey: a message's parts only grow, each staying at its index
        if (readToolPart(part) !== undefined) return <DataToolPart key={index} part={part} answerTool={answerTool} />;
        return null;
      })}
    </article>
  );
}

/** The assistant's text: its prose, and each <question-form> block as its form, where it stands. */
function Prose({
  part,
  forms,
  reply,
  send,
}: {
  part: Extract<Part, { type: "text" }>;
  forms: Map<string, FormgateFormData>;
  reply: string | undefined;
  send: Send;
}) {
  const segments = useMessageForms(part.text, { streaming: part.state === "streaming" });
  return segments.map((segment, index) => {
    if (segment.kind === "text")
      return (
        // biome-ignore lint/suspicious/noArrayIndexKey: a text's segments only grow, each staying at its index
        <p key={index} className="text">
          {segment.text}
        </p>
      );
    const data = forms.get(segment.id);
    // biome-ignore lint/suspicious/noArrayIndexKey: a text's segments only grow, each staying at its index
    return data === undefined ? null : <QuestionForm key={index} data={data} reply={reply} send={send} />;
  });
}

/** A <question-form> form: answered by a user message, `[form answers — id]` or a dismissal notice. */
function QuestionForm({ data, reply, send }: { data: FormgateFormData; reply: string | undefined; send: Send }) {
  const { form, partial } = data;
  const response = form !== undefined && reply !== undefined ? readReply(reply, form) : undefined;
  if (data.state === "invalid") return <p role="alert">The assistant sent a form that could not be read.</p>;
  const shown = form ?? partial;
  if (shown === undefined) return null;
  const answer = (given: FormResponse) => {
    if (form === undefined) return;
    if (given.action !== "accept") return send(writeDismissal(given.action, form));
    const written = questionFormProtocol.writeAnswers(given, form);
    if (written.ok) send(written.value);
  };
  return (
    <FormgateForm className="form" form={shown} onResponse={answer} {...(response !== undefined && { response })} />
  );
}

/** A call of the Data tool: its form as its input streams, then answered through addToolOutput. */
function DataToolPart({ part, answerTool }: { part: Part; answerTool: MessageProps["answerTool"] }) {
  const view = useMemo(() => readToolPart(part), [part]);
  if (view === undefined) return null;
  if (view.status === "failed") return <p role="alert">The assistant sent a form that could not be shown.</p>;
  const shown = view.form ?? view.partial;
  if (shown === undefined) return null;
  const answer = (response: FormResponse) => {
    const output = answerToolPart(part, response);
    if (output.ok) answerTool(output.value);
  };
  return (
    <FormgateForm
      className="form"
      form={shown}
      onResponse={answer}
      {...(view.response !== undefined && { response: view.response })}
    />
  );
}

const root = document.getElementById("root");
if (root !== null) createRoot(root).render(<App />);
