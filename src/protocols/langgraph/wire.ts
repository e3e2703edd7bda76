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
  resume: LangGraphResumes | Record<string, LangGraphResumes>;
}

/** What resumes one interrupt: its resume value, or the decisions answering a `humanInTheLoopMiddleware` request. */
export type LangGraphResumes = LangGraphResumeValue | HitlResponse;

/** The key of a stream chunk (or `invoke` result) holding the pending interrupts (LangGraph's `INTERRUPT`). */
export const INTERRUPT_KEY = "__interrupt__";
/** The members only the SDK's `Interrupt` has (kept, not read). */
export const SDK_INTERRUPT_KEYS = ["namespace", "when", "resumable", "ns"];
/** The members of a LangGraph `Interrupt` (the graph's and the SDK's). */
export const INTERRUPT_KEYS = ["id", "value", "response_schema", ...SDK_INTERRUPT_KEYS];
/** The keys of an interrupt's object `value` that carry its message, in the order they are looked for. */
export const MESSAGE_KEYS = ["message", "question", "description"] as const;

/** A tool call the agent wants to make (`langchain` 1.5.14 `ActionRequest`). */
export interface HitlActionRequest {
  name: string;
  args: Record<string, unknown>;
  description?: string;
}

/** What a person may decide about a tool call (`DecisionType`). */
export type HitlDecisionType = "approve" | "edit" | "reject";

/** How a tool call may be reviewed (`ReviewConfig`): `argsSchema` is the JSON Schema of its arguments. */
export interface HitlReviewConfig {
  actionName: string;
  allowedDecisions: HitlDecisionType[];
  argsSchema?: Record<string, unknown>;
}

/**
 * `humanInTheLoopMiddleware`'s interrupt value (`HITLRequest`): the tool calls to review, in
 * order, and how each may be reviewed. `test/langgraph/hitl.test.ts` checks it with the types.
 */
export interface HitlRequest {
  actionRequests: HitlActionRequest[];
  reviewConfigs: HitlReviewConfig[];
}

/** One decision of a `HITLResponse`, in action order. */
export type HitlDecision =
  | { type: "approve" }
  | { type: "edit"; editedAction: { name: string; args: Record<string, unknown> } }
  | { type: "reject"; message?: string };

/** The resume value answering a `HITLRequest` (`HITLResponse`). */
export interface HitlResponse {
  decisions: HitlDecision[];
}

/** A LangGraph interrupt raised by `humanInTheLoopMiddleware`: its value is the request, and it has no schema. */
export interface LangGraphHitlInterrupt {
  id: string;
  value: HitlRequest;
}
