import * as v from "valibot";
import { MAX_OPTIONS, MAX_QUESTIONS, MIN_OPTIONS, MIN_QUESTIONS } from "./limits.js";

/**
 * AskUserQuestion's shapes in valibot, as Claude Code's own schema for the tool states them
 * (the SDK's `sdk-tools.d.ts` is generated from it): the input's root is strict, its questions
 * and options are not (the runtime strips keys it does not know, so formgate reads them with
 * a warning, rules.ts). `multiSelect` may be absent (the runtime's default is `false`).
 * The cross-field rules (unique question texts and labels) are in rules.ts.
 */

export const OPTION = v.looseObject({
  label: v.string(),
  description: v.string(),
  preview: v.optional(v.string()),
});

export const QUESTION = v.looseObject({
  question: v.string(),
  header: v.string(),
  options: v.pipe(
    v.array(OPTION),
    v.minLength(
      MIN_OPTIONS,
      `must offer at least ${MIN_OPTIONS} options (AskUserQuestion asks ${MIN_OPTIONS} to ${MAX_OPTIONS})`,
    ),
    v.maxLength(
      MAX_OPTIONS,
      `must offer at most ${MAX_OPTIONS} options (AskUserQuestion asks ${MIN_OPTIONS} to ${MAX_OPTIONS})`,
    ),
  ),
  multiSelect: v.optional(v.boolean()),
});

const QUESTIONS = v.pipe(
  v.array(QUESTION),
  v.minLength(MIN_QUESTIONS, `must hold at least ${MIN_QUESTIONS} question`),
  v.maxLength(MAX_QUESTIONS, `must hold at most ${MAX_QUESTIONS} questions`),
);

const METADATA = v.looseObject({ source: v.optional(v.string()) });

/** What the person's answers may be: a string (labels joined with ", "), or a list of labels (the runtime joins it). */
const ANSWER = v.union([v.string(), v.array(v.string())]);

const ANNOTATION = v.looseObject({
  preview: v.optional(v.string()),
  notes: v.optional(v.string()),
  // Any other value than the three known ones is absent (the SDK's words): read as unknown, checked in answers.ts.
  unanswered: v.optional(v.unknown()),
});

/**
 * The tool input, the form (`AskUserQuestionInput`); `answers` and `annotations` appear once a host has filled it in.
 */
export const FORM = v.strictObject({
  questions: QUESTIONS,
  answers: v.optional(v.record(v.string(), ANSWER)),
  annotations: v.optional(v.record(v.string(), ANNOTATION)),
  metadata: v.optional(METADATA),
});

/** The questions with their answers: `updatedInput` of an allow, or the tool's output (`AskUserQuestionOutput`). */
export const ANSWERED = v.looseObject({
  questions: v.array(QUESTION),
  answers: v.optional(v.record(v.string(), ANSWER)),
  annotations: v.optional(v.record(v.string(), ANNOTATION)),
  response: v.optional(v.string()),
  afkTimeoutMs: v.optional(v.number()),
  metadata: v.optional(METADATA),
});

/** What `canUseTool` returns (`PermissionResult`): `allow` with the answers, or `deny`. */
export const RESULT = v.variant("behavior", [
  v.looseObject({ behavior: v.literal("allow"), updatedInput: v.optional(v.unknown()) }),
  v.looseObject({ behavior: v.literal("deny"), message: v.string(), interrupt: v.optional(v.boolean()) }),
]);

export type WireQuestion = v.InferOutput<typeof QUESTION>;
export type WireForm = v.InferOutput<typeof FORM>;
export type WireAnswered = v.InferOutput<typeof ANSWERED>;
