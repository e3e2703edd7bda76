/* eslint-disable */
/**
 * Generated from schemas/ by `npm run gen` (json-schema-to-typescript).
 * Do not edit by hand: change the schema and regenerate.
 */

/**
 * The host's answer to a native form request. Only `accept` carries content; a skipped field has no key.
 */
export type NativeResult = NativeAcceptResult | NativeDeclineResult;

export interface NativeAcceptResult {
  action: "accept";
  content: {
    [k: string]: string | number | boolean | string[];
  };
}
export interface NativeDeclineResult {
  action: "decline" | "cancel";
}
