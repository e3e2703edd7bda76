import { type Protocol, protocols } from "../protocols/index.js";

const TEXT_PROTOCOLS = (Object.values(protocols) as Protocol[]).filter((protocol) => protocol.textInput);

/**
 * Whether text that did not parse as JSON is chat text rather than broken JSON: a text
 * protocol claims it, or it does not begin as JSON does (`{` or `[`, after a byte order mark
 * and white space). The CLI and the playground read their input by this one rule.
 */
export function isChatText(text: string): boolean {
  if (TEXT_PROTOCOLS.some((protocol) => protocol.detect(text) > 0)) return true;
  return TEXT_PROTOCOLS.length > 0 && !/^\ufeff?\s*[[{]/.test(text);
}
