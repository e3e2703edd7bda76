/** Where readers and writers say what they find: one `Report`, one wording rule, one valibot converter. */
export { BareReport, Report, type Place } from "./report.js";
export type { Layout } from "./valibot.js";
export { type About, inWords, aboutFirst, sentence } from "./words.js";
