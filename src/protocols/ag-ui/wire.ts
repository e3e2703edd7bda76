import type { WrittenSchema } from "../json-schema/index.js";

/**
 * An AG-UI `Interrupt` as formgate writes it (`@ag-ui/core` 1.0.0; `test/ag-ui/sdk.test.ts`
 * checks it with the SDK's `InterruptSchema`): a form is an interrupt whose `responseSchema`
 * describes the answer.
 */
export interface AgUiInterrupt {
  id: string;
  reason: string;
  message?: string;
  toolCallId?: string;
  responseSchema: WrittenSchema & { additionalProperties?: false };
  expiresAt?: string;
  subagentRunId?: string;
  metadata?: Record<string, unknown>;
}

/** An AG-UI `ResumeEntry` as formgate writes it: the answers, or that the interrupt was abandoned. */
export type AgUiResumeEntry =
  | { interruptId: string; status: "resolved"; payload: Record<string, string | number | boolean | string[]> }
  | { interruptId: string; status: "cancelled" };

/** The event type of the event that ends a run. */
export const RUN_FINISHED = "RUN_FINISHED";
/** The reason formgate writes: the run needs input from a person. */
export const INPUT_REQUIRED = "input_required";
