import type { App } from "@modelcontextprotocol/ext-apps";
import type { FormModel, FormResponse, Result } from "../model/types.js";
import { success } from "../model/issue.js";
import { dataProtocol } from "../protocols/data/index.js";
import { questionFormProtocol, writeDismissal } from "../protocols/question-form/index.js";
import { ANSWER_BY_MESSAGE_META_KEY, SUBMIT_TOOL_NAME } from "./names.js";
import { renderForm, type FormView, type RenderOptions } from "../dom/index.js";

export interface FormAppOptions extends Pick<RenderOptions, "strings" | "lang" | "files"> {
  /**
   * The server tool the answer goes to, called with `{ requestId, response }` (the tool call's id
   * and the answer as a Data tool result); formgate's own by default. A host without `serverTools`
   * gets the answer as the person's message instead (`[form answers — <form id>]`).
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
} as const;

/**
 * `mountFormApp` with the form's reader given: formgate's own page reads only Data tool input,
 * so its document carries no other protocol's reader.
 */
export function mountWith(
  app: App,
  element: HTMLElement,
  read: (input: unknown) => FormModel | undefined,
  options: FormAppOptions = {},
): FormApp {
  const { submitTool = SUBMIT_TOOL_NAME, ...renderOptions } = options;
  let view: FormView | undefined;
  let form: FormModel | undefined;
  let finished = false;
  // A tool result naming the app while no call waits for it (MCP 2026-07-28): answer by message.
  let byMessage = false;
  const notice = element.ownerDocument.createElement("p");
  notice.setAttribute("role", "status");
  notice.className = "fg-app-notice";
  const holder = element.ownerDocument.createElement("div");
  element.append(holder, notice);

  const show = (input: unknown, final: boolean) => {
    if (finished) return;
    const next = read(input);
    if (next === undefined) {
      if (final) say(NOTICES.unreadable);
      return;
    }
    form = next;
    if (view === undefined) view = renderForm(holder, form, { ...renderOptions, onResponse: answer });
    else view.update(form);
  };

  const say = (text: string) => {
    notice.textContent = text;
  };

  const answer = async (response: FormResponse) => {
    if (form === undefined || finished) return;
    const sent = await send(app, form, response, byMessage ? undefined : submitTool);
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

  app.addEventListener("toolinputpartial", (params) => show(params.arguments, false));
  app.addEventListener("toolinput", (params) => show(params.arguments, true));
  app.addEventListener("toolresult", (result) => {
    if (result._meta?.[ANSWER_BY_MESSAGE_META_KEY] === true) byMessage = true;
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
      return reply.isError === true ? refusal(reply.structuredContent) : true;
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

/** What the server said was wrong, as it said it (its messages are written for people), else a general line. */
function refusal(content: unknown): string {
  const error = (content as { error?: { message?: unknown; issues?: { message?: unknown }[] } } | undefined)?.error;
  if (typeof error?.message !== "string") return NOTICES.failed;
  return error.message;
}
