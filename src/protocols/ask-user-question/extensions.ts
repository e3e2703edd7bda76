import type { Extensions } from "../../model/index.js";
import { PROTOCOL } from "./limits.js";

/**
 * What an AskUserQuestion form says that the model has no place for, kept in the model's
 * `extensions["ask-user-question"]` so that reading and writing the protocol is the identity.
 */

/** On the form: the input's `metadata` (analytics, never shown). */
export interface AskUserQuestionFormExtension {
  metadata?: Record<string, unknown>;
}

/** On a question. */
export interface AskUserQuestionFieldExtension {
  /** The chip shown above the question. */
  header?: string;
  /** Each option's `preview`, keyed by its label (the model's options have no place for it). */
  previews?: Record<string, string>;
  /** The question had no `multiSelect` (the runtime's default, `false`). */
  multiSelectOmitted?: true;
}

export function extensionOf<T>(holder: { extensions?: Extensions }): T {
  return (holder.extensions?.[PROTOCOL] ?? {}) as T;
}

/** `{ "ask-user-question": ext }`, or undefined when there is nothing to keep. */
export function extensionsFor(ext: object): Extensions | undefined {
  return Object.keys(ext).length > 0 ? { [PROTOCOL]: ext as Record<string, unknown> } : undefined;
}
