import type { DataToolResult } from "../../../generated/data-tool-result.js";
import type { FormModel } from "../../model/index.js";

/** A request id as JSON-RPC has it, and as the host hands it to the app (`hostContext.toolInfo.id`). */
export type RequestId = string | number;

/** One Data tool call waiting for the app's answer. */
interface AppCall {
  form: FormModel;
  finish(result: DataToolResult): void;
}

/**
 * The Data tool calls of one 2025-era session shown as an app, by request id: the submit tool
 * finds its call here, so an answer reaches only the call it names, in its own session, once.
 */
export class AppForms {
  private readonly calls = new Map<string, AppCall>();

  /** Holds a call until `finish` or `drop`; false when a call with this id is already held. */
  hold(id: RequestId, call: AppCall): boolean {
    const key = keyOf(id);
    if (this.calls.has(key)) return false;
    this.calls.set(key, call);
    return true;
  }

  get(id: RequestId): AppCall | undefined {
    return this.calls.get(keyOf(id));
  }

  drop(id: RequestId): void {
    this.calls.delete(keyOf(id));
  }
}

/** 1 and "1" are different JSON-RPC ids. */
function keyOf(id: RequestId): string {
  return JSON.stringify(id);
}
