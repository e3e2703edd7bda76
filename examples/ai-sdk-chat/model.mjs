// The example's model: the AI SDK's own mock model (ai/test's MockLanguageModelV4), scripted to ask
// both ways and to answer what it is sent, so the example runs offline. It streams its text and
// its tool input in small pieces, `delay` ms apart, as a provider would.
import { simulateReadableStream } from "ai";
import { MockLanguageModelV4 } from "ai/test";

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

/** The `<question-form>` way: a form written in the assistant's text. */
export const PARTY_REPLY = `Happy to plan the party. A few details first:

<question-form id="party" title="Party details">
{
  "questions": [
    { "id": "host", "label": "Who is hosting?", "type": "text", "required": true },
    { "id": "size", "label": "How many guests?", "type": "radio", "options": ["Under 20", "20 to 50", "Over 50"], "required": true },
    { "id": "menu", "label": "Anything about the menu?", "type": "textarea" }
  ]
}
</question-form>

Once you answer, I will draft the invitation.`;

/** The Data tool way: a call of form_elicitation_v2_request. */
export const ROOM_REQUEST = {
  message: "Meeting room booking",
  questions: [
    {
      id: "room",
      type: "single_select",
      title: "Which room?",
      required: true,
      options: [
        { id: "atrium", title: "Atrium" },
        { id: "library", title: "Library" },
        { id: "studio", title: "Studio" },
      ],
    },
    { id: "people", type: "text", title: "How many people?", required: true, maxLength: 3 },
    { id: "agenda", type: "text", title: "What is the meeting about?", required: false, maxLength: 200 },
  ],
};

function textStep(text) {
  const deltas = [];
  for (let i = 0; i < text.length; i += 12) deltas.push({ type: "text-delta", id: "t", delta: text.slice(i, i + 12) });
  return [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id: "t" },
    ...deltas,
    { type: "text-end", id: "t" },
    { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
  ];
}

function toolStep(toolCallId, toolName, input) {
  const text = JSON.stringify(input);
  const deltas = [];
  for (let i = 0; i < text.length; i += 12)
    deltas.push({ type: "tool-input-delta", id: toolCallId, delta: text.slice(i, i + 12) });
  return [
    { type: "stream-start", warnings: [] },
    { type: "tool-input-start", id: toolCallId, toolName },
    ...deltas,
    { type: "tool-input-end", id: toolCallId },
    { type: "tool-call", toolCallId, toolName, input: text },
    { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage },
  ];
}

/** The text of a prompt message (a user's, a tool result's output as JSON). */
function said(message) {
  if (typeof message.content === "string") return message.content;
  return message.content
    .map((part) => (part.type === "text" ? part.text : part.type === "tool-result" ? JSON.stringify(part.output) : ""))
    .join("");
}

/** The reply to the Data tool's result: what was booked, as the person answered. */
function booked(output) {
  const result = output?.type === "json" ? output.value : undefined;
  if (result?.action !== "accept") return "No booking, then. Tell me if you change your mind.";
  const { room, people } = result.content;
  return `Booked: the ${room} room for ${people} people.`;
}

/** What the script says next, from the last message of the prompt. */
function nextStep(prompt, calls) {
  const last = prompt[prompt.length - 1];
  const text = last === undefined ? "" : said(last);
  if (last?.role === "tool") return textStep(booked(last.content[0]?.output));
  if (/^\s*\[form (answers|declined|cancelled)/.test(text))
    return textStep("Thank you, I have what I need and will draft the invitation now.");
  if (/room|book/i.test(text)) return toolStep(`call-${calls}`, "form_elicitation_v2_request", ROOM_REQUEST);
  return textStep(PARTY_REPLY);
}

/** A mock model streaming each step `delay` ms per piece. */
export function exampleModel({ delay = 30 } = {}) {
  let calls = 0;
  return new MockLanguageModelV4({
    doStream: async ({ prompt }) => ({
      stream: simulateReadableStream({
        chunks: nextStep(prompt, ++calls),
        chunkDelayInMs: delay,
        initialDelayInMs: delay,
      }),
    }),
  });
}
