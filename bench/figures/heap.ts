import { setImmediate as turn } from "node:timers/promises";

/**
 * The heap in use after full collections, for the memory figures' children (run with
 * `--expose-gc`). It waits for a turn of the event loop first: V8 keeps every object a `WeakRef`
 * was made to (or read from) during a job alive until that job ends, and calls through an
 * in-memory transport can run as one job of microtasks, so a heap read inside it counts each
 * call's short-lived `AbortSignal`s as held (about 2 KB a call: the memory figure's apparent
 * growth of 2026-12-07).
 */
export async function heapAfterGc(): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error("run with --expose-gc");
  for (let i = 0; i < 3; i++) {
    await turn();
    gc();
  }
  return process.memoryUsage().heapUsed;
}
