/**
 * A text-only chat host that shows forms: it plays a recorded model stream (stream.json, text
 * deltas) of an assistant message. The prose appears as it streams; the `<question-form>` block
 * appears as a form while it arrives (partial views from the streaming reader), then as the
 * final form; the person answers, and the answer message goes back as the next user message.
 * The side panel shows the same form as a native and as a standard MCP request.
 */
import {
  type FormModel,
  type FormResponse,
  createMessageReader,
  questionFormProtocol,
  replyToModel,
  translate,
} from "formgate";
import { type FormView, renderForm } from "formgate/dom";

const transcript = document.getElementById("transcript") as HTMLElement;
const requests = document.getElementById("requests") as HTMLElement;
/** Milliseconds between deltas (`?delay=0` plays at once). */
const delay = Number(new URLSearchParams(location.search).get("delay") ?? 40);

function bubble(role: "user" | "assistant", text = ""): HTMLElement {
  const element = document.createElement("article");
  element.className = `message ${role}`;
  element.setAttribute("aria-label", role === "user" ? "You" : "Assistant");
  const body = document.createElement("div");
  body.className = "text";
  body.textContent = text;
  element.append(body);
  transcript.append(element);
  return element;
}

/**
 * What the host sends the model for what the person did: the `[form answers — id]` message, or
 * for a decline or a cancel the bridge's notice (a declined response is also a native result).
 */
function replyFor(response: FormResponse, form: FormModel): string {
  const reply =
    response.action === "accept" ? questionFormProtocol.writeAnswers(response, form) : replyToModel(response, form);
  if (!reply.ok) return reply.error.message;
  return typeof reply.value === "string" ? reply.value : reply.value.message;
}

function showRequests(block: string): void {
  for (const [to, title] of [
    ["native", "Native request (openai/elicitation/create)"],
    ["mcp", "Standard MCP request (elicitation/create)"],
  ] as const) {
    const written = translate(block, { to });
    const section = document.createElement("section");
    section.setAttribute("aria-label", title);
    const heading = document.createElement("h2");
    heading.textContent = title;
    const code = document.createElement("pre");
    code.tabIndex = 0;
    code.textContent = written.ok
      ? JSON.stringify(written.value, null, 2)
      : `${written.error.code}: ${written.error.message}`;
    section.append(heading, code);
    requests.append(section);
  }
}

async function play(): Promise<void> {
  const { deltas } = (await (await fetch("stream.json")).json()) as { deltas: string[] };
  bubble("user", "Help me plan the launch of my tea shop.");
  const assistant = bubble("assistant");
  const reader = createMessageReader({ partial: true });
  let prose = assistant.querySelector(".text") as HTMLElement;
  let view: FormView | undefined;
  let form: FormModel | undefined;
  const show = (events: ReturnType<typeof reader.push>) => {
    for (const event of events) {
      if (event.kind === "prose") {
        // Prose after a form goes below it.
        if (view !== undefined && prose.nextElementSibling !== null) {
          prose = document.createElement("div");
          prose.className = "text";
          assistant.append(prose);
        }
        prose.textContent += event.text;
      } else if (event.kind === "partial" || event.kind === "form") {
        const next = event.kind === "form" ? event.segment.form : event;
        if (event.kind === "form") {
          form = event.segment.form;
          showRequests(event.segment.source);
        }
        if (view !== undefined) view.update(next);
        else {
          const holder = document.createElement("div");
          holder.className = "form";
          assistant.append(holder);
          view = renderForm(holder, next, {
            onResponse: (response) => {
              if (form === undefined) return;
              bubble("user", replyFor(response, form)).classList.add("answers");
              // Sent: the form stays in the transcript, answered (read-only, its buttons gone).
              view?.settle(response);
            },
          });
        }
      }
    }
  };
  for (const delta of deltas) {
    show(reader.push(delta));
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  }
  show(reader.end());
  transcript.setAttribute("aria-busy", "false");
}

void play();
