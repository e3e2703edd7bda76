import type { App } from "@modelcontextprotocol/ext-apps";
import type { FormModel, FormResponse, PartialForm, Result } from "../model/types.js";
import { success } from "../model/issue.js";
import { dataProtocol } from "../protocols/data/index.js";
import { questionFormProtocol, writeDismissal } from "../protocols/question-form/index.js";
import { ANSWER_BY_MESSAGE_META_KEY, SUBMIT_TOOL_NAME } from "./names.js";
import { renderForm, type FormView, type RenderOptions } from "../dom/index.js";

export interface FormAppOptions extends Pick<RenderOptions, "strings" | "lang" | "files"> {
  /**
   * The server tool the answer goes to, called with `{ requestId, response }` (the tool call's id
   * and the answer as a Data tool result); formgate's own by default. Where no call waits for it
   * (the host has no `serverTools`, the call has ended, or the tool or its result carries
   * `_meta["formgate/answerByMessage"]: true`), the answer is the person's message instead
   * (`[form answers — <form id>]`).
   */
  submitTool?: string;
}

/** What `mountFormApp` returns: the form shown now, if any, and a way to take it down. */
export interface FormApp {
  form(): FormModel | undefined;
  destroy(): void;
}

/** The words the app writes itself, outside the form. */
const NOTICES = {
  unreadable: "This form could not be shown.",
  sent: "Your answers were sent.",
  declined: "You declined this form.",
  cancelled: "You closed this form without answering.",
  failed: "Your answers could not be sent. Try again.",
  arriving: "The form is still arriving: answer it once it is whole.",
  withdrawn: "This form was withdrawn before it was answered.",
} as const;

/** How a page reads the tool input: the whole input as a form, and a streaming one as a preview. */
export interface FormReader {
  form(input: unknown): FormModel | undefined;
  /** What can be shown of an input still arriving; never answerable (`renderForm` keeps Submit off). */
  preview(input: unknown): PartialForm | undefined;
}

/**
 * `mountFormApp` with the form's reader given: formgate's own page reads only Data tool input,
 * so its document carries no other protocol's reader.
 */
export function mountWith(app: App, element: HTMLElement, reader: FormReader, options: FormAppOptions = {}): FormApp {
  const { submitTool = SUBMIT_TOOL_NAME, ...renderOptions } = options;
  let view: FormView | undefined;
  let form: FormModel | undefined;
  let finished = false;
  // The call's result came before the answer: no call waits for it, so it goes by message.
  let byMessage = false;
  const notice = element.ownerDocument.createElement("p");
  notice.setAttribute("role", "status");
  notice.className = "fg-app-notice";
  const holder = element.ownerDocument.createElement("div");
  element.append(holder, notice);

  const draw = (next: FormModel | PartialForm) => {
    if (view === undefined) view = renderForm(holder, next, { ...renderOptions, onResponse: answer });
    else view.update(next);
  };

  const showPreview = (input: unknown) => {
    if (finished || form !== undefined) return;
    const preview = reader.preview(input);
    if (preview !== undefined && (preview.title !== undefined || preview.fields.length > 0)) draw(preview);
  };

  const showForm = (input: unknown) => {
    if (finished) return;
    form = reader.form(input);
    if (form !== undefined) draw(form);
    else {
      view?.destroy();
      view = undefined;
      say(NOTICES.unreadable);
    }
  };

  const say = (text: string) => {
    notice.textContent = text;
  };

  const answer = async (response: FormResponse) => {
    if (finished) return;
    if (form === undefined) return say(NOTICES.arriving);
    const sent = await send(app, form, response, byMessage || toolSaysByMessage(app) ? undefined : submitTool);
    if (sent === true) {
      finished = true;
      view?.destroy();
      view = undefined;
      say(
        response.action === "accept"
          ? NOTICES.sent
          : response.action === "decline"
            ? NOTICES.declined
            : NOTICES.cancelled,
      );
    } else say(sent);
  };

  app.addEventListener("toolinputpartial", (params) => showPreview(params.arguments));
  app.addEventListener("toolinput", (params) => showForm(params.arguments));
  // The call ended before the person answered (it failed, timed out, or returned at once naming
  // the app): no call waits, so the answer goes as their message rather than being lost.
  app.addEventListener("toolresult", (result) => {
    if (result.isError === true || result._meta?.[ANSWER_BY_MESSAGE_META_KEY] === true) byMessage = true;
  });
  app.addEventListener("toolcancelled", () => {
    if (finished) return;
    finished = true;
    view?.destroy();
    view = undefined;
    say(NOTICES.withdrawn);
  });
  return {
    form: () => form,
    destroy: () => {
      view?.destroy();
      holder.remove();
      notice.remove();
    },
  };
}

/**
 * The tool as the host lists it says that no call waits for the app's answer (formgate's Data
 * tool on MCP 2026-07-28).
 */
function toolSaysByMessage(app: App): boolean {
  return app.getHostContext()?.toolInfo?.tool._meta?.[ANSWER_BY_MESSAGE_META_KEY] === true;
}

/**
 * Sends the answer to `tool`, or, without one (no call waits) or where the host cannot call tools,
 * as the person's message; true once the host took it, else the sentence to show the person.
 */
async function send(
  app: App,
  form: FormModel,
  response: FormResponse,
  tool: string | undefined,
): Promise<true | string> {
  const requestId = app.getHostContext()?.toolInfo?.id;
  try {
    if (tool !== undefined && app.getHostCapabilities()?.serverTools !== undefined && requestId !== undefined) {
      const result = dataProtocol.writeAnswers(response, form);
      if (!result.ok) return result.error.message;
      const reply = await app.callServerTool({ name: tool, arguments: { requestId, response: result.value } });
      return reply.isError === true ? refusal(reply) : true;
    }
    const text = answerMessage(response, form);
    if (!text.ok) return text.error.message;
    const reply = await app.sendMessage({ role: "user", content: [{ type: "text", text: text.value }] });
    return reply.isError === true ? NOTICES.failed : true;
  } catch {
    return NOTICES.failed;
  }
}

/** The answer as the person's message: formgate's `[form answers — <form id>]` text. */
export function answerMessage(response: FormResponse, form: FormModel): Result<string> {
  if (response.action !== "accept") return success(writeDismissal(response.action, form));
  return questionFormProtocol.writeAnswers(response, form);
}

/**
 * What the server said was wrong, as it said it (formgate's `error.message`, else the result's
 * first text: a server writes it for the person), else a general line.
 */
function refusal(reply: { structuredContent?: unknown; content?: unknown[] }): string {
  const error = (reply.structuredContent as { error?: { message?: unknown } } | undefined)?.error;
  if (typeof error?.message === "string") return error.message;
  const text = (reply.content ?? []).find(
    (block): block is { type: "text"; text: string } =>
      (block as { type?: unknown }).type === "text" && typeof (block as { text?: unknown }).text === "string",
  );
  return text?.text.trim() ? text.text : NOTICES.failed;
}
