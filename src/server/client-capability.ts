import type { ClientCapabilities } from "@modelcontextprotocol/server";
import { NATIVE_EXTENSION } from "../protocols/native/index.js";

/**
 * True when the client said it shows native forms:
 * `capabilities.extensions["openai/elicitation"].form`, or the same entry under the
 * legacy `capabilities.experimental`, which hosts of protocol 2025-11-25 and earlier may
 * still use. The `form` entry must be an object (`{}` in the spec); anything else,
 * `true` included, is not an advertisement we can rely on.
 */
export function supportsNativeForms(capabilities: ClientCapabilities | undefined): boolean {
  return advertisesForms(capabilities?.extensions) || advertisesForms(capabilities?.experimental);
}

/**
 * True when the client said it shows standard MCP forms: `capabilities.elicitation.form`
 * as an object, or `elicitation: {}`, which the MCP specification (2025-11-25) reads as
 * form mode for clients written before modes existed.
 */
export function supportsStandardForms(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation: unknown = capabilities?.elicitation;
  if (!isPlainObject(elicitation)) return false;
  if (Object.keys(elicitation).length === 0) return true;
  return Object.hasOwn(elicitation, "form") && isPlainObject(elicitation.form);
}

function advertisesForms(location: unknown): boolean {
  if (!isPlainObject(location) || !Object.hasOwn(location, NATIVE_EXTENSION)) return false;
  const extension = location[NATIVE_EXTENSION];
  return isPlainObject(extension) && Object.hasOwn(extension, "form") && isPlainObject(extension.form);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
