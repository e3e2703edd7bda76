import { setMaxListeners } from "node:events";
import type { DataToolError } from "../../generated/data-tool-result.js";
import { formatCount } from "../text/count.js";
import type { ServerLimits } from "./config.js";
import { SETTINGS } from "./settings.js";
import type { Log } from "./log.js";
import { toolError } from "./tool-result.js";

/** The bounds on pending forms, from the server's limits. */
export type PendingFormLimits = Pick<
  ServerLimits,
  "maxPendingForms" | "maxPendingFormsPerSession" | "maxPendingBytes" | "maxPendingBytesPerSession"
>;

/** What one session (an HTTP session, a stdio connection) holds. */
export interface SessionShare {
  forms: number;
  bytes: number;
}

/** A form admitted: release it when its call ends, whatever ended it. */
export interface PendingForm {
  /** Aborted when the call's own signal is, or when the server starts stopping. */
  signal: AbortSignal;
  release(): void;
}

/**
 * Every 2025-era form waiting for its answer, counted per session and in all, with the bytes
 * of the form requests they hold: a call past a bound gets a `transport_error` naming it
 * instead of a form, so no client can make the process hold more than the bounds say. Also
 * what a stop aborts: `stopping` fires on SIGTERM, and every pending call then ends with a
 * result the client receives.
 */
export class PendingForms {
  private forms = 0;
  private bytes = 0;
  private readonly logged = new Set<keyof PendingFormLimits>();
  private readonly stop = new AbortController();
  private emptied: (() => void)[] = [];
  private reason = STOPPING;
  /** Holds the event loop while a form is pending (see `admit`). */
  private alive: NodeJS.Timeout | undefined;

  constructor(
    private readonly limits: PendingFormLimits,
    private readonly log: Log,
  ) {
    // Each pending form listens to the stop, so as many listeners as forms may be pending are expected.
    setMaxListeners(limits.maxPendingForms, this.stop.signal);
  }

  /** Aborted once the server is stopping. */
  get stopping(): AbortSignal {
    return this.stop.signal;
  }

  get size(): number {
    return this.forms;
  }

  get heldBytes(): number {
    return this.bytes;
  }

  /** Admits a form of `bytes` for `session` and the call whose signal is `call`, or says which bound it would pass. */
  admit(session: SessionShare, bytes: number, call: AbortSignal): PendingForm | DataToolError {
    if (this.stopping.aborted) return toolError("transport_error", this.reason);
    // The session's own bounds first: a client past its share is told so, whatever the others hold.
    const over =
      session.forms + 1 > this.limits.maxPendingFormsPerSession
        ? "maxPendingFormsPerSession"
        : session.bytes + bytes > this.limits.maxPendingBytesPerSession
          ? "maxPendingBytesPerSession"
          : this.forms + 1 > this.limits.maxPendingForms
            ? "maxPendingForms"
            : this.bytes + bytes > this.limits.maxPendingBytes
              ? "maxPendingBytes"
              : undefined;
    if (over !== undefined) return this.refuse(over);
    session.forms++;
    session.bytes += bytes;
    this.forms++;
    this.bytes += bytes;
    // A pending call waits on its client, which in-process (an embedder's transport) holds no
    // handle of its own: without this the process could end with the form unanswered.
    this.alive ??= setInterval(() => {}, HOLD_MS);
    const { signal, unlink } = eitherAborts(call, this.stop.signal);
    let released = false;
    return {
      signal,
      release: () => {
        if (released) return;
        released = true;
        unlink();
        session.forms--;
        session.bytes -= bytes;
        this.forms--;
        this.bytes -= bytes;
        if (this.forms > 0) return;
        clearInterval(this.alive);
        this.alive = undefined;
        for (const resolve of this.emptied.splice(0)) resolve();
      },
    };
  }

  /**
   * Starts the stop: every pending call is aborted and ends as `transport_error` with `message`, and
   * no new form is admitted.
   */
  abortAll(message = STOPPING): void {
    this.reason = message;
    this.stop.abort();
  }

  /** Why the pending calls were stopped, as their result says it. */
  get stopMessage(): string {
    return this.reason;
  }

  /** Resolves once no form is pending. */
  whenEmpty(): Promise<void> {
    if (this.forms === 0) return Promise.resolve();
    return new Promise((resolve) => this.emptied.push(resolve));
  }

  private refuse(key: keyof PendingFormLimits): DataToolError {
    const setting = SETTINGS[key];
    const bound = `${formatCount(this.limits[key])} ${setting.unit}, ${setting.variable}`;
    if (!this.logged.has(key)) {
      this.logged.add(key);
      this.log(`limit reached: ${WHAT[key]} (${bound}); calls past it get transport_error`, "warn");
    }
    return toolError(
      "transport_error",
      `No form was shown: the server already holds ${WHAT[key]} (${bound}). Try again once a pending form is answered.`,
    );
  }
}

const WHAT: Record<keyof PendingFormLimits, string> = {
  maxPendingForms: "the most pending forms it allows in all",
  maxPendingFormsPerSession: "the most pending forms it allows in one session",
  maxPendingBytes: "the most bytes of pending forms it allows in all",
  maxPendingBytesPerSession: "the most bytes of pending forms it allows in one session",
};

/**
 * A signal aborted when `a` or `b` is, and `unlink` to call once it is no longer needed. Not
 * `AbortSignal.any([a, b])`: Node keeps every signal made from a long-lived one (here the server's
 * `stopping`) among that signal's dependants for as long as it lives, collections or not
 * (nodejs/node#55351, #64476), so every call would leave one behind (about 50 bytes, measured on
 * Node 20.20).
 */
function eitherAborts(a: AbortSignal, b: AbortSignal): { signal: AbortSignal; unlink(): void } {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const unlink = () => {
    a.removeEventListener("abort", abort);
    b.removeEventListener("abort", abort);
  };
  if (a.aborted || b.aborted) controller.abort();
  else {
    a.addEventListener("abort", abort, { once: true });
    b.addEventListener("abort", abort, { once: true });
  }
  return { signal: controller.signal, unlink };
}

/** The interval of the timer that holds the event loop: it does nothing, so rarely. */
const HOLD_MS = 60 * 60 * 1000;

const STOPPING =
  "The server is stopping; the form was closed before it was submitted, " +
  "and no answers were applied. Call the tool again.";

/** What a call gets when its connection closed, or its client closed its input (stdio) while it was pending. */
export const DISCONNECTED = "The connection to the host closed before the form was submitted; no answers were applied.";

/** Resolves when `promise` does, or after `ms`; the timer is cleared either way, so none outlives the stop. */
export function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms).unref();
  });
  return Promise.race([promise.then(() => undefined), cap]).finally(() => clearTimeout(timer));
}
