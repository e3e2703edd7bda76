import type { FormModel } from "../../model/index.js";
import { type SchemaFormExtension, extensionOf } from "../json-schema/index.js";
import type { HitlRequest, MESSAGE_KEYS } from "./wire.js";

/**
 * Wire details of a LangGraph interrupt that the model has no place for, kept in the model's
 * `extensions.langgraph` so that langgraph → model → langgraph is the identity (docs/langgraph.md).
 * The interrupt's `id` is the form's `id`, the message its `value` carries the form's title.
 */
export interface LangGraphFormExtension extends SchemaFormExtension {
  /** The interrupt's `value` was the message itself, a string. */
  stringValue?: true;
  /** The key of the object `value` that held the message, when not `message`. */
  messageKey?: (typeof MESSAGE_KEYS)[number];
  /** The other keys of an object `value`, written back beside the message. */
  value?: Record<string, unknown>;
  /** The SDK's other members of the interrupt (`namespace`, `when`, `resumable`, `ns`). */
  interrupt?: Record<string, unknown>;
  /** The `humanInTheLoopMiddleware` request the form was read from: written back as it is, answered by decisions. */
  hitl?: HitlRequest;
}

export function formExtension(form: FormModel): LangGraphFormExtension {
  return extensionOf<LangGraphFormExtension>(form, "langgraph");
}
