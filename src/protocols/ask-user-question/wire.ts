/**
 * The wire shapes of Claude's built-in tool AskUserQuestion, as `@anthropic-ai/claude-agent-sdk`
 * 0.3.328 declares them (`sdk-tools.d.ts`: `AskUserQuestionInput`, `AskUserQuestionOutput`;
 * `sdk.d.ts`: `PermissionResult`). formgate does not depend on the SDK at run time: these are
 * written here and checked against the SDK's own types by test/ask-user-question/sdk-types.test.ts
 * (type aliases, not interfaces, so that they are the SDK's `Record<string, unknown>` inputs).
 */

/** One offered option: the label is what the answer carries. */
export type AskUserQuestionOption = {
  label: string;
  description: string;
  /** Content shown while the option is focused (a mockup, a code snippet). */
  preview?: string;
};

/** One question: its text keys the answer. */
export type AskUserQuestionItem = {
  question: string;
  /** A short chip (documented as at most 12 characters). */
  header: string;
  options: AskUserQuestionOption[];
  /** The runtime's default is `false`, although the SDK's type marks it required. */
  multiSelect: boolean;
};

/** Per-question annotations of an answer, keyed by question text. */
export type AskUserQuestionAnnotation = {
  preview?: string;
  notes?: string;
  unanswered?: "skipped" | "replied_in_chat" | "dismissed";
};

/** The tool input: what the agent asks (the form). */
export type AskUserQuestionForm = {
  questions: AskUserQuestionItem[];
  metadata?: { source?: string };
};

/** The input a host passes back as `updatedInput`: the questions shown, with the answers keyed by question text. */
export type AskUserQuestionAnswered = {
  questions: AskUserQuestionItem[];
  answers: Record<string, string>;
  annotations?: Record<string, AskUserQuestionAnnotation>;
  metadata?: { source?: string };
};

/** What a host returns from `canUseTool` for the tool (the SDK's `PermissionResult`): the answers, or a refusal. */
export type AskUserQuestionResult =
  | { behavior: "allow"; updatedInput: AskUserQuestionAnswered }
  | { behavior: "deny"; message: string; interrupt?: boolean };
