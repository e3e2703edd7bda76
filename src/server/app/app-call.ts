import type { DataToolResult } from "../../../generated/data-tool-result.js";
import { dataProtocol } from "../../protocols/data/index.js";
import { CANCELLED, timedOut, type ToolCallChannel, type ToolSettings } from "../adapter.js";
import { DISCONNECTED } from "../pending-forms.js";
import { failureResult, toolError } from "../tool-result.js";
import type { AppForms, RequestId } from "./app-forms.js";

/** What a Data tool call shown as an app needs of its channel: no request goes to the client. */
export type AppCallChannel = Pick<ToolCallChannel, "signal" | "isConnected" | "session" | "keepAlive"> & {
  /** The tool call's JSON-RPC id, which the host gives the app as `hostContext.toolInfo.id`. */
  requestId: RequestId;
};

/**
 * Runs one Data tool call for a 2025-era client that shows MCP Apps and no form elicitation: the
 * host shows `ui://formgate/form` with the call's arguments, and the call waits, within the same
 * bounds as an elicitation (pending-form limits, timeout, cancellation, stop), for the app to
 * answer through `form_elicitation_v2_submit`. Never throws.
 */
export async function runAppFormTool(
  args: unknown,
  channel: AppCallChannel,
  settings: ToolSettings,
  forms: AppForms,
): Promise<DataToolResult> {
  const form = dataProtocol.readForm(args);
  if (!form.ok) return failureResult("invalid_arguments", form.error);
  const admitted = settings.pending.admit(channel.session.share, JSON.stringify(args).length, channel.signal);
  if ("error" in admitted) return admitted;
  const keepAlive =
    channel.keepAlive !== undefined && settings.keepAliveMs > 0
      ? setInterval(channel.keepAlive, settings.keepAliveMs)
      : undefined;
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    return await new Promise<DataToolResult>((resolve) => {
      if (!forms.hold(channel.requestId, { form: form.value, finish: resolve })) {
        resolve(toolError("transport_error", "Another pending form call already has this request id."));
        return;
      }
      timer = setTimeout(() => resolve(timedOut(settings.timeoutMs)), settings.timeoutMs);
      onAbort = () => resolve(abortedResult(channel, settings));
      if (admitted.signal.aborted) onAbort();
      else admitted.signal.addEventListener("abort", onAbort, { once: true });
    });
  } finally {
    forms.drop(channel.requestId);
    clearTimeout(timer);
    clearInterval(keepAlive);
    if (onAbort !== undefined) admitted.signal.removeEventListener("abort", onAbort);
    admitted.release();
  }
}

function abortedResult(channel: AppCallChannel, settings: ToolSettings): DataToolResult {
  if (settings.pending.stopping.aborted && !channel.signal.aborted)
    return toolError("transport_error", settings.pending.stopMessage);
  if (!channel.isConnected()) return toolError("transport_error", DISCONNECTED);
  return toolError("request_cancelled", CANCELLED);
}
