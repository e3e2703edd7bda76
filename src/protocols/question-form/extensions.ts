import type { Option, Question } from "../../../generated/question-form-body.js";

/**
 * What this protocol keeps in a field's `extensions["question-form"]`: a question's keys, as
 * written, where the model has no place for them, so that block → model → block is lossless: a
 * `placeholder` on a switch; `min`/`max`/`step` on a question without bounds (date, time, …);
 * `allowCustom` written although unset means the same (`true` on a choice, `false` on
 * direction-cards); custom-answer copy on a question without custom answers; `accept` when it is
 * not the normalized `a,b` list; the `options` written beside a direction-cards question's
 * `cards`; and a select option's `group` and `trailingLabel` (the skill's), by option value.
 */
export type FieldExtension = Pick<Question, KeptKey> & {
  options?: unknown[];
  optionDetails?: Record<string, Pick<Exclude<Option, string>, "group" | "trailingLabel">>;
};

type KeptKey = "placeholder" | "min" | "max" | "step" | "allowCustom" | "customLabel" | "customPlaceholder" | "accept";
