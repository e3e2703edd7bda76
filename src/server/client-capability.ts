import type { ClientCapabilities } from "@modelcontextprotocol/sdk/types.js";

/** The extension a host advertises when it can show native forms (`openai/elicitation/create`). */
export const NATIVE_FORMS_EXTENSION = "openai/elicitation";

/**
 * True when the client said at `initialize` that it shows native forms:
 * `capabilities.extensions["openai/elicitation"].form`, or the same entry under the
 * legacy `capabilities.experimental`, which hosts of protocol 2025-11-25 and earlier may
 * still use. The `form` entry must be an object (`{}` in the spec); anything else,
 * `true` included, is not an advertisement we can rely on.
 */
export function supportsNativeForms(capabilities: ClientCapabilities | undefined): boolean {
  return advertisesForms(capabilities?.extensions) || advertisesForms(capabilities?.experimental);
}

function advertisesForms(location: Record<string, object> | undefined): boolean {
  if (!isPlainObject(location) || !Object.hasOwn(location, NATIVE_FORMS_EXTENSION)) return false;
  const extension = location[NATIVE_FORMS_EXTENSION];
  return isPlainObject(extension) && Object.hasOwn(extension, "form") && isPlainObject(extension.form);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
