import type { WrittenSchema } from "../json-schema/index.js";

/** An answer in a resume value: what a `response_schema` property takes. */
export type LangGraphAnswer = string | number | boolean | string[];

/** The resume value of one interrupt: the object its `response_schema` describes. */
export type LangGraphResumeValue = Record<string, LangGraphAnswer>;

/**
 * A LangGraph `Interrupt` as formgate writes it (`@langchain/langgraph` 1.7.3, `Interrupt` of
 * `constants.d.ts`; `@langchain/langgraph-sdk` 1.15.0, `Interrupt` of `schema.d.ts`;
 * `test/langgraph/sdk-types.test.ts` checks both ways): `value` carries the message, and
 * `response_schema` describes the resume value, as `interrupt(value, { responseSchema })` puts it.
 */
export interface LangGraphInterrupt {
  id: string;
  value: string | ({ message: string } & Record<string, unknown>);
  response_schema: WrittenSchema;
}

/**
 * `Command` params resuming a run (`new Command({ resume })`): one interrupt's resume value, or,
 * with several pending, a resume map keyed by interrupt id.
 */
export interface LangGraphCommandParams {
  resume: LangGraphResumeValue | Record<string, LangGraphResumeValue>;
}

/** The key of a stream chunk (or `invoke` result) holding the pending interrupts (LangGraph's `INTERRUPT`). */
export const INTERRUPT_KEY = "__interrupt__";
/** The members only the SDK's `Interrupt` has (kept, not read). */
export const SDK_INTERRUPT_KEYS = ["namespace", "when", "resumable", "ns"];
/** The members of a LangGraph `Interrupt` (the graph's and the SDK's). */
export const INTERRUPT_KEYS = ["id", "value", "response_schema", ...SDK_INTERRUPT_KEYS];
/** The keys of an interrupt's object `value` that carry its message, in the order they are looked for. */
export const MESSAGE_KEYS = ["message", "question", "description"] as const;
