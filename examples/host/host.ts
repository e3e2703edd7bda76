/**
 * An example chat host built on formgate's bridge, run on a scripted chat (script.json):
 *
 * 1. a model that speaks the <question-form> text protocol, in a host that shows native forms:
 *    the assistant message is streamed through the bridge, each form is shown as a native
 *    request, and the person's native result goes back to the model as the next user message;
 * 2. a Data tool server in a chat that only has text: its form is posted as a block, and the
 *    person's answer message goes back to the server as the tool result.
 *
 * Run it with `npx tsx examples/host/host.ts` (in a checkout; the package has it in
 * node_modules/formgate/examples/host/): it imports "formgate" as your project would.
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import {
  type Issue,
  bridgeAnswersFromText,
  bridgeFormToText,
  createAssistantMessageBridge,
  formatPath,
  replyToModel,
} from "formgate";

interface Script {
  textModel: { assistant: string; person: Record<string, unknown> }[];
  textChat: { server: unknown; formId: string; person: string; uploads: string }[];
}

/** Runs the scripted chat and returns what the host showed and sent, one line per event. */
export function runHost(script: Script, chunkSize = 24): string[] {
  const log: string[] = [];
  for (const turn of script.textModel) {
    // The model streams its message; the host shows prose at once and a form when it is complete.
    const bridge = createAssistantMessageBridge();
    const events = [];
    for (let at = 0; at < turn.assistant.length; at += chunkSize)
      events.push(...bridge.push(turn.assistant.slice(at, at + chunkSize)));
    events.push(...bridge.end());
    let prose = "";
    for (const event of events) {
      if (event.kind === "prose") prose += event.text;
      if (event.kind !== "form" && event.kind !== "error") continue;
      if (prose.trim() !== "") log.push(`show prose: ${JSON.stringify(prose.trim())}`);
      prose = "";
      if (event.kind === "error") {
        log.push(`show broken form ${event.id ?? "(no id)"}: ${event.issues.map((issue) => issue.message).join("; ")}`);
        continue;
      }
      const fields = Object.keys(event.request.requestedSchema.properties).join(", ");
      log.push(`show native form "${event.id}" (${event.request.message}): ${fields}`);
      log.push(...event.warnings.map(describe));
      const result = turn.person[event.id];
      log.push(`person: ${JSON.stringify(result)}`);
      const reply = replyToModel(result, event.form);
      log.push(
        reply.ok ? `send to model (${reply.value.kind}):\n${reply.value.message}` : `cannot send: ${reply.error.code}`,
      );
    }
    if (prose.trim() !== "") log.push(`show prose: ${JSON.stringify(prose.trim())}`);
  }
  for (const turn of script.textChat) {
    const posted = bridgeFormToText(turn.server, { formId: turn.formId });
    if (!posted.ok) {
      log.push(`cannot post the server's form: ${posted.error.code}`);
      continue;
    }
    log.push(`post in chat:\n${posted.value.block}`);
    log.push(...posted.value.warnings.map(describe));
    log.push(`person:\n${turn.person}`);
    // The chat stored the person's uploads in one folder; the host knows it, the message does not.
    const locateFile = (name: string) => pathToFileURL(join(turn.uploads, name)).href;
    const result = bridgeAnswersFromText(turn.person, posted.value, { locateFile });
    log.push(result.ok ? `return to server: ${JSON.stringify(result.value)}` : `cannot return: ${result.error.code}`);
  }
  return log;
}

function describe(warning: Issue): string {
  return `  warning ${warning.code} at ${formatPath(warning.path)}: ${warning.message}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const script = JSON.parse(readFileSync(new URL("./script.json", import.meta.url), "utf8")) as Script;
  console.log(runHost(script).join("\n"));
}
